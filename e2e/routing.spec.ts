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

  test('an unknown route shows the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'This page didn’t rise.' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Explore', exact: true }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  });

  test('an unknown question shows "Post not found"', async ({ page }) => {
    await page.goto('/question/987654321');
    await expect(page.getByText('Post not found')).toBeVisible();
  });
});
