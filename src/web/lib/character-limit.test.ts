import { describe, expect, it } from 'vitest';
import { limitCharacters } from './character-limit';

describe('limitCharacters', () => {
  it('takes text within the limit, counting an emoji as one character', () => {
    expect(limitCharacters('🍞🥐', '🍞🥐🥖', 3)).toBe('🍞🥐🥖');
    expect(limitCharacters('', 'crème', 5)).toBe('crème');
  });

  it('changes nothing when typing past the limit, wherever the caret is', () => {
    expect(limitCharacters('🍞🥐🥖', '🍞🥐🥖🧁', 3)).toBe('🍞🥐🥖');
    expect(limitCharacters('abc', 'aXbc', 3)).toBe('abc');
  });

  it('keeps the first characters of a paste that overshoots, never half an emoji', () => {
    expect(limitCharacters('a', 'a🍞🥐🥖', 3)).toBe('a🍞🥐');
    expect(limitCharacters('', 'abcdef', 4)).toBe('abcd');
  });

  it('cuts a paste in the middle, not the text after it', () => {
    expect(limitCharacters('abc', 'aXYZWbc', 5)).toBe('aXYbc');
    expect(limitCharacters('🍞🍞', '🍞🥐🥐🥐🍞', 4)).toBe('🍞🥐🥐🍞');
  });

  it('lets text already over the limit be shortened', () => {
    expect(limitCharacters('abcdef', 'abcde', 3)).toBe('abcde');
    expect(limitCharacters('abcdef', 'abXdef', 3)).toBe('abXdef');
  });
});
