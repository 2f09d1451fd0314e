import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { createPostViaApi, expect, signUpViaApi, test, uniqueTitle } from './fixtures.js';

/**
 * Makes every download of a chunk fail, as while the connection is down (Vite's loader asks for
 * a chunk twice: a modulepreload link, then the import), until the returned function is called.
 */
async function failDownloads(page: Page, chunk: string) {
  const url = `**/assets/${chunk}-*.js`;
  await page.route(url, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(url);
}

/**
 * A post found on Explore, then opened while its page's code cannot download: the page says so.
 * Returns the post's link and what brings the connection back.
 */
async function openPostOffline(page: Page, request: APIRequestContext, testInfo: TestInfo, title: string) {
  const author = await signUpViaApi(request, testInfo);
  await createPostViaApi(request, author.token, { title });
  await page.goto(`/explore?q=${encodeURIComponent(title)}`);
  const postLink = page.getByRole('article', { name: title }).getByRole('link', { name: title });
  const backOnline = await failDownloads(page, 'QuestionPage');
  await postLink.click();
  await expect(page.getByRole('main').getByText('Some error occurred. Try reloading!')).toBeVisible();
  return { postLink, backOnline };
}

test.describe('parts of a page that fail to download', () => {
  test('a dialog that fails to download leaves the page and what was typed, says so, and opens next time', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Share while offline', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.goto(`/question/${question.id}`);
    const answer = page.getByRole('region', { name: 'Your Answer' }).getByRole('textbox', { name: 'Your Answer' });
    await answer.fill('Steam the oven for the first ten minutes.');

    const backOnline = await failDownloads(page, 'ShareDialog');
    const share = page.getByRole('article', { name: title }).getByRole('button', { name: 'Share' });
    await share.click();
    await expect(page.getByRole('status').filter({ hasText: 'Some error occurred. Try Again!' })).toBeVisible();
    await expect(page.getByText('Some error occurred. Try reloading!')).toBeHidden();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(answer).toHaveValue('Steam the oven for the first ten minutes.');

    await backOnline();
    await share.click();
    await expect(page.getByRole('dialog', { name: 'Copy to Clipboard' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(share).toBeFocused();
    await expect(answer).toHaveValue('Steam the oven for the first ten minutes.');
  });

  test("a card's comments that fail to download show Try again in their place, keeping focus", async ({
    page,
    request,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Comments while offline', testInfo);
    await createPostViaApi(request, author.token, { title });
    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    const post = page.getByRole('article', { name: title });
    await expect(post).toBeVisible();

    const backOnline = await failDownloads(page, 'CommentsSection');
    await post.getByRole('button', { name: '0 Comments' }).click();
    await expect(post.getByRole('alert')).toHaveText(/Some error occurred\. Try reloading!/);
    await expect(page.getByRole('article')).toHaveCount(1);

    // Still offline: the new Try again takes focus back.
    const tryAgain = post.getByRole('button', { name: 'Try again' });
    await tryAgain.focus();
    await page.keyboard.press('Enter');
    await expect(tryAgain).toBeFocused();

    // Back online: the thread loads and focus stays in its place, the next Tab goes into it.
    await backOnline();
    await page.keyboard.press('Enter');
    await expect(post.getByText('No comments yet.')).toBeVisible();
    await expect(post.locator('[id^="comments-"]')).toBeFocused();
  });

  test('the avatar menu that failed to download opens when its button is pressed again, keeping focus', async ({
    page,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const backOnline = await failDownloads(page, 'AvatarMenu');
    await page.goto('/explore');
    await expect(page.getByRole('status').filter({ hasText: 'Some error occurred. Try Again!' })).toBeVisible();
    const menuButton = page.getByRole('button', { name: `Menu for @${signedIn.username}` });

    // Still offline: the button that comes back keeps focus.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Some error occurred. Try Again!' })).toBeVisible();
    await expect(menuButton).toBeFocused();

    // Back online: the press downloads the menu and opens it; Escape gives focus back to its button.
    await backOnline();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(menu).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('a page whose code fails to download says so in the layout, and opens once the connection is back', async ({
    page,
    request,
  }, testInfo) => {
    const title = uniqueTitle('Page while offline', testInfo);
    const { postLink, backOnline } = await openPostOffline(page, request, testInfo, title);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Back online, without reloading: Try again, or going there again, downloads the page.
    await backOnline();
    await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goBack();
    await postLink.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('a page that failed to download opens when visited again, with no reload', async ({
    page,
    request,
  }, testInfo) => {
    const title = uniqueTitle('Visited again', testInfo);
    const { postLink, backOnline } = await openPostOffline(page, request, testInfo, title);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await backOnline();
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(title);
    await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    await postLink.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('a page outside the layout that fails to download says so in a main landmark, and opens on Try again', async ({
    page,
  }) => {
    await page.goto('/explore');
    const backOnline = await failDownloads(page, 'SignInPage');
    await page.getByRole('link', { name: 'Log in' }).click();
    const main = page.getByRole('main');
    await expect(main.getByText('Some error occurred. Try reloading!')).toBeVisible();
    await expect(main).toHaveAttribute('id', 'main');

    await backOnline();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
  });
});
