import type { QueryClient } from '@tanstack/react-query';

/**
 * The latest change made to each piece of cached data (a post's `votes`, say), per query client.
 * An optimistic change that fails is undone only if nothing changed that piece after it: values
 * cannot tell, since a later change (the server's answer to a later click) may hold the very
 * same value.
 */
const latest = new WeakMap<QueryClient, Map<string, object>>();

function changesOf(client: QueryClient): Map<string, object> {
  let changes = latest.get(client);
  if (!changes) latest.set(client, (changes = new Map()));
  return changes;
}

/** Records a change of `what` and returns its token. */
export function markChange(client: QueryClient, what: string): object {
  const token = {};
  changesOf(client).set(what, token);
  return token;
}

/** Whether the change with this token is still the latest change of `what`. */
export function isLatestChange(client: QueryClient, what: string, token: object): boolean {
  return changesOf(client).get(what) === token;
}
