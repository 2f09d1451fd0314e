import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

const viaDate = (ms: number) => new Date(ms).toISOString();

describe('isoTime', () => {
  it('writes what Date#toISOString writes for any millisecond from 1970 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoTime(ms)).toBe(viaDate(ms));
      }),
      { numRuns: 20_000 },
    );
  });

  it('gets the edges of days, years and its range right', () => {
    const edges = [
      0,
      1,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1),
      253_402_300_799_999,
    ];
    for (const ms of edges) expect(isoTime(ms)).toBe(viaDate(ms));
  });

  it('leaves times before 1970, from year 10000 on and fractions of a millisecond to Date', () => {
    for (const ms of [-1, -86_400_001, 253_402_300_800_000, 8.64e15, 1.5, 1_700_000_000_000.75]) {
      expect(isoTime(ms)).toBe(viaDate(ms));
    }
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });

  it('stays right once more days were asked for than it keeps', () => {
    for (let day = 0; day < 5000; day += 1) {
      const ms = day * 86_400_000 + ((day * 7_919_113) % 86_400_000);
      expect(isoTime(ms)).toBe(viaDate(ms));
    }
    const again = Date.UTC(2023, 5, 15, 12, 30, 45, 678);
    expect(isoTime(again)).toBe('2023-06-15T12:30:45.678Z');
  });
});
