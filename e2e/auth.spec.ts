import {
  addAnswerViaApi,
  createPostViaApi,
  expect,
  getQuestionViaApi,
  PASSWORD,
  signUpViaApi,
  startSignedIn,
  test,
  uniqueName,
  uniqueTitle,
} from './fixtures.js';

test.describe('sign up', () => {
  test('empty fields say Required Field; a new account lands on the feed', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'JOIN NOW' }).click();
    await expect(page).toHaveURL(/\/signUp$/);

    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('button', { name: 'Create Account' }).click();
    for (const label of ['First Name', 'Last Name', 'Username', 'Password']) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription('Required Field');
    }
    // The first empty field takes the focus; typing clears its error.
    await expect(form.getByLabel('First Name')).toBeFocused();
    await form.getByLabel('First Name').fill('Nora');
    await expect(form.getByLabel('First Name')).not.toHaveAccessibleDescription('Required Field');

    const username = uniqueName('s', testInfo);
    await form.getByLabel('Last Name').fill('Rye');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByLabel('Bio (optional)').fill('Rye all day.');
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Posts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
    }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ username, firstName: 'Nora', lastName: 'Rye' });
    expect(stored.user).not.toContain(PASSWORD);
  });

  test('FILL UP TEST DATA fills the form, and the sample account signs up', async ({ page }) => {
    await page.goto('/signUp');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('button', { name: 'FILL UP TEST DATA' }).click();
    for (const label of ['First Name', 'Last Name', 'Username', 'Password', 'Bio (optional)']) {
      await expect(form.getByLabel(label, { exact: true })).not.toHaveValue('');
    }
    await expect(form.getByLabel('Username')).toHaveValue(/^baker_/);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/feed$/);
  });

  test('a taken username is refused with the server message', async ({ page, freshUser }) => {
    await page.goto('/signUp');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First Name').fill('Copy');
    await form.getByLabel('Last Name').fill('Cat');
    await form.getByLabel('Username').fill(freshUser.username.toUpperCase());
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/signUp$/);
  });
});

test.describe('sign in', () => {
  test('empty fields, unknown user and wrong password show their errors; then it signs in', async ({
    page,
    freshUser,
  }) => {
    await page.goto('/signIn');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(form.getByLabel('Username')).toHaveAccessibleDescription('Required Field');
    await expect(form.getByLabel('Password')).toHaveAccessibleDescription('Required Field');

    await form.getByLabel('Username').fill(`${freshUser.username}x`);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('The username you entered is not registered');

    await form.getByLabel('Username').fill(freshUser.username);
    await form.getByLabel('Password').fill('not-the-password');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('The credentials you entered are invalid');

    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('guest sign-in', async ({ page }) => {
    await page.goto('/signIn');
    await page.getByRole('button', { name: 'Sign in as guest' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('button', { name: 'Menu for @guest', includeHidden: true })).toBeAttached();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').username)).toBe('guest');
  });
});

test.describe('the sign-in guard', () => {
  test('a guarded page sends visitors to sign in, then back', async ({ page, freshUser }) => {
    await page.goto('/bookmarks');
    await expect(page).toHaveURL(/\/signIn$/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(freshUser.username);
    await form.getByLabel('Password').fill(freshUser.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();
  });

  test('voting signed out asks to sign in and returns to the same page', async ({ page, request }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Guarded vote', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    const voter = await signUpViaApi(request, testInfo);

    await page.goto(`/question/${question.id}`);
    await page.getByRole('button', { name: 'Upvote post' }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(voter.username);
    await form.getByLabel('Password').fill(voter.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test("signing in on the way back shows the baker's own bookmark and vote, not the visitor's page", async ({
    page,
    request,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Already kept', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    await addAnswerViaApi(request, author.token, question.id, 'Wrap it in linen, not plastic.');
    const answerId = (await getQuestionViaApi(request, question.id)).answers[0]?._id;
    const reader = await signUpViaApi(request, testInfo);
    const headers = { authorization: `Bearer ${reader.token}` };
    expect((await request.post(`/api/question/addBookmark/${question.id}`, { headers })).ok()).toBe(true);
    const vote = await request.post(`/api/votes/react/${question.id}`, { headers, data: { reaction: 'upvote' } });
    expect(vote.ok()).toBe(true);
    const answerVote = await request.post(`/api/votes/vote/${question.id}/${answerId}`, {
      headers,
      data: { reaction: 'upvote' },
    });
    expect(answerVote.ok()).toBe(true);

    await page.goto(`/question/${question.id}`);
    const post = page.getByRole('article', { name: title });
    await post.getByRole('button', { name: 'Add Bookmark' }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(reader.username);
    await form.getByLabel('Password').fill(reader.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    const bookmark = post.getByRole('button', { name: 'Remove Bookmark' });
    await expect(bookmark).toBeVisible();
    // Its label says what a press does; a toggle whose label changes carries no pressed state too.
    await expect(bookmark).not.toHaveAttribute('aria-pressed');
    await expect(post.getByRole('button', { name: 'Upvote post' })).toHaveAttribute('aria-pressed', 'true');
    const answer = page.getByRole('article', { name: `Answer by @${author.username}` });
    await expect(answer.getByRole('button', { name: 'Upvote answer' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('Create New Post signed out goes to sign in and back', async ({ page, freshUser }) => {
    await page.goto('/explore');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(freshUser.username);
    await form.getByLabel('Password').fill(freshUser.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/explore$/);
  });
});

test('logout forgets the session and guarded pages redirect again', async ({ page, freshUser }) => {
  await startSignedIn(page, freshUser);
  await page.goto('/feed');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Posts' })).toBeVisible();
  await expect(
    page
      .getByRole('complementary')
      .getByRole('button', { name: /^Follow / })
      .first(),
  ).toBeVisible();
  // Nothing the page shows is asked for again as the baker who left, whose token is gone.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(
    page
      .getByRole('complementary')
      .getByRole('button', { name: /^Follow / })
      .first(),
  ).toBeVisible();
  expect(refused).toEqual([]);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);

  for (const path of ['/feed', '/bookmarks', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/signIn$/);
  }
});
