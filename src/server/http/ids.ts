import { notFound } from '../errors.js';

const ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/** Ids in paths are positive integers; anything else names nothing, so it is a 404. */
export function parseId(value: string | undefined, notFoundMessage: string): number {
  if (value === undefined || !ID_PATTERN.test(value)) throw notFound(notFoundMessage);
  return Number(value);
}
