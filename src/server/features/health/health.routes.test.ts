import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TestApp } from '../../testing/test-app.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok once the database is reachable', async () => {
    const response = await apiClient(t.app).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers 503 with a clear message when the database is gone', async () => {
    const t2 = await createTestApp();
    await t2.database.destroy();
    const response = await apiClient(t2.app).get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'unavailable', errors: [expect.stringContaining('unavailable')] });
    await t2.app.close().catch(() => {});
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await apiClient(t.app).get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ errors: ['Not found.'], code: 'not_found' });
  });
});
