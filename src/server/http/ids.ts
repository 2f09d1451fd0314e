import { notFound } from '../errors.js';

/** Ids are 32-bit on PostgreSQL (serial columns), so no stored row has a larger one. */
export const MAX_ID = 2_147_483_647;

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** Whether text names a possible stored id: a positive whole number no larger than MAX_ID. */
export function isStoredId(value: string): boolean {
  return ID_PATTERN.test(value) && Number(value) <= MAX_ID;
}

/**
 * Ids in paths are positive integers; anything else names nothing, so it is a 404. A larger
 * number than any id could be is refused here too: PostgreSQL would reject it as out of range.
 */
export function parseId(value: string | undefined, notFoundMessage: string): number {
  if (value === undefined || !isStoredId(value)) throw notFound(notFoundMessage);
  return Number(value);
}
