import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { requiredTextProblem } from './text.js';

describe('requiredTextProblem', () => {
  it('counts characters as the server does: an emoji is one, spaces around the text none', () => {
    expect(requiredTextProblem('🍞'.repeat(5), 5)).toBeUndefined();
    expect(requiredTextProblem(`  ${'🍞'.repeat(5)}  `, 5)).toBeUndefined();
    expect(requiredTextProblem('🍞'.repeat(6), 5)).toBe(messages.tooLong(5));
    expect(requiredTextProblem('abcdef', 5)).toBe(messages.tooLong(5));
  });

  it('gives the required message for blank or invisible text, the caller’s when given', () => {
    expect(requiredTextProblem('  \u200b ', 5)).toBe(messages.required);
    expect(requiredTextProblem('', 5, messages.requiredField)).toBe(messages.requiredField);
  });
});
