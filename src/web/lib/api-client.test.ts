import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { makeUser } from '../testing/fixtures';
import { mockFetch } from '../testing/mock-fetch';
import { ApiError, apiRequest } from './api-client';
import { authStore } from './auth-store';

describe('apiRequest with a sender', () => {
  beforeEach(() => authStore.signIn('token-anna', makeUser({ username: 'anna.bakes' })));

  it('sends with the token of the baker it is made by', async () => {
    const api = mockFetch({ 'POST /api/answers/add/4': { status: 201, body: { ok: true } } });
    await expect(
      apiRequest('/answers/add/4', { method: 'POST', body: { answerData: {} }, sender: 'anna.bakes' }),
    ).resolves.toEqual({ ok: true });
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(['Bearer token-anna']);
  });

  it.each([
    ['another baker signed in', () => authStore.signIn('token-ben', makeUser({ username: 'ben.bakes' }))],
    ['nobody signed in', () => authStore.signOut()],
  ])('sends nothing when %s meanwhile, failing as an ended session does', async (_, change) => {
    const api = mockFetch({ 'POST /api/answers/add/4': { status: 201, body: { ok: true } } });
    change();
    const sessionBefore = authStore.getSession();
    const error = await apiRequest('/answers/add/4', { method: 'POST', body: {}, sender: 'anna.bakes' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, sessionEnded: true, message: messages.sessionEnded });
    expect(api.requests).toHaveLength(0);
    // Whoever is signed in now stays signed in: it is not their session that ended.
    expect(authStore.getSession()).toBe(sessionBefore);
  });
});
