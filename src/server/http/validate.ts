import type { z } from 'zod';
import { messages } from '../../shared/messages.js';
import { describeIssues } from '../../shared/validation.js';
import { AppError } from '../errors.js';

/**
 * Words for the rules the shared schemas leave to zod's defaults (English that reads like a type
 * error): a body or wrapper that is not an object, a bare length limit, a value that fits no
 * allowed form.
 */
const plainMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'object') return messages.expectedObject;
  if (issue.code === 'too_big' && issue.origin === 'string') return messages.tooLong(Number(issue.maximum));
  if (issue.code === 'too_small' && issue.origin === 'string') return messages.notEmpty;
  return undefined;
};

/** Parses outside input with a shared schema; failure is a 400 naming each field's problem. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, { error: plainMessages });
  if (result.success) return result.data;
  const { errors, fields } = describeIssues(result.error);
  const [first = 'Invalid request.', ...rest] = errors;
  throw new AppError(400, 'validation_failed', first, { fields, extraMessages: rest });
}
