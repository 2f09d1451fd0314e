import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('GET /api/meta', () => {
  let withDemo: TestApp;
  let withoutDemo: TestApp;
  beforeAll(async () => {
    [withDemo, withoutDemo] = await Promise.all([createTestApp({ seed: 'demo' }), createTestApp({ seed: 'none' })]);
  });
  afterAll(async () => {
    await Promise.all([withDemo.close(), withoutDemo.close()]);
  });

  it('tells the web app whether demo data is on', async () => {
    expect((await withDemo.app.inject({ method: 'GET', url: '/api/meta' })).json()).toEqual({ demoData: true });
    expect((await withoutDemo.app.inject({ method: 'GET', url: '/api/meta' })).json()).toEqual({ demoData: false });
  });
});
