import { describe, expect, it } from 'vitest';
import { createWindowCounter } from './window-counter.js';

describe('window counter', () => {
  it('allows max events a window, then answers the time left, and starts again when the window ends', () => {
    let time = 1_000;
    const counter = createWindowCounter({ max: 2, windowMs: 60_000, maxKeys: 10, now: () => time });
    expect(counter.take('a')).toBeNull();
    time += 10_000;
    expect(counter.take('a')).toBeNull();
    time += 5_000;
    expect(counter.take('a')).toBe(45_000);
    expect(counter.take('b')).toBeNull();
    time += 44_999;
    expect(counter.take('a')).toBe(1);
    time += 1;
    expect(counter.take('a')).toBeNull();
  });

  it('starts a new window when the clock is set back, rather than holding the key for that long', () => {
    let time = 10 * 3_600_000;
    const counter = createWindowCounter({ max: 1, windowMs: 60_000, maxKeys: 10, now: () => time });
    expect(counter.take('a')).toBeNull();
    expect(counter.take('a')).toBe(60_000);
    time -= 3_600_000;
    expect(counter.take('a')).toBeNull();
    expect(counter.take('a')).toBe(60_000);
  });

  it('forgets the least recently counted key beyond maxKeys', () => {
    const counter = createWindowCounter({ max: 1, windowMs: 60_000, maxKeys: 2, now: () => 0 });
    counter.take('a');
    counter.take('b');
    // 'a' counted again (refused), so 'b' is now the least recently counted.
    expect(counter.take('a')).not.toBeNull();
    counter.take('c');
    expect(counter.take('b')).toBeNull();
    // Counting 'b' again forgot 'a', whose window starts afresh.
    expect(counter.take('a')).toBeNull();
    expect(counter.take('c')).toBeNull();
  });
});
