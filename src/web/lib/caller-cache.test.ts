import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../testing/fixtures';
import { authStore } from './auth-store';
import { resetQueriesWhenCallerChanges } from './caller-cache';

const key = ['questions', 'list', 'explore', {}];

describe('cached answers and the caller', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  function cacheWith(data: string) {
    const client = new QueryClient();
    client.setQueryData(key, data);
    stop = resetQueriesWhenCallerChanges(client);
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
});
