import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { tagKey } from '../folded-text.js';
import { cleanText } from '../clean-text.js';
import { requiredText, requiredTextProblem } from './text.js';

describe('requiredTextProblem', () => {
  it('counts characters as the server does: an emoji is one, spaces around the text none', () => {
    expect(requiredTextProblem('🍞'.repeat(5), 5, 'line')).toBeUndefined();
    expect(requiredTextProblem(`  ${'🍞'.repeat(5)}  `, 5, 'line')).toBeUndefined();
    expect(requiredTextProblem('🍞'.repeat(6), 5, 'line')).toBe(messages.tooLong(5));
    expect(requiredTextProblem('abcdef', 5, 'lines')).toBe(messages.tooLong(5));
  });

  it('gives the required message for blank or invisible text, the caller’s when given', () => {
    expect(requiredTextProblem('  \u200b ', 5, 'line')).toBe(messages.required);
    expect(requiredTextProblem('', 5, 'lines', messages.requiredField)).toBe(messages.requiredField);
  });

  it('counts text once cleaned: stray controls count for nothing, a CR LF is one character', () => {
    expect(requiredTextProblem('\u0007\u001b\u0085\u009b', 5, 'lines')).toBe(messages.required);
    expect(requiredTextProblem('ab\u0008\u007f\u0090cd', 4, 'line')).toBeUndefined();
    expect(requiredTextProblem('ab\r\ncd', 5, 'lines')).toBeUndefined();
  });

  it('still refuses NUL rather than dropping it', () => {
    expect(requiredTextProblem('a\u0000b', 5, 'lines')).toBe(messages.badText);
  });
});

describe('cleanText', () => {
  it('writes every line break as LF in text of lines, and keeps tabs', () => {
    expect(cleanText('a\r\nb\rc\vd\fe\u0085f\u2028g\u2029h\ti', 'lines')).toBe('a\nb\nc\nd\ne\nf\ng\nh\ti');
  });

  it('makes tabs and line breaks spaces in a single line', () => {
    expect(cleanText('Rye\r\nstarter\tfeeding\u2028schedule', 'line')).toBe('Rye starter feeding schedule');
  });

  it('drops C0 and C1 controls and DEL, but not NUL, nor format characters text needs', () => {
    const controls = [...Array.from({ length: 8 }, (_, i) => 1 + i), 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x9b, 0x9f].map(
      (code) => String.fromCodePoint(code),
    );
    expect(cleanText(`a${controls.join('')}b`, 'lines')).toBe('ab');
    expect(cleanText('a\u0000b', 'line')).toBe('a\u0000b');
    // Joiners and direction marks shape emoji and right-to-left text.
    expect(cleanText('👩\u200d🍳 \u200fשלום', 'line')).toBe('👩\u200d🍳 \u200fשלום');
  });

  it('keeps text as typed otherwise: accents apart from their letters, compatibility ideographs', () => {
    expect(cleanText('cre\u0300me \uf900', 'line')).toBe('cre\u0300me \uf900');
  });

  it('is what the schemas store', () => {
    expect(requiredText(messages.required, 100, 'line').parse('  Crème\r\nbrûlée\u0007  ')).toBe('Crème brûlée');
    expect(requiredText(messages.required, 100, 'lines').parse(' a\r\n\u001b[31mb ')).toBe('a\n[31mb');
  });
});

describe('tagKey', () => {
  it('makes one key of a tag however its case, spaces and accents were typed', () => {
    expect(tagKey(' Crème ')).toBe('crème');
    expect(tagKey('CRE\u0300ME')).toBe('crème');
    expect(tagKey('cre\u0300me')).toBe(tagKey('crème'));
  });

  it('composes again after lower-casing', () => {
    expect(tagKey('\u03aa\u0301')).toBe('\u0390');
  });
});
