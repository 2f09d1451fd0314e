import type { z } from 'zod';
import { describeIssues } from '../../shared/validation.js';
import { AppError } from '../errors.js';

/** Parses outside input with a shared schema; failure is a 400 naming each field's problem. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { errors, fields } = describeIssues(result.error);
  const [first = 'Invalid request.', ...rest] = errors;
  throw new AppError(400, 'validation_failed', first, { fields, extraMessages: rest });
}
