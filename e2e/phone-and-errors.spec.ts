import type { Locator } from '@playwright/test';
import type { UserJson } from '../src/shared/api-types.js';
import {
  addAnswerViaApi,
  createPostViaApi,
  expect,
  PASSWORD,
  signUpViaApi,
  startSignedIn,
  test,
  uniqueName,
  uniqueTitle,
} from './fixtures.js';

test.describe('phone layout (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('no left navigation; the add button opens New Post; the avatar menu navigates and logs out', async ({
    page,
    signedIn,
  }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(390);

    const fab = page.getByRole('button', { name: 'Create New Post' });
    await expect(fab).toBeVisible();
    await fab.click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    const menuButton = page.getByRole('button', { name: `Menu for @${signedIn.username}` });
    const target = await menuButton.boundingBox();
    expect(target?.width, 'a finger-sized target').toBeGreaterThanOrEqual(44);
    expect(target?.height, 'a finger-sized target').toBeGreaterThanOrEqual(44);
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Feed', 'Bookmarks', 'Profile', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    // The new page's content gets focus, not the menu's button.
    await expect(page.getByRole('main')).toBeFocused();

    await menuButton.click();
    await expect(menu.getByRole('menuitem')).toHaveText(['Feed', 'Explore', 'Bookmarks', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the add button comes right after the header by Tab, not after the posts', async ({ page, signedIn }) => {
    await page.goto('/feed');
    await expect(page.getByRole('button', { name: `Menu for @${signedIn.username}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Feed' }).getByRole('article').first()).toBeVisible();
    const reached: string[] = [];
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );
      reached.push(name.trim());
      if (name === 'Create New Post') break;
    }
    // Skip to content, Skip to search (hidden on a phone), the logo, the avatar menu: then the button.
    expect(reached.at(-1), reached.join(' → ')).toBe('Create New Post');
    expect(reached.length).toBeLessThanOrEqual(5);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New Post' })).toBeVisible();
  });

  test('the chosen Explore chip is in view, from a link and after Back', async ({ page }) => {
    await page.goto('/explore?chip=decoration');
    const chosen = page.getByRole('button', { name: 'Decoration' });
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await expect(chosen).toBeInViewport({ ratio: 1 });

    await page.getByRole('article').first().getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/question\//);
    await page.goBack();
    await expect(chosen).toBeInViewport({ ratio: 1 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'no sideways scrolling',
    ).toBeLessThanOrEqual(390);
  });

  test('Tab closes the avatar menu and gives focus back to its button', async ({ page, signedIn }) => {
    await page.goto('/explore');
    const menuButton = page.getByRole('button', { name: `Menu for @${signedIn.username}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Feed' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test("a tap on a post's score shows who voted", async ({ page, request }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Tap the score', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    await page.goto(`/question/${question.id}`);
    const post = page.getByRole('article', { name: title });
    const tooltip = post.getByRole('tooltip');
    await expect(tooltip).toBeHidden();
    await post.getByLabel(/^Score 0$/).tap();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText('None');
  });

  test('a snackbar shows above the add button, which stays in reach, down to 320 px', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Snackbar over the add button', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.route('**/api/question/addBookmark/**', (route) => route.abort('connectionfailed'));
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`/question/${question.id}`);
      await page.getByRole('article', { name: title }).getByRole('button', { name: 'Add Bookmark' }).click();
      const snackbar = page.getByRole('status').filter({ hasText: 'Some error occurred. Try Again!' });
      await expect(snackbar).toBeVisible();
      const message = await snackbar.boundingBox();
      const fab = page.getByRole('button', { name: 'Create New Post' });
      const button = await fab.boundingBox();
      expect(message && button, `${width} px`).toBeTruthy();
      expect(message!.y + message!.height, `${width} px: the snackbar ends above the button`).toBeLessThanOrEqual(
        button!.y,
      );
      await fab.click();
      const dialog = page.getByRole('dialog', { name: 'New Post' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  test('signed out, the add button goes to sign in', async ({ page }) => {
    await page.goto('/explore');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await expect(page).toHaveURL(/\/signIn$/);
  });
});

test.describe('tablet layout (1024 × 768)', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  const boxOf = async (locator: import('@playwright/test').Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not laid out');
    return box;
  };

  for (const path of ['/explore', '/profile']) {
    test(`${path}: the navigation on the left, the search box, posts and suggestions in the wide column`, async ({
      page,
      signedIn,
    }) => {
      void signedIn;
      await page.goto(path);
      const nav = await boxOf(page.getByRole('navigation', { name: 'Main' }));
      const main = await boxOf(page.getByRole('main'));
      const suggestions = await boxOf(page.getByRole('heading', { name: 'You may also know' }));
      expect(main.x, 'the main column is right of the navigation').toBeGreaterThanOrEqual(nav.x + nav.width);
      expect(main.width, 'the main column is the wide one').toBeGreaterThan(600);
      expect(suggestions.x).toBeGreaterThanOrEqual(main.x);
      expect(suggestions.y, 'suggestions follow the posts').toBeGreaterThan(main.y);
      if (path === '/explore') {
        const search = await boxOf(page.getByRole('search'));
        expect(search.x).toBeGreaterThanOrEqual(main.x);
        expect(search.y + search.height, 'the search box is above the posts').toBeLessThanOrEqual(main.y);
      }
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(1024);
    });
  }
});

test.describe('keyboard on a wide screen (1280 × 800)', () => {
  test("'Skip to search', second from the top, puts focus in Search posts", async ({ page, signedIn }) => {
    await page.goto('/explore');
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to search' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeFocused();

    // The profile has no search box, and so no link to it.
    await page.goto('/profile');
    await expect(
      page.getByRole('heading', { level: 1, name: `${signedIn.firstName} ${signedIn.lastName}` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skip to search' })).toHaveCount(0);
  });
});

test.describe('keyboard order where the right panel goes below the posts', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1024, height: 768 },
  ]) {
    test(`${viewport.width} px: Search posts, shown above the posts, is reached before them`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/explore');
      const firstPost = page.getByRole('region', { name: 'Posts' }).getByRole('article').first();
      await expect(firstPost).toBeVisible();
      const order: string[] = [];
      for (let i = 0; i < 40 && !order.includes('post'); i += 1) {
        await page.keyboard.press('Tab');
        order.push(
          await page.evaluate(() => {
            const focused = document.activeElement;
            if (focused?.id === 'search-posts') return 'search';
            return focused?.closest('article') ? 'post' : 'other';
          }),
        );
      }
      expect(order).toContain('search');
      expect(order.indexOf('search')).toBeLessThan(order.indexOf('post'));
    });
  }
});

test.describe('errors', () => {
  test("a refused vote rolls back and the snackbar shows the server's message for 3 s", async ({
    page,
    request,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const voter = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Refused vote', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    const message = 'Invalid Reaction. Please Try with a valid Reaction again.';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/votes/react/**', async (route) => {
      await held;
      await route.fulfill({ status: 400, json: { errors: [message], code: 'validation_failed' } });
    });
    await startSignedIn(page, voter);
    await page.goto(`/question/${question.id}`);

    const post = page.getByRole('article', { name: title });
    await post.getByRole('button', { name: 'Upvote post' }).click();
    // Shown at once, before the server answers.
    await expect(post.getByLabel(/^Score 1$/)).toBeVisible();
    release();
    await expect(post.getByLabel(/^Score 0$/)).toBeVisible();
    await expect(post.getByRole('button', { name: 'Upvote post' })).toHaveAttribute('aria-pressed', 'false');
    const snackbar = page.getByRole('status').filter({ hasText: message });
    await expect(snackbar).toBeVisible();
    const shownAt = Date.now();
    await expect(snackbar).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
  });

  test("a failed bookmark without an answer says 'Some error occurred. Try Again!'", async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Unreachable bookmark', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.route('**/api/question/addBookmark/**', (route) => route.abort('connectionfailed'));
    await page.goto(`/question/${question.id}`);
    const post = page.getByRole('article', { name: title });
    await post.getByRole('button', { name: 'Add Bookmark' }).click();
    await expect(page.getByText('Some error occurred. Try Again!')).toBeVisible();
    await expect(post.getByRole('button', { name: 'Add Bookmark' })).toBeVisible();
    await expect(page.getByText('Some error occurred. Try Again!')).toBeHidden({ timeout: 5_000 });
  });

  test("a list that cannot load says 'Some error occurred. Try reloading!'", async ({ page }) => {
    await page.route('**/api/questions?**', (route) =>
      route.fulfill({ status: 500, json: { errors: ['Some error occurred. Try Again!'] } }),
    );
    // Plain /explore arrives with its first page; a chip makes the page ask for its list.
    await page.goto('/explore?chip=trending');
    await expect(page.getByRole('alert').filter({ hasText: 'Some error occurred. Try reloading!' })).toBeVisible({
      timeout: 15_000,
    });
  });
});

test.describe('the narrowest phone (320 × 640)', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('the longest names, usernames and tags wrap inside their boxes, never widening the page', async ({
    page,
    request,
  }, testInfo) => {
    const username = `W${uniqueName('', testInfo)}`.padEnd(30, 'x').slice(0, 30);
    const created = await request.post('/api/auth/signup', {
      data: { username, password: PASSWORD, firstName: 'W'.repeat(50), lastName: 'L'.repeat(50) },
    });
    expect(created.status()).toBe(201);
    const { encodedToken: token, createdUser: user } = (await created.json()) as {
      encodedToken: string;
      createdUser: UserJson;
    };
    const title = uniqueTitle('Long names', testInfo);
    const question = await createPostViaApi(request, token, { title });
    const headers = { authorization: `Bearer ${token}` };
    await request.post(`/api/comments/add/${question.id}`, { headers, data: { commentData: { commentText: 'Hi.' } } });
    await addAnswerViaApi(request, token, question.id, 'An answer.');

    const overflow = async () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const within = async (inner: Locator, outer: Locator) => {
      const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
      expect(a && b && a.x + a.width <= b.x + b.width + 0.5, 'inside its box').toBe(true);
    };

    const wideTag = 'W'.repeat(30);
    const tagged = await createPostViaApi(request, token, {
      title: uniqueTitle('Wide tag', testInfo),
      tags: [wideTag],
    });
    await page.goto(`/question/${tagged.id}`);
    const taggedPost = page.getByRole('article', { name: tagged.questionTitle });
    await expect(taggedPost.getByText(wideTag)).toBeVisible();
    await within(taggedPost.getByText(wideTag), taggedPost);
    expect(await overflow(), 'no sideways scrolling').toBeLessThanOrEqual(0);

    await page.goto(`/question/${question.id}`);
    const post = page.getByRole('article', { name: title });
    await expect(post.getByText(`@${username}`).first()).toBeVisible();
    await expect(page.getByText('An answer.')).toBeVisible();
    await expect(page.getByText('Hi.')).toBeVisible();
    expect(await overflow(), 'no sideways scrolling').toBeLessThanOrEqual(0);
    await within(post.getByText(`Posted by @${username}`), post);
    const answer = page.getByRole('article', { name: `Answer by @${username}` });
    await within(answer.getByText(`@${username}`), answer);

    await startSignedIn(page, { token, user });
    await page.goto('/explore');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    const tags = dialog.getByRole('combobox', { name: 'Tags' });
    await tags.fill('Q'.repeat(30));
    await tags.press('Enter');
    await within(dialog.getByRole('button', { name: `Remove ${'Q'.repeat(30)}` }), dialog);
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });

  test("the score's tooltip of the longest usernames stays on the screen", async ({ page, request }, testInfo) => {
    const username = `V${uniqueName('', testInfo)}`.padEnd(30, 'v').slice(0, 30);
    const created = await request.post('/api/auth/signup', {
      data: { username, password: PASSWORD, firstName: 'Vera', lastName: 'Voter' },
    });
    expect(created.status()).toBe(201);
    const { encodedToken: token, createdUser: user } = (await created.json()) as {
      encodedToken: string;
      createdUser: UserJson;
    };
    const title = uniqueTitle('Wide tooltip', testInfo);
    const author = await signUpViaApi(request, testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    const voted = await request.post(`/api/votes/react/${question.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { reaction: 'upvote' },
    });
    expect(voted.status()).toBe(201);

    // Signed in, the page is read past the visitors' cache, which a vote leaves in place.
    await startSignedIn(page, { token, user });
    await page.goto(`/question/${question.id}`);
    const post = page.getByRole('article', { name: title });
    await post.getByLabel(/^Score 1$/).tap();
    const tooltip = post.getByRole('tooltip');
    await expect(tooltip).toHaveText(`@${username}`);
    const box = await tooltip.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320, `inside the screen: ${JSON.stringify(box)}`).toBe(true);
  });
});

test.describe('a long search word on the narrowest phone (320 × 640)', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('wraps inside the page on Explore, Feed and Bookmarks, never widening it', async ({
    page,
    signedIn: _signedIn,
  }) => {
    const word = 'Sauerteigbrotbackanleitungsbeschreibung'.repeat(3);
    for (const [path, text] of [
      ['/explore', `Results for “${word}”`],
      ['/feed', `Results for “${word}”`],
      ['/bookmarks', `Bookmarks matching “${word}”`],
    ] as const) {
      await page.goto(`${path}?q=${word}`);
      await expect(page.getByText(text)).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `no sideways scrolling on ${path}`,
      ).toBeLessThanOrEqual(0);
    }
  });
});
