import { z } from 'zod';
import { BIO_MAX, NAME_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { checkedPassword, newPassword } from './auth.js';
import { optionalText, requiredText, wrapper } from './text.js';

/** A password that may be left blank, empty or null: absent then, and otherwise text checked by `schema`. */
const blankAsAbsent = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * Only these fields can change through Edit Profile; anything else sent (username, ids,
 * followers, dates, a hash) is dropped by the parse and never stored.
 * `password` is a new password; blank keeps the current one.
 */
export const userDataSchema = z.object({
  firstName: requiredText(messages.requiredField, NAME_MAX, 'line'),
  lastName: requiredText(messages.requiredField, NAME_MAX, 'line'),
  bio: optionalText(BIO_MAX, 'lines'),
  password: blankAsAbsent(newPassword(messages.requiredField)),
  currentPassword: blankAsAbsent(checkedPassword(messages.currentPasswordRequired)),
});
export type UserData = z.infer<typeof userDataSchema>;

/** Without a new password the current one is not used, so it is dropped unchecked, as unknown fields are. */
const withoutUnusedCurrentPassword = (value: unknown) => {
  if (typeof value !== 'object' || value === null || !('currentPassword' in value)) return value;
  const { password } = value as { password?: unknown };
  if (password !== undefined && password !== null && password !== '') return value;
  const rest: Record<string, unknown> = { ...value };
  delete rest.currentPassword;
  return rest;
};

export const editUserBody = z.object({
  userData: wrapper(z.preprocess(withoutUnusedCurrentPassword, userDataSchema)),
});
