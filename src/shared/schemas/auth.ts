import { z } from 'zod';
import { BIO_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '../constants.js';
import { messages } from '../messages.js';
import { optionalText, password, requiredText } from './text.js';

/**
 * A password's length in characters as every other limit counts them (code points: an emoji is
 * one, not two), and in its composed form, the form it is checked in (`café` typed with a
 * separate accent is four).
 */
const characters = (value: string) => [...value.normalize('NFC')].length;

export const newPassword = (requiredMessage: string) =>
  password(requiredMessage).refine(
    (value) => characters(value) >= PASSWORD_MIN && characters(value) <= PASSWORD_MAX,
    messages.passwordLength,
  );

export const signupBody = z.object({
  username: requiredText(messages.requiredField, 30, 'line').regex(USERNAME_PATTERN, messages.usernameFormat),
  password: newPassword(messages.requiredField),
  firstName: requiredText(messages.requiredField, NAME_MAX, 'line'),
  lastName: requiredText(messages.requiredField, NAME_MAX, 'line'),
  bio: optionalText(BIO_MAX, 'lines'),
});
export type SignupBody = z.infer<typeof signupBody>;

/** A password to check against the stored one: any text up to the longest a password can be. */
export const checkedPassword = (requiredMessage: string) =>
  password(requiredMessage).refine((v) => characters(v) <= PASSWORD_MAX, messages.passwordLength);

export const loginBody = z.object({
  username: requiredText(messages.requiredField, 100, 'line'),
  password: checkedPassword(messages.requiredField),
});
export type LoginBody = z.infer<typeof loginBody>;
