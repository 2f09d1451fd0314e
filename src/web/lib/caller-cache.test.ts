import { QueryClient, QueryObserver, skipToken } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../testing/fixtures';
import { authStore } from './auth-store';
import { refetchWhenCallerChanges } from './caller-cache';
import { findPosted, keepPosted } from './posted-here';

const key = ['questions', 'list', 'explore', {}];

describe('cached answers and the caller', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
  });

  function cacheWith(data: string) {
    const client = new QueryClient();
    client.setQueryData(key, data);
    stop = refetchWhenCallerChanges(client);
    return client;
  }

  it("drops a visitor's answers when someone signs in", () => {
    const client = cacheWith('as a visitor');
    authStore.signIn('token-a', makeUser({ _id: '1', username: 'anna' }));
    expect(client.getQueryData(key)).toBeUndefined();
  });

  it("drops one baker's answers when the session ends or another baker signs in", () => {
    authStore.signIn('token-a', makeUser({ _id: '1', username: 'anna' }));
    const client = cacheWith('as anna');
    authStore.signIn('token-b', makeUser({ _id: '2', username: 'ben' }));
    expect(client.getQueryData(key)).toBeUndefined();

    client.setQueryData(key, 'as ben');
    authStore.signOut();
    expect(client.getQueryData(key)).toBeUndefined();
  });

  it('keeps them when the same baker edits their profile or signs in again', () => {
    authStore.signIn('token-a', makeUser({ _id: '1', username: 'anna' }));
    const client = cacheWith('as anna');
    authStore.updateUser(makeUser({ _id: '1', username: 'anna', firstName: 'Annika' }));
    authStore.signIn('token-a2', makeUser({ _id: '1', username: 'anna' }));
    expect(client.getQueryData(key)).toBe('as anna');
  });

  it('fetches a query on screen again as the new caller', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    stop = refetchWhenCallerChanges(client);
    client.setQueryData(key, 'as a visitor');
    const fetchList = vi.fn(async () => `as ${authStore.getSession()?.user.username ?? 'a visitor'}`);
    const unsubscribe = new QueryObserver(client, { queryKey: key, queryFn: fetchList }).subscribe(() => {});
    expect(fetchList).not.toHaveBeenCalled();

    authStore.signIn('token-a', makeUser({ _id: '1', username: 'anna' }));

    await vi.waitFor(() => expect(client.getQueryData(key)).toBe('as anna'));
    unsubscribe();
  });

  /**
   * Anna's page shows her suggestions; she signs out and the page, drawn again, asks for a
   * visitor's list instead. Answers which queries were fetched, and as whom.
   */
  async function signOutWhileSuggestionsShow(): Promise<string[]> {
    authStore.signIn('token-a', makeUser({ _id: '1', username: 'anna' }));
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    stop = refetchWhenCallerChanges(client);
    const fetched: string[] = [];
    const suggestionsOf = (username: string | null) => ({
      queryKey: ['users', 'suggestions', username],
      queryFn: async () => {
        fetched.push(`${username} with ${authStore.getSession()?.token ?? 'no token'}`);
        return [];
      },
    });
    const observer = new QueryObserver(client, suggestionsOf('anna'));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(fetched).toEqual(['anna with token-a']));

    authStore.signOut();
    // React draws the signed-out page in a microtask: the panel now asks for a visitor's list.
    queueMicrotask(() => observer.setOptions(suggestionsOf(null)));

    await vi.waitFor(() => expect(fetched).toContain('null with no token'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    unsubscribe();
    return fetched;
  }

  it('asks once, as the new caller, for what the page swaps in for a query keyed by the previous caller', async () => {
    expect(await signOutWhileSuggestionsShow()).toEqual(['anna with token-a', 'null with no token']);
  });

  it("asks once for the new caller's list even when it arrives within the millisecond of the change", async () => {
    // A clock that stands still: every answer and the change itself carry the same time.
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    expect(await signOutWhileSuggestionsShow()).toEqual(['anna with token-a', 'null with no token']);
  });

  it('does not bring back, as fresh, the copy a query off screen was seeded with', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    stop = refetchWhenCallerChanges(client);
    // The answers that came with their question, seen by a visitor, then left for the sign-in page.
    const answers = (seed: string) =>
      new QueryObserver(client, {
        queryKey: ['answers', '4'],
        queryFn: async () => 'fetched',
        initialData: seed,
        initialDataUpdatedAt: Date.now(),
      });
    answers('as a visitor').subscribe(() => {})();

    authStore.signIn('token-a', makeUser({ _id: '1', username: 'anna' }));

    // Back on the question, seeded from the question as it now comes, for anna.
    expect(answers('as anna').getCurrentResult().data).toBe('as anna');
  });

  it("forgets what the previous caller posted beyond a list's loaded pages, shown or not", () => {
    authStore.signIn('token-a', makeUser({ _id: '1', username: 'anna' }));
    const client = new QueryClient();
    stop = refetchWhenCallerChanges(client);
    const mine = { _id: '40', votes: { myVote: 'upvote' } };
    keepPosted(client, ['answers', '4'], mine);
    keepPosted(client, ['answers', '5'], mine);
    const unsubscribe = new QueryObserver(client, {
      queryKey: ['posted here', 'answers', '4'],
      queryFn: skipToken,
    }).subscribe(() => {});

    authStore.signIn('token-b', makeUser({ _id: '2', username: 'ben' }));

    expect(findPosted(client, ['answers', '4'], '40')).toBeUndefined();
    expect(findPosted(client, ['answers', '5'], '40')).toBeUndefined();
    unsubscribe();
  });
});
