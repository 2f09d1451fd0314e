import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
}

type Handler = MockResponse | ((request: RecordedRequest) => MockResponse | Promise<MockResponse>);

/**
 * Stubs the global fetch with routes keyed 'METHOD /api/path' (without the query). Every request
 * is recorded in `requests`; an unrouted one answers 404 so a forgotten route fails loudly.
 */
export function mockFetch(routes: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const table = new Map(Object.entries(routes));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = table.get(`${method} ${url.pathname}`);
    const result = typeof handler === 'function' ? await handler(request) : handler;
    const { status = 200, body = { errors: ['Not found.'] } } = result ?? { status: 404 };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Adds or replaces a route while the test runs. */
    on(key: string, handler: Handler) {
      table.set(key, handler);
    },
    /** The requests sent to one route, e.g. calls('POST /api/auth/login'). */
    calls(key: string) {
      return requests.filter((request) => `${request.method} ${request.path}` === key);
    },
  };
}
