import { z } from 'zod';
import { cleanText, isWellFormed, type TextShape } from '../clean-text.js';
import { messages } from '../messages.js';

/** A request's wrapper object (`questionData`, `userData`, …): missing counts as empty, so each field reports its own error. */
export function wrapper<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => value ?? {}, schema);
}

/**
 * Whether text shows anything: not only spaces and characters that draw nothing (zero-width
 * spaces and joiners, fillers such as U+3164, the blank Braille pattern), which `trim` keeps.
 */
export const showsSomething = (value: string) =>
  /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]/u.test(value);

/** A string cleaned (`cleanText`) and trimmed before it is checked. */
const cleanString = (shape: TextShape, notTextMessage: (input: unknown) => string) =>
  z
    .string({ error: (issue) => notTextMessage(issue.input) })
    .overwrite((value) => cleanText(value, shape))
    .trim();

/**
 * A required piece of user text, cleaned and trimmed: missing, blank or invisible gives
 * `requiredMessage`. Each check stops the field's later ones (`abort`), here and below, so a
 * field reports one problem: a blank username is required, not also malformed.
 */
export function requiredText(requiredMessage: string, max: number, shape: TextShape) {
  return cleanString(shape, (input) => (input == null ? requiredMessage : 'Must be text.'))
    .refine(showsSomething, { message: requiredMessage, abort: true })
    .max(max, { message: messages.tooLong(max), abort: true })
    .refine(isWellFormed, { message: messages.badText, abort: true });
}

/**
 * What the server would answer for `value` as required text of at most `max` characters (the
 * same schema), or undefined when it would take it: forms check before sending, and count
 * characters as the server does, not in the UTF-16 units a browser's `maxlength` counts.
 */
export function requiredTextProblem(
  value: string,
  max: number,
  shape: TextShape,
  requiredMessage: string = messages.required,
) {
  const result = requiredText(requiredMessage, max, shape).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Optional user text: undefined when omitted, so an edit can keep the stored value. */
export function optionalText(max: number, shape: TextShape) {
  return cleanString(shape, () => 'Must be text.')
    .max(max, { message: messages.tooLong(max), abort: true })
    .refine(isWellFormed, { message: messages.badText, abort: true })
    .nullish()
    .transform((value) => value ?? undefined);
}

/**
 * A client-made idempotency key (a comment's or an answer's `_id`): sending the same one twice
 * stores the thing once. `subject` names it in the messages for a key that is not text or is empty.
 */
export function clientKey(subject: string) {
  return z
    .string({ error: `The ${subject} _id must be text.` })
    .trim()
    .min(1, { message: `The ${subject} _id must not be empty.`, abort: true })
    .max(100, { message: messages.tooLong(100), abort: true })
    .refine(isWellFormed, { message: messages.badText, abort: true })
    .nullish();
}

/** A password is taken exactly as typed: no trimming, any Unicode. */
export function password(requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : 'Must be text.') })
    .min(1, { message: requiredMessage, abort: true })
    .refine(isWellFormed, { message: messages.badText, abort: true });
}
