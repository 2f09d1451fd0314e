import type { APIRequestContext, Page } from '@playwright/test';
import {
  addAnswerViaApi,
  createPostViaApi,
  expect,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueTitle,
  type TestUser,
} from './fixtures.js';

const NEW_PASSWORD = 'e2e-Password-2';

/** Ends the baker's session from elsewhere: a password change refuses every earlier token. */
async function endSession(request: APIRequestContext, baker: TestUser) {
  const changed = await request.post('/api/users/edit', {
    headers: { authorization: `Bearer ${baker.token}` },
    data: {
      userData: {
        firstName: baker.firstName,
        lastName: baker.lastName,
        password: NEW_PASSWORD,
        currentPassword: PASSWORD,
      },
    },
  });
  expect(changed.status()).toBe(201);
}

/** Signs in on the sign-in page, by default with the password `endSession` set. */
async function signInAgain(page: Page, baker: Pick<TestUser, 'username'>, password = NEW_PASSWORD) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(baker.username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Logs out in a second tab of the same browser, which `page` hears of; returns that tab. */
async function logOutInAnotherTab(page: Page) {
  const other = await page.context().newPage();
  await other.goto('/explore');
  await other.getByRole('button', { name: 'Logout' }).click();
  return other;
}

test.describe('a session that ends while the baker is typing', () => {
  test('keeps a new post: sign in again and it is back in New Post, ready to send', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Kept across sign-in', testInfo);
    await page.goto('/feed');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    await dialog.getByLabel('Post Title').fill(title);
    await dialog.getByLabel('Description').fill('Typed before the session ended.');

    await endSession(request, signedIn);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Sign in again.' })).toBeVisible();

    await signInAgain(page, signedIn);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Post Title')).toHaveValue(title);
    await expect(dialog.getByLabel('Description')).toHaveValue('Typed before the session ended.');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: title })).toBeVisible();

    // Posted, it is no longer kept: New Post starts empty.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    await expect(dialog.getByLabel('Post Title')).toHaveValue('');
  });

  test('keeps a comment: back from sign-in it is in the box again', async ({ page, request, signedIn }, testInfo) => {
    const title = uniqueTitle('Comment kept', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.goto(`/question/${question.id}`);
    const box = page.getByLabel('Add a comment');
    await box.fill('Lower the oven by 20 degrees.');

    await endSession(request, signedIn);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();

    await page.getByRole('link', { name: 'Sign in to comment' }).click();
    await signInAgain(page, signedIn);
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(box).toHaveValue('Lower the oven by 20 degrees.');
  });

  test('never gives the kept text to another baker who signs in there', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Comment not for others', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.goto(`/question/${question.id}`);
    const box = page.getByLabel('Add a comment');
    await box.fill('Only mine.');
    await endSession(request, signedIn);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();

    const other = await signUpViaApi(request, testInfo);
    await page.getByRole('link', { name: 'Sign in to comment' }).click();
    await signInAgain(page, other, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(box).toBeVisible();
    await expect(box).toHaveValue('');
    expect(await page.evaluate(() => sessionStorage.getItem('crumb.keptDrafts'))).toBeNull();
  });

  test('keeps a new post when another tab signed out', async ({ page, signedIn }, testInfo) => {
    const title = uniqueTitle('Other tab signed out', testInfo);
    await page.goto('/explore');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    await dialog.getByLabel('Post Title').fill(title);
    await dialog.getByLabel('Description').fill('Still here.');

    const other = await page.context().newPage();
    await other.goto('/explore');
    await other.getByRole('button', { name: 'Logout' }).click();
    // Behind the open dialog (hidden from the accessibility tree), the header has changed.
    await expect(page.locator('header').getByText('Log in')).toBeVisible();

    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    await signInAgain(page, signedIn, PASSWORD);
    await expect(page).toHaveURL(/\/explore$/);
    await expect(dialog.getByLabel('Post Title')).toHaveValue(title);
  });

  test('keeps New Post on a page for bakers only when another tab signs out: back from sign-in it is open with it', async ({
    page,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Feed guard', testInfo);
    await page.goto('/feed');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    await dialog.getByLabel('Post Title').fill(title);
    await dialog.getByLabel('Description').fill('Typed on the feed.');

    await logOutInAnotherTab(page);
    // The feed's guard sends this tab to sign in, and the dialog goes with the page.
    await expect(page).toHaveURL(/\/signIn$/);
    await signInAgain(page, signedIn, PASSWORD);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(dialog.getByLabel('Post Title')).toHaveValue(title);
    await expect(dialog.getByLabel('Description')).toHaveValue('Typed on the feed.');
  });

  test('keeps Edit Post on a page for bakers only when another tab signs out: back from sign-in it is open with it', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Feed guard edit', testInfo);
    await createPostViaApi(request, signedIn.token, { title });
    await page.goto('/feed');
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Post' });
    const renamed = `${title} (kept)`;
    await dialog.getByLabel('Post Title').fill(renamed);

    await logOutInAnotherTab(page);
    await expect(page).toHaveURL(/\/signIn$/);
    await signInAgain(page, signedIn, PASSWORD);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(dialog.getByLabel('Post Title')).toHaveValue(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: renamed })).toBeVisible();
  });

  test('never sends New Post as another baker who signs in from another tab', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    void signedIn;
    const title = uniqueTitle('Not sent as another', testInfo);
    const other = await signUpViaApi(request, testInfo);
    await page.goto('/explore');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    await dialog.getByLabel('Post Title').fill(title);
    await dialog.getByLabel('Description').fill('Only its author may post this.');

    const tab = await logOutInAnotherTab(page);
    // Behind the open dialog (hidden from the accessibility tree), the header has changed.
    await expect(page.locator('header').getByText('Log in')).toBeVisible();
    await tab.goto('/signIn');
    await signInAgain(tab, other, PASSWORD);
    await expect(page.locator('header').getByText('Log in')).toBeHidden();

    // This tab is the other baker's now: the dialog is empty, and Post sends nothing.
    await expect(dialog.getByLabel('Post Title')).toHaveValue('');
    await expect(dialog.getByLabel('Description')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(dialog.getByLabel('Post Title')).toHaveAccessibleDescription('Required');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  });

  test('keeps an edit of an answer: back from sign-in the answer is open for editing with it', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const question = await createPostViaApi(request, signedIn.token, {
      title: uniqueTitle('Answer edit kept', testInfo),
    });
    await addAnswerViaApi(request, signedIn.token, question.id, 'Bake at 220 °C.');
    await page.goto(`/question/${question.id}`);
    const answer = page.getByRole('article', { name: `Answer by @${signedIn.username}` });
    await answer.getByRole('button', { name: 'Edit answer' }).click();
    await answer.getByLabel('Edit your answer').fill('Bake at 230 °C, then 200 °C.');

    await endSession(request, signedIn);
    await answer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Sign in again.' })).toBeVisible();
    // Closed, with the answer as stored: the signed-out page offers nothing to save it with.
    await expect(answer.getByLabel('Edit your answer')).toHaveCount(0);
    await expect(answer.getByText('Bake at 220 °C.')).toBeVisible();

    await page.getByRole('link', { name: 'Sign in to answer' }).click();
    await signInAgain(page, signedIn);
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(answer.getByLabel('Edit your answer')).toHaveValue('Bake at 230 °C, then 200 °C.');
    await answer.getByRole('button', { name: 'Save' }).click();
    await expect(answer.getByText('Bake at 230 °C, then 200 °C.')).toBeVisible();
    await page.reload();
    await expect(answer.getByText('Bake at 230 °C, then 200 °C.')).toBeVisible();
    await expect(answer.getByLabel('Edit your answer')).toHaveCount(0);
  });

  test('keeps an edit of a post: back from sign-in Edit Post is open with it', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Post edit kept', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.goto(`/question/${question.id}`);
    await page.getByRole('article', { name: title }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Post' });
    const renamed = `${title} (kept)`;
    await dialog.getByLabel('Post Title').fill(renamed);

    await endSession(request, signedIn);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    await signInAgain(page, signedIn);
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(dialog.getByLabel('Post Title')).toHaveValue(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  });

  test('keeps an answer being typed when another tab signs out', async ({ page, signedIn }, testInfo) => {
    const question = await createPostViaApi(page.request, signedIn.token, { title: uniqueTitle('Typing', testInfo) });
    await page.goto(`/question/${question.id}`);
    await page.getByRole('textbox', { name: 'Your Answer' }).fill('Fold, do not knead.');

    const other = await page.context().newPage();
    await other.goto('/explore');
    await other.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign in to answer' }).click();
    await signInAgain(page, signedIn, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(page.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('Fold, do not knead.');
  });

  test('keeps a comment on an answer: back from sign-in that answer’s comment box is open with it', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const question = await createPostViaApi(request, signedIn.token, {
      title: uniqueTitle('Answer comment', testInfo),
    });
    await addAnswerViaApi(request, signedIn.token, question.id, 'Use rye flour.');
    await page.goto(`/question/${question.id}`);
    const answer = page.getByRole('article', { name: `Answer by @${signedIn.username}` });
    await answer.getByRole('button', { name: '0 Comments' }).click();
    await answer.getByRole('button', { name: 'Add a comment' }).click();
    await answer.getByLabel('Add a comment').fill('Dark or light rye?');

    await endSession(request, signedIn);
    await answer.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Sign in again.' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in to answer' }).click();
    await signInAgain(page, signedIn);
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(answer.getByLabel('Add a comment')).toHaveValue('Dark or light rye?');
  });
});
