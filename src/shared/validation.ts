import type { z } from 'zod';

export interface ValidationFailure {
  /** Distinct messages, in field order. */
  errors: string[];
  /** The first message for each field, keyed by the field's name. */
  fields: Record<string, string>;
}

export function describeIssues(error: z.ZodError): ValidationFailure {
  const fields: Record<string, string> = {};
  const errors: string[] = [];
  for (const issue of error.issues) {
    const key = [...issue.path].reverse().find((p) => typeof p === 'string') ?? '';
    if (key && !(key in fields)) fields[key] = issue.message;
    if (!errors.includes(issue.message)) errors.push(issue.message);
  }
  return { errors, fields };
}
