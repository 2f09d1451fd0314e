import { invalidCursor } from '../errors.js';
import { MAX_ID } from './ids.js';

/**
 * A keyset cursor: the sort key and id of the last row of a page, tagged with the ordering it
 * belongs to so a cursor from one list cannot be replayed against another.
 */
export interface Cursor {
  order: string;
  key: number;
  id: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.order, cursor.key, cursor.id])).toString('base64url');
}

/** Orderings whose sort key is a time (a 64-bit column); every other key, like every id, is a 32-bit integer. */
const TIME_KEYED = new Set(['latest', 'oldest', 'bookmarks', 'following', 'followers']);

/**
 * Whether a decoded key and id could come from a stored row. Larger numbers could only be forged,
 * and PostgreSQL would refuse to compare them with its 32-bit columns.
 */
function inRange(order: string, key: number, id: number): boolean {
  const keyFits = TIME_KEYED.has(order) || Math.abs(key) <= MAX_ID;
  return keyFits && id >= 0 && id <= MAX_ID;
}

export function decodeCursor(raw: string | undefined, order: string): Cursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    value[0] !== order ||
    !Number.isSafeInteger(value[1]) ||
    !Number.isSafeInteger(value[2]) ||
    !inRange(order, value[1] as number, value[2] as number)
  ) {
    throw invalidCursor();
  }
  return { order, key: value[1] as number, id: value[2] as number };
}

/** Cuts a page fetched with one extra row, returning the rows and the next cursor. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  cursorOf: (row: T) => Cursor,
): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(cursorOf(items[items.length - 1] as T)) };
}

/** Characters as the validators count them: code points, an emoji one (two UTF-16 units). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) count -= 1;
  }
  return count;
}

/**
 * Ends a page early once its items carry more than `budget` characters of text (code points, as
 * the text limits count them), keeping at least one item; the page then goes on from its last
 * item. `textsOf` gives an item's texts. Text within the budget in UTF-16 units is within it in
 * code points too, so only a page near the budget is counted one code point at a time.
 */
export function withinTextBudget<T>(
  page: { items: T[]; nextCursor: string | null },
  budget: number,
  textsOf: (item: T) => string[],
  cursorOf: (item: T) => Cursor,
): { items: T[]; nextCursor: string | null } {
  const units = page.items.reduce((sum, item) => sum + textsOf(item).reduce((n, text) => n + text.length, 0), 0);
  if (units <= budget) return page;
  let total = 0;
  for (const [index, item] of page.items.entries()) {
    total += textsOf(item).reduce((n, text) => n + codePoints(text), 0);
    if (total > budget && index > 0) {
      const items = page.items.slice(0, index);
      return { items, nextCursor: encodeCursor(cursorOf(items[index - 1] as T)) };
    }
  }
  return page;
}
