import { z } from 'zod';
import { BIO_MAX, NAME_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { newPassword } from './auth.js';
import { optionalText, password, requiredText, wrapper } from './text.js';

/**
 * Only these fields can change through Edit Profile; anything else sent (username, ids,
 * followers, dates, a hash) is dropped by the parse and never stored.
 * `password` is a new password; blank keeps the current one.
 */
export const userDataSchema = z.object({
  firstName: requiredText(messages.requiredField, NAME_MAX),
  lastName: requiredText(messages.requiredField, NAME_MAX),
  bio: optionalText(BIO_MAX),
  password: z
    .union([z.literal(''), newPassword(messages.requiredField)])
    .nullish()
    .transform((value) => value || undefined),
  currentPassword: z
    .union([z.literal(''), password(messages.currentPasswordRequired)])
    .nullish()
    .transform((value) => value || undefined),
});
export type UserData = z.infer<typeof userDataSchema>;

export const editUserBody = z.object({ userData: wrapper(userDataSchema) });
