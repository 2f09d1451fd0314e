import { invalidCursor } from '../errors.js';

/**
 * A keyset cursor: the sort key and id of the last row of a page, tagged with the ordering it
 * belongs to so a cursor from one list cannot be replayed against another.
 */
export interface Cursor {
  order: string;
  key: number;
  id: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.order, cursor.key, cursor.id])).toString('base64url');
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
    !Number.isSafeInteger(value[2])
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
