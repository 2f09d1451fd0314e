import { describe, expect, it } from 'vitest';
import { lastOfEach } from './last-of-each';

describe('lastOfEach', () => {
  it('keeps each item once, at its last place, with its last value', () => {
    const items = [
      { _id: '1', text: 'first' },
      { _id: '9', text: 'posted here' },
      { _id: '2', text: 'older, loaded later' },
      { _id: '9', text: 'posted here, from the server' },
    ];
    expect(lastOfEach(items)).toEqual([
      { _id: '1', text: 'first' },
      { _id: '2', text: 'older, loaded later' },
      { _id: '9', text: 'posted here, from the server' },
    ]);
  });
});
