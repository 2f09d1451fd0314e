import { createPostViaApi, expect, test, uniqueTitle } from './fixtures.js';

test.describe('deep links and unknown pages', () => {
  test('a question page reloads on its own address', async ({ page, request, freshUser }, testInfo) => {
    const title = uniqueTitle('Deep link loaf', testInfo);
    const question = await createPostViaApi(request, freshUser.token, { title, text: 'Reload me.' });
    await page.goto(`/question/${question.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Reload me.')).toBeVisible();
  });

  test("Explore's first page comes with the page for a visitor; a signed-in baker's is asked for", async ({
    page,
    freshUser,
  }) => {
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/questions') listCalls.push(r.url());
    });
    await page.goto('/explore');
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    expect(listCalls).toEqual([]);

    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      [freshUser.token, freshUser.user] as const,
    );
    await page.reload();
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    expect(listCalls).toHaveLength(1);
  });

  test("a deep link fetches each of its page's files once, using every hint it was given", async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/')) fetched.push(new URL(r.url()).pathname);
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/explore');
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    expect(fetched.filter((file) => file.endsWith('.css')).length).toBeGreaterThan(0);
    expect(fetched.filter((file, i) => fetched.indexOf(file) !== i)).toEqual([]);
    expect(warnings.filter((text) => text.includes('preload'))).toEqual([]);
  });

  test('an unknown route shows the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'This page didn’t rise.' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Explore', exact: true }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  });

  test("a page's address in another case is not found, in the app as for the server", async ({ page }) => {
    for (const path of ['/Explore', '/SIGNIN', '/Question/1']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'This page didn’t rise.' })).toBeVisible();
    }
  });

  test('an unknown question shows "Post not found"', async ({ page }) => {
    await page.goto('/question/987654321');
    await expect(page.getByText('Post not found')).toBeVisible();
  });
});
