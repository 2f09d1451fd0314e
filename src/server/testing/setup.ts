import { afterAll, expect } from 'vitest';
import { leakedResponses } from './test-app.js';

// One assertion over every response of every test: none carries a password, hash or salt.
afterAll(() => {
  expect(leakedResponses, 'responses that leaked a password, hash or salt').toEqual([]);
});
