import type { Page, TestInfo } from '@playwright/test';
import {
  addAnswerViaApi,
  createPostViaApi,
  expect,
  expectNoSeriousA11yViolations,
  signUpViaApi,
  startSignedIn,
  test,
  type TestUser,
  uniqueTitle,
} from './fixtures.js';

/**
 * axe-core (WCAG 2.1 A/AA and best practices) on every page and every dialog, on a desktop and a
 * phone, in light mode, and on the busiest pages in dark mode: no serious or critical violations.
 */

const PUBLIC_PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (page) => expect(page.getByRole('link', { name: 'JOIN NOW' })).toBeVisible() },
  { path: '/signIn', ready: (page) => expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible() },
  { path: '/signUp', ready: (page) => expect(page.getByRole('button', { name: 'FILL UP TEST DATA' })).toBeVisible() },
  { path: '/explore', ready: (page) => expect(postsOn(page).first()).toBeVisible() },
  { path: '/no-such-page', ready: (page) => expect(page.getByText('404')).toBeVisible() },
];

const postsOn = (page: Page) => page.getByRole('main').getByRole('article');

// Each axe run takes a second or more, and these tests make many.
test.describe.configure({ timeout: 90_000 });

/** A post by someone else with an answer and comments, so the question page shows everything. */
async function busyQuestion(page: Page, testInfo: TestInfo) {
  const request = page.request;
  const author = await signUpViaApi(request, testInfo);
  const question = await createPostViaApi(request, author.token, {
    title: uniqueTitle('Accessible brioche', testInfo),
    text: 'My brioche collapses after proofing overnight in the fridge.',
    tags: ['Breads', 'Recipes'],
  });
  await addAnswerViaApi(request, author.token, question._id, 'Shorten the cold proof to 10 hours.');
  return question;
}

async function signedInPages(page: Page, user: TestUser, questionId: string) {
  await startSignedIn(page, user);
  const pages: { path: string; ready: () => Promise<void> }[] = [
    { path: '/feed', ready: () => expect(postsOn(page).first()).toBeVisible() },
    { path: '/bookmarks', ready: () => expect(page.getByText('No posts found')).toBeVisible() },
    { path: '/profile', ready: () => expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible() },
    {
      path: `/question/${questionId}`,
      ready: () => expect(page.getByRole('heading', { level: 2, name: '1 Answer' })).toBeVisible(),
    },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await ready();
    await expectNoSeriousA11yViolations(page, path);
  }
}

// Without motion: axe measures colour contrast, and a snackbar caught fading in would fail it.
test.use({ reducedMotion: 'reduce' });

for (const layout of ['desktop', 'phone'] as const) {
  test.describe(`axe, ${layout}`, () => {
    if (layout === 'phone') test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('public pages', async ({ page }, testInfo) => {
      for (const { path, ready } of PUBLIC_PAGES) {
        await page.goto(path);
        await ready(page);
        await expectNoSeriousA11yViolations(page, `${path} (${layout})`);
      }
      const question = await busyQuestion(page, testInfo);
      await page.goto(`/question/${question.id}`);
      await expect(page.getByRole('link', { name: 'Sign in to comment' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `question page signed out (${layout})`);
      await page.goto('/question/987654321');
      await expect(page.getByText('Post not found')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `unknown question (${layout})`);
    });

    test('signed-in pages', async ({ page, freshUser }, testInfo) => {
      const question = await busyQuestion(page, testInfo);
      await signedInPages(page, freshUser, question.id);
    });

    test('dialogs, popover and menus', async ({ page, signedIn }, testInfo) => {
      const mine = await createPostViaApi(page.request, signedIn.token, {
        title: uniqueTitle('My own loaf', testInfo),
        tags: ['Breads'],
      });
      await page.goto(`/question/${mine.id}`);
      const post = page.getByRole('article', { name: mine.questionTitle });
      await expect(post).toBeVisible();

      await post.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('dialog', { name: 'Copy to Clipboard' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Share dialog (${layout})`);
      await page.keyboard.press('Escape');

      await post.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this post?' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `delete confirmation (${layout})`);
      await page.keyboard.press('Escape');

      await post.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Post' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Edit Post dialog (${layout})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const newPost =
        layout === 'phone'
          ? page.getByRole('button', { name: 'Create New Post' })
          : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' });
      await newPost.click();
      const dialog = page.getByRole('dialog', { name: 'New Post' });
      await dialog.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(dialog.getByLabel('Post Title')).toHaveAccessibleDescription('Required');
      await dialog.getByRole('combobox', { name: 'Tags' }).click();
      await expect(dialog.getByRole('listbox', { name: 'Tags' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `New Post dialog with errors and the tag list (${layout})`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/feed');
      await expect(postsOn(page).first()).toBeVisible();
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page.getByRole('dialog', { name: 'Filter Posts' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `filter popover (${layout})`);
      await page.keyboard.press('Escape');

      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Profile' });
      await edit.getByLabel('Password', { exact: true }).fill('a-new-password');
      await edit.getByLabel('First Name').fill('');
      await edit.getByRole('button', { name: 'Update' }).click();
      await expect(edit.getByLabel('First Name')).toHaveAccessibleDescription('Required Field');
      await expectNoSeriousA11yViolations(page, `Edit Profile dialog with errors (${layout})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Bakers you follow/ }).click();
      await expect(page.getByRole('button', { name: 'Unfollow @crumb' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `Bakers you follow, open (${layout})`);

      const menuButton = page.getByRole('button', { name: `Menu for @${signedIn.username}` });
      if (layout === 'phone') {
        await menuButton.click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNoSeriousA11yViolations(page, `avatar menu (${layout})`);
        await page.keyboard.press('Escape');
      } else {
        await expect(menuButton).toBeHidden();
      }
    });

    test('sign-in and sign-up forms with their errors', async ({ page }) => {
      await page.goto('/signIn');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Required Field');
      await page.getByLabel('Username').fill('nobody-here');
      await page.getByLabel('Password').fill('whatever-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'not registered' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `sign-in errors (${layout})`);

      await page.goto('/signUp');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('Required Field');
      await expectNoSeriousA11yViolations(page, `sign-up errors (${layout})`);
    });
  });
}

test.describe('axe, dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('public pages and a question page', async ({ page }, testInfo) => {
    const question = await busyQuestion(page, testInfo);
    for (const path of ['/', '/signIn', '/explore', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${path} (dark)`);
    }
    await page.goto(`/question/${question.id}`);
    await expect(page.getByRole('heading', { level: 2, name: '1 Answer' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'question page (dark, signed out)');
  });

  test('signed-in pages and a dialog', async ({ page, freshUser }, testInfo) => {
    const question = await busyQuestion(page, testInfo);
    await signedInPages(page, freshUser, question.id);
    await page.getByRole('article', { name: question.questionTitle }).getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('dialog', { name: 'Copy to Clipboard' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Share dialog (dark)');
  });

  test('the snackbar', async ({ page, freshUser }, testInfo) => {
    const question = await busyQuestion(page, testInfo);
    await page.route('**/api/votes/react/**', (route) =>
      route.fulfill({ status: 500, json: { errors: ['Some error occurred. Try Again!'] } }),
    );
    await startSignedIn(page, freshUser);
    await page.goto(`/question/${question.id}`);
    await page.getByRole('button', { name: 'Upvote post' }).click();
    await expect(page.getByText('Some error occurred. Try Again!')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'snackbar (dark)');
  });
});
