import fs from 'node:fs';
import path from 'node:path';
import type { QuestionPage } from '../src/shared/api-types.js';
import { apiJson, expect, signInViaApi, startSignedIn, test } from './fixtures.js';

/**
 * The README's screenshots, taken from the demo community on a fresh database. Not part of the
 * test run: `npx playwright test --project screenshots` (after `npm run build`) rewrites
 * docs/screenshots/*.png.
 */

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
const BAKER = 'priya.cakes';
const QUESTION = 'Why does my sourdough crust go soft overnight?';

test.beforeAll(() => {
  fs.mkdirSync(OUT, { recursive: true });
});

test.use({ deviceScaleFactor: 1, colorScheme: 'light' });

test('feed, signed in as a demo baker', async ({ page, request }) => {
  await startSignedIn(page, await signInViaApi(request, BAKER));
  await page.goto('/feed');
  await expect(page.getByRole('region', { name: 'Feed' }).getByRole('article').nth(3)).toBeVisible();
  await expect(page.getByRole('region', { name: 'You may also know' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: path.join(OUT, 'feed.png') });
});

test('a question with answers and comments', async ({ page, request }) => {
  const found = await apiJson<QuestionPage>(await request.get('/api/questions', { params: { q: 'sourdough crust' } }));
  const question = found.questions.find((q) => q.questionTitle === QUESTION);
  if (!question) throw new Error(`The demo question "${QUESTION}" is missing`);
  await startSignedIn(page, await signInViaApi(request, BAKER));
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`/question/${question.id}`);
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ Answers?$/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Comments on this post' })).toBeVisible();
  await page.screenshot({ path: path.join(OUT, 'question.png') });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('explore on a phone', async ({ page, request }) => {
    await startSignedIn(page, await signInViaApi(request, BAKER));
    await page.goto('/explore');
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').nth(2)).toBeVisible();
    await page.screenshot({ path: path.join(OUT, 'phone-explore.png') });
  });
});
