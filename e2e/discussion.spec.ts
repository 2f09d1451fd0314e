import type { Page } from '@playwright/test';
import {
  addAnswerViaApi,
  clickAndAwaitWrite,
  createPostViaApi,
  expect,
  expectNoSeriousA11yViolations,
  getQuestionViaApi,
  signUpViaApi,
  startSignedIn,
  test,
  uniqueTitle,
} from './fixtures.js';

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe('comments', () => {
  test('on a post card: the toggle opens the thread; empty says Required; the comment stays', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Comment on my crumb', testInfo);
    const question = await createPostViaApi(request, author.token, { title });

    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    const post = card(page, title);
    const toggle = post.getByRole('button', { name: '0 Comments' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(post.getByText('No comments yet.')).toBeVisible();

    const box = post.getByLabel('Add a comment');
    await post.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(box).toHaveAccessibleDescription('Required');
    await box.fill('Try a longer bulk ferment.');
    await expect(box).not.toHaveAccessibleDescription('Required');
    await post.getByRole('button', { name: 'Comment', exact: true }).click();

    const thread = post.getByRole('list', { name: 'Comments on this post' });
    await expect(thread.getByRole('listitem')).toHaveCount(1);
    await expect(thread.getByText('Try a longer bulk ferment.')).toBeVisible();
    await expect(thread.getByText(`@${signedIn.username}`)).toBeVisible();
    await expect(box).toHaveValue('');

    await page.goto(`/question/${question.id}`);
    await expect(
      page.getByRole('list', { name: 'Comments on this post' }).getByText('Try a longer bulk ferment.'),
    ).toBeVisible();
    expect((await getQuestionViaApi(request, question.id)).commentCount).toBe(1);
  });

  test('on the question page: newest first, edit and delete your own', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Comments on the page', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.goto(`/question/${question.id}`);

    const box = page.getByLabel('Add a comment');
    await box.fill('First thought.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(box).toHaveValue('');
    await box.fill('Second thought.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const thread = page.getByRole('list', { name: 'Comments on this post' });
    await expect(thread.getByRole('listitem')).toHaveText([/Second thought\./, /First thought\./]);

    // By position: while it is edited, the item's text is in a text box, not in its content.
    const first = thread.getByRole('listitem').nth(1);
    await first.getByRole('button', { name: 'Edit comment' }).click();
    await first.getByLabel('Edit comment').fill('First thought, revised.');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(thread.getByText('First thought, revised.')).toBeVisible();

    await thread
      .getByRole('listitem')
      .filter({ hasText: 'Second thought.' })
      .getByRole('button', { name: 'Delete comment' })
      .click();
    await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(thread.getByRole('listitem')).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('list', { name: 'Comments on this post' }).getByRole('listitem')).toHaveText([
      /First thought, revised\./,
    ]);
  });

  test('the comment box holds as many emoji as the server takes, not half as many', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const title = uniqueTitle('Emoji comment', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.goto(`/question/${question.id}`);

    // 2,000 characters, the comment limit, as 4,000 UTF-16 units: a browser's maxlength of 2,000
    // would keep only 1,000 of them.
    const full = '🍞'.repeat(2_000);
    const box = page.getByLabel('Add a comment');
    const charactersInBox = async () => [...(await box.inputValue())].length;
    await box.fill(full);
    await expect.poll(charactersInBox).toBe(2_000);
    await box.press('x');
    await expect.poll(charactersInBox).toBe(2_000);
    await expect(box).toHaveValue(full);

    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(box).toHaveValue('');
    const thread = page.getByRole('list', { name: 'Comments on this post' });
    await expect(thread.getByText(full)).toBeVisible();
  });

  test('signed out: "Sign in to comment" signs in and comes back', async ({ page, request, freshUser }, testInfo) => {
    const title = uniqueTitle('Sign in first', testInfo);
    const question = await createPostViaApi(request, freshUser.token, { title });
    await page.goto(`/question/${question.id}`);
    await expect(page.getByLabel('Add a comment')).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in to comment' }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(freshUser.username);
    await form.getByLabel('Password').fill(freshUser.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByLabel('Add a comment')).toBeFocused();
    // The box is reached; the address no longer names it.
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
  });

  test('signed out on Explore: a post card\'s "Sign in to comment" comes back to that card\'s box', async ({
    page,
    request,
    freshUser,
  }, testInfo) => {
    const title = uniqueTitle('Comment from the list', testInfo);
    await createPostViaApi(request, freshUser.token, { title });
    await page.goto('/explore');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: '0 Comments' }).click();
    await card.getByRole('link', { name: 'Sign in to comment' }).click();
    await expect(page).toHaveURL(/\/signIn$/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(freshUser.username);
    await form.getByLabel('Password').fill(freshUser.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(card.getByLabel('Add a comment')).toBeFocused();
    await expect(page).toHaveURL(/\/explore$/);
    // Only that card's thread opened.
    await expect(page.getByLabel('Add a comment')).toHaveCount(1);
  });

  test('signed out on a phone: "Sign in to answer" and an answer\'s "Sign in to comment" lead back to their box', async ({
    page,
    request,
    freshUser,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const title = uniqueTitle('A long thread', testInfo);
    const question = await createPostViaApi(request, freshUser.token, { title });
    const helper = await signUpViaApi(request, testInfo);
    const long = 'Keep the dough at 24 °C and fold it every half hour. '.repeat(12);
    for (let i = 0; i < 3; i += 1) await addAnswerViaApi(request, helper.token, question.id, long);
    const signIn = async () => {
      await expect(page).toHaveURL(/\/signIn$/);
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Username').fill(freshUser.username);
      await form.getByLabel('Password').fill(freshUser.password);
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    };

    await page.goto(`/question/${question.id}`);
    await page.getByRole('link', { name: 'Sign in to answer' }).click();
    await signIn();
    const answerBox = page.getByRole('region', { name: 'Your Answer' }).getByRole('textbox');
    await expect(answerBox).toBeFocused();
    await expect(answerBox).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    // Back to the page later does not send the reader to the box again.
    await page.getByRole('link', { name: 'Crumb, go to Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/question/${question.id}$`));
    await expect(answerBox).toBeVisible();
    await expect(answerBox).not.toBeFocused();

    // Signed out again, as a visitor opening the page anew.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/question/${question.id}`);
    const second = page.getByRole('article', { name: `Answer by @${helper.username}` }).nth(1);
    await second.getByRole('button', { name: '0 Comments' }).click();
    await second.getByRole('link', { name: 'Sign in to comment' }).click();
    await signIn();
    const commentBox = page
      .getByRole('article', { name: `Answer by @${helper.username}` })
      .nth(1)
      .getByLabel('Add a comment');
    await expect(commentBox).toBeFocused();
    await expect(commentBox).toBeInViewport();
  });
});

test.describe('answers', () => {
  test('answer, vote on it, edit it and delete it', async ({ page, request, signedIn }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('How do I laminate dough', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    await page.goto(`/question/${question.id}`);
    await expect(page.getByRole('heading', { level: 2, name: '0 Answers' })).toBeVisible();
    await expect(page.getByText('No answers yet. Be the first to help!')).toBeVisible();

    const yours = page.getByRole('region', { name: 'Your Answer' });
    await yours.getByRole('button', { name: 'Post Answer' }).click();
    await expect(yours.getByRole('textbox', { name: 'Your Answer' })).toHaveAccessibleDescription('Required');
    await yours.getByRole('textbox', { name: 'Your Answer' }).fill('Keep the butter at 15 °C and rest between folds.');
    await yours.getByRole('button', { name: 'Post Answer' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '1 Answer' })).toBeVisible();
    await expect(yours.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('');

    const answer = page.getByRole('article', { name: `Answer by @${signedIn.username}` });
    await expect(answer.getByText('Keep the butter at 15 °C and rest between folds.')).toBeVisible();

    await clickAndAwaitWrite(page, answer.getByRole('button', { name: 'Upvote answer' }), '/api/votes/');
    await expect(answer.getByLabel(/^Score 1$/)).toBeVisible();
    await page.reload();
    await expect(answer.getByLabel(/^Score 1$/)).toBeVisible();
    await expect(answer.getByRole('button', { name: 'Upvote answer' })).toHaveAttribute('aria-pressed', 'true');

    await answer.getByRole('button', { name: 'Edit answer' }).click();
    await answer.getByLabel('Edit your answer').fill('Keep the butter at 13 °C, and chill 20 minutes between folds.');
    await answer.getByRole('button', { name: 'Save' }).click();
    await expect(answer.getByText('Keep the butter at 13 °C, and chill 20 minutes between folds.')).toBeVisible();
    await expect(answer.getByText('(edited)')).toBeVisible();
    await page.reload();
    await expect(answer.getByText('Keep the butter at 13 °C, and chill 20 minutes between folds.')).toBeVisible();

    await answer.getByRole('button', { name: 'Delete answer' }).click();
    await page.getByRole('dialog', { name: 'Delete this answer?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(answer).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: '0 Answers' })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '0 Answers' })).toBeVisible();
  });

  test('a reload asks first while an answer or an edit holds unsent text, and not otherwise', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const question = await createPostViaApi(request, author.token, {
      title: uniqueTitle('Why did my loaf collapse', testInfo),
    });
    await addAnswerViaApi(request, signedIn.token, question.id, 'It was over-proofed.');
    await page.goto(`/question/${question.id}`);
    const asked: string[] = [];
    // Dismissing the browser's question keeps the page, and what was typed in it.
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });

    const box = page.getByRole('region', { name: 'Your Answer' }).getByRole('textbox', { name: 'Your Answer' });
    await box.fill('Shape it tighter next time.');
    await page.reload({ timeout: 2000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    await expect(box).toHaveValue('Shape it tighter next time.');

    // An edit opened but not changed has nothing to lose; changed, it asks.
    await box.fill('');
    const answer = page.getByRole('article', { name: `Answer by @${signedIn.username}` });
    await answer.getByRole('button', { name: 'Edit answer' }).click();
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await answer.getByRole('button', { name: 'Edit answer' }).click();
    await answer.getByLabel('Edit your answer').fill('It was over-proofed by an hour.');
    await page.reload({ timeout: 2000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload', 'beforeunload']);
    await expect(answer.getByLabel('Edit your answer')).toHaveValue('It was over-proofed by an hour.');
  });

  test('moving to another page asks first while an answer holds unsent text: a link, Back and Logout', async ({
    page,
    request,
    // Signs the page in before it opens.
    signedIn: _signedIn,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Why is my crust pale', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    await card(page, title).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/question/${question.id}`);
    const box = page.getByRole('region', { name: 'Your Answer' }).getByRole('textbox', { name: 'Your Answer' });
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    const main = page.getByRole('navigation', { name: 'Main' });

    // Nothing typed, nothing asked.
    await main.getByRole('link', { name: 'Bookmarks' }).click();
    await expect(page).toHaveURL('/bookmarks');
    await page.goBack();
    await expect(page).toHaveURL(`/question/${question.id}`);

    await box.fill('Bake it ten minutes longer.');
    await main.getByRole('link', { name: 'Bookmarks' }).click();
    await expect(leave).toBeVisible();
    await expect(leave).toHaveAccessibleDescription('What you typed has not been sent. It will be lost if you leave.');
    await expectNoSeriousA11yViolations(page, 'the Leave this page? dialog');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(`/question/${question.id}`);
    await expect(box).toHaveValue('Bake it ten minutes longer.');

    // Logout asks too, and staying keeps the baker signed in, even on Explore later.
    await page.getByRole('button', { name: 'Logout' }).click();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(box).toHaveValue('Bake it ten minutes longer.');
    await page.goBack();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/explore\?q=/);
    await expect(card(page, title)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(leave).toHaveCount(0);
  });

  test('an answer whose reply was lost is stored once when sent again; Post Answer keeps keyboard focus', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const question = await createPostViaApi(request, author.token, { title: uniqueTitle('Lost reply', testInfo) });
    let sends = 0;
    await page.route('**/api/answers/add/**', async (route) => {
      sends += 1;
      // The server stores the first send, but its reply never reaches the browser.
      const response = await route.fetch();
      if (sends === 1) return route.abort('connectionreset');
      await new Promise((resolve) => setTimeout(resolve, 500));
      return route.fulfill({ response });
    });
    await page.goto(`/question/${question.id}`);
    const yours = page.getByRole('region', { name: 'Your Answer' });
    await yours.getByRole('textbox', { name: 'Your Answer' }).fill('Rest the dough overnight.');
    await yours.getByRole('button', { name: 'Post Answer' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Some error occurred. Try Again!')).toBeVisible();
    await expect(yours.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('Rest the dough overnight.');

    await yours.getByRole('button', { name: 'Post Answer' }).focus();
    await page.keyboard.press('Enter');
    await expect(yours.getByRole('button', { name: 'Posting…' })).toBeFocused();
    await expect(yours.getByRole('textbox', { name: 'Your Answer' })).toHaveValue('');
    await expect(yours.getByRole('button', { name: 'Post Answer' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: '1 Answer' })).toBeVisible();
    await expect(page.getByRole('article', { name: `Answer by @${signedIn.username}` })).toHaveCount(1);
    expect(sends).toBe(2);
    const stored = await getQuestionViaApi(request, question.id);
    expect(stored.answerCount).toBe(1);
  });

  test("others' answers offer no edit; the question's author may delete them", async ({ page, request }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const helper = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Moderate my thread', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    await addAnswerViaApi(request, helper.token, question._id, 'Use a colder fridge.');

    await startSignedIn(page, author);
    await page.goto(`/question/${question.id}`);
    const answer = page.getByRole('article', { name: `Answer by @${helper.username}` });
    await expect(answer.getByText('Use a colder fridge.')).toBeVisible();
    await expect(answer.getByRole('button', { name: 'Edit answer' })).toHaveCount(0);
    await expect(answer.getByRole('button', { name: 'Delete answer' })).toBeVisible();
  });
});
