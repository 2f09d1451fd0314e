/** Small fetch helpers for tests that talk to a real server process over HTTP. */

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Sends JSON (or nothing) and parses the JSON answer; network failures reject. */
export async function http<T = Record<string, unknown>>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<HttpResult<T>> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  const body = (
    response.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text
  ) as T;
  return { status: response.status, body, headers: response.headers };
}

/** Signs up a baker on a running server and returns the token and id. */
export async function signUpOver(
  url: string,
  username: string,
  password = 'reliable-bakes-1',
): Promise<{ token: string; id: string; username: string }> {
  const response = await http<{ encodedToken: string; createdUser: { _id: string } }>(
    'POST',
    `${url}/api/auth/signup`,
    {
      body: { username, password, firstName: 'Reliable', lastName: 'Baker' },
    },
  );
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.encodedToken, id: response.body.createdUser._id, username };
}
