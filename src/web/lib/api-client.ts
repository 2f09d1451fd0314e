import type { ErrorJson } from '../../shared/api-types';
import { messages } from '../../shared/messages';
import { authStore } from './auth-store';

/**
 * A failed API call: the server's first message, its stable code and any field messages.
 * `sessionEnded`: the call sent a token the server no longer takes (expired, or the password
 * changed), so the session is over; the message then says to sign in again.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly sessionEnded: boolean;

  constructor(status: number, body: Partial<ErrorJson> | null, sessionEnded = false) {
    super(sessionEnded ? messages.sessionEnded : (body?.errors?.[0] ?? messages.unexpected));
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'unknown';
    this.fields = body?.fields ?? {};
    this.sessionEnded = sessionEnded;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | readonly string[] | null | undefined>;
  signal?: AbortSignal;
  /**
   * The baker a write is made by. A write started offline waits for the connection (TanStack
   * Query pauses it) and is sent with whatever session the tab has by then: if the baker signed
   * out meanwhile, or another baker signed in (in another tab, say), it is not sent but fails as
   * an ended session does, so what it carried is kept for its author and never posted as someone
   * else's.
   */
  sender?: string;
}

function buildUrl(path: string, query: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value == null || value === '') continue;
    for (const item of [value].flat()) params.append(key, String(item));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

/**
 * Calls the API with the signed-in user's token. Any non-2xx answer becomes an ApiError carrying
 * the server's message; a 401 on a call that sent a token means the session ended, so it signs out.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (options.sender !== undefined && authStore.getSession()?.user.username !== options.sender) {
    throw new ApiError(401, { errors: [messages.sessionEnded], code: 'unauthorized' }, true);
  }
  const token = authStore.getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const sessionEnded = response.status === 401 && token !== null;
    if (sessionEnded) authStore.signOut();
    throw new ApiError(response.status, body as Partial<ErrorJson> | null, sessionEnded);
  }
  return body as T;
}

/** The text to show for any error: the server's message, or the spec's fallback. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.unexpected;
}

/**
 * A delete whose target is already gone (deleted in another tab, say) has done what was asked:
 * its 404 resolves to undefined, so the caller takes the item out as if this call had deleted it.
 */
export async function unlessGone<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
