import type { Page } from '@playwright/test';
import {
  clickAndAwaitWrite,
  createPostViaApi,
  expect,
  getQuestionViaApi,
  signUpViaApi,
  startSignedIn,
  test,
  uniqueTitle,
} from './fixtures.js';

/** A post card (or the question page's post), found by its title. */
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

async function pickTag(page: Page, tag: string) {
  const tags = page.getByRole('dialog').getByRole('combobox', { name: 'Tags' });
  await tags.fill(tag);
  await tags.press('Enter');
  // Until a post has three tags the list stays open for the next pick; Escape
  // closes only the list. With three it closes by itself (Escape would close the dialog then).
  if ((await tags.getAttribute('aria-expanded')) === 'true') await tags.press('Escape');
}

test.describe('new post', () => {
  test('validates, then the post tops Explore and the Feed', async ({ page, signedIn }, testInfo) => {
    await page.goto('/explore');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Tags' })).toHaveAttribute('placeholder', 'Choose 3 tags');

    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(dialog.getByLabel('Post Title')).toHaveAccessibleDescription('Required');
    await expect(dialog.getByLabel('Description')).toHaveAccessibleDescription('Required');
    await expect(dialog.getByLabel('Post Title')).toBeFocused();

    const title = uniqueTitle('Why does my focaccia stick', testInfo);
    await dialog.getByLabel('Post Title').fill(title);
    await expect(dialog.getByLabel('Post Title')).not.toHaveAccessibleDescription('Required');
    await dialog.getByLabel('Description').fill('It glues itself to the tin every time, even with lots of oil.');
    for (const tag of ['Breads', 'Baking', 'Baking Tools', 'Recipes']) await pickTag(page, tag);
    await expect(dialog.getByRole('list', { name: 'Selected tags' }).getByRole('listitem')).toHaveCount(4);
    await expect(dialog.getByRole('combobox', { name: 'Tags' })).toHaveAttribute('aria-expanded', 'false');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(dialog.getByText('Upto three tags allowed')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Remove Recipes' }).click();
    await expect(dialog.getByText('Upto three tags allowed')).toBeHidden();
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(dialog).toBeHidden();

    // Explore is shared with the other worker, which may post at the same moment: the new post
    // is among the first few there, and first in this baker's own feed below.
    const created = card(page, title);
    await expect(created).toBeVisible();
    const top = await page.getByRole('region', { name: 'Posts' }).getByRole('heading', { level: 2 }).allTextContents();
    expect(top.slice(0, 3)).toContain(title);
    await expect(created.getByText(`Posted by @${signedIn.username}`)).toBeVisible();
    await expect(created.getByRole('list', { name: 'Tags' })).toHaveText(/Breads\s*Baking\s*Baking Tools/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
    await expect(page.getByRole('region', { name: 'Feed' }).getByRole('article').first()).toHaveAccessibleName(title);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Feed' }).getByRole('article').first()).toHaveAccessibleName(title);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px the open tag list stays in the dialog and leaves Post to be pressed`, async ({
      page,
      signedIn,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Create New Post' }).filter({ visible: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New Post' });
      const title = uniqueTitle('Tags then Post', testInfo);
      await dialog.getByLabel('Post Title').fill(title);
      await dialog.getByLabel('Description').fill('Picked a tag, then pressed Post straight away.');
      await dialog.getByRole('combobox', { name: 'Tags' }).click();
      const list = dialog.getByRole('listbox', { name: 'Tags' });
      await list.getByRole('option', { name: 'Breads', exact: true }).click();
      const postButton = dialog.getByRole('button', { name: 'Post', exact: true });
      const cancelButton = dialog.getByRole('button', { name: 'Cancel' });
      /** The open list lies whole inside the dialog, and clear of Cancel and Post. */
      const expectClearOfButtons = async (what: string) => {
        await expect(list).toBeVisible();
        const listBox = await list.boundingBox();
        const dialogBox = await dialog.boundingBox();
        if (!listBox || !dialogBox) throw new Error('not laid out');
        expect(listBox.y, what).toBeGreaterThanOrEqual(dialogBox.y);
        expect(listBox.y + listBox.height, what).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
        for (const button of [cancelButton, postButton]) {
          const box = await button.boundingBox();
          if (!box) throw new Error('not laid out');
          const overlaps = listBox.y < box.y + box.height && box.y < listBox.y + listBox.height;
          expect(overlaps, `${what}: the list covers ${await button.textContent()}`).toBe(false);
        }
      };
      // Open for the next pick, with every tag offered; then short, after typing.
      await expectClearOfButtons('the whole list');
      await dialog.getByRole('combobox', { name: 'Tags' }).pressSequentially('cook');
      await expect(list.getByRole('option')).toHaveCount(2);
      await expectClearOfButtons('a short list');

      // Leaving the field adds the offered tag the typed text begins (decision 30), and posts.
      await postButton.click();
      await expect(dialog).toBeHidden();
      const posted = card(page, title);
      await expect(posted.getByText(`Posted by @${signedIn.username}`)).toBeVisible();
      await expect(posted.getByRole('list', { name: 'Tags' })).toHaveText(/Breads\s*Cookies/);
    });
  }

  test('Tab from typed tag text adds the tag and moves on to Cancel, by keyboard alone', async ({ page, signedIn }) => {
    await page.goto('/profile');
    await expect(
      page.getByRole('button', { name: `Menu for @${signedIn.username}`, includeHidden: true }),
    ).toBeAttached();
    await page.getByRole('button', { name: 'Create New Post' }).filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    const tagsField = dialog.getByRole('combobox', { name: 'Tags' });
    await tagsField.focus();
    await page.keyboard.type('pastr');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('list', { name: 'Selected tags' })).toHaveText('Pastry');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();

    await tagsField.focus();
    await page.keyboard.type('cook');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('list', { name: 'Selected tags' })).toHaveText(/Pastry\s*Cookies/);
    await expect(dialog.getByRole('button', { name: 'Remove Cookies' })).toBeFocused();
  });

  test('Cancel closes the dialog and keeps nothing', async ({ page, signedIn }) => {
    await page.goto('/feed');
    await expect(
      page.getByRole('button', { name: `Menu for @${signedIn.username}`, includeHidden: true }),
    ).toBeAttached();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    await dialog.getByLabel('Post Title').fill('Half a thought');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    await expect(page.getByRole('dialog', { name: 'New Post' }).getByLabel('Post Title')).toHaveValue('');
  });

  test('a press beside the dialog keeps what was typed; with nothing typed it closes', async ({ page, signedIn }) => {
    await page.goto('/feed');
    await expect(
      page.getByRole('button', { name: `Menu for @${signedIn.username}`, includeHidden: true }),
    ).toBeAttached();
    const open = () =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post' });
    const pressOutside = () => page.mouse.click(5, 400);

    await open();
    await dialog.getByLabel('Description').fill('A long story about my starter');
    await pressOutside();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Description')).toHaveValue('A long story about my starter');

    await dialog.getByLabel('Description').fill('');
    await dialog.getByRole('combobox', { name: 'Tags' }).fill('Sourd');
    await pressOutside();
    await expect(dialog).toBeVisible();
    // Leaving the field added what was typed as a tag.
    await expect(dialog.getByRole('list', { name: 'Selected tags' })).toHaveText('Sourd');

    await dialog.getByRole('button', { name: 'Remove Sourd' }).click();
    await pressOutside();
    await expect(dialog).toBeHidden();
  });

  test('the author edits and deletes their post', async ({ page, request, signedIn }, testInfo) => {
    const title = uniqueTitle('Editable brioche', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title, tags: ['Breads'] });
    await page.goto('/profile');
    await page.goto(`/question/${question.id}`);
    const post = card(page, title);
    await post.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Post' });
    await expect(dialog.getByLabel('Post Title')).toHaveValue(title);
    const renamed = `${title} (fixed)`;
    await dialog.getByLabel('Post Title').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    await card(page, renamed).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('status').filter({ hasText: 'Post deleted.' })).toBeVisible();
    // The deleted post's page was replaced in the history: Back goes to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto(`/question/${question.id}`);
    await expect(page.getByText('Post not found')).toBeVisible();
  });
});

test.describe('votes', () => {
  test('upvote, switch to downvote, unvote: the score follows and survives a reload', async ({
    page,
    request,
  }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const voter = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Vote on my scones', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    await startSignedIn(page, voter);
    await page.goto(`/question/${question.id}`);

    const post = card(page, title);
    const up = post.getByRole('button', { name: 'Upvote post' });
    const down = post.getByRole('button', { name: 'Downvote post' });
    const score = (n: number) => post.getByLabel(new RegExp(`^Score ${n}$`));
    await expect(score(0)).toBeVisible();
    await expect(score(0)).toHaveAccessibleDescription('None');

    await clickAndAwaitWrite(page, up, '/api/votes/');
    await expect(score(1)).toBeVisible();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(score(1)).toHaveAccessibleDescription(`@${voter.username}`);
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await score(1).hover();
    await expect(page.getByRole('tooltip')).toHaveText(`@${voter.username}`);

    await clickAndAwaitWrite(page, down, '/api/votes/');
    await expect(score(-1)).toBeVisible();
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(score(-1)).toBeVisible();

    await clickAndAwaitWrite(page, down, '/api/votes/');
    await expect(score(0)).toBeVisible();
    await expect(down).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(score(0)).toBeVisible();
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await expect(down).toHaveAttribute('aria-pressed', 'false');
  });

  test("Escape hides the score's tooltip and leaves focus on the score", async ({ page, request }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Tooltip by keyboard', testInfo);
    const question = await createPostViaApi(request, author.token, { title });
    await page.goto(`/question/${question.id}`);
    const score = card(page, title).getByLabel(/^Score 0$/);
    await expect(score).toBeVisible();
    await score.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(score).toBeFocused();
    const tooltip = page.getByRole('tooltip', { name: 'None' });
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
    await expect(score).toBeFocused();
    // Shown again when focus comes back.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(score).toBeFocused();
    await expect(tooltip).toBeVisible();
  });
});

test.describe('bookmarks', () => {
  test('Add Bookmark, Your Bookmarks, Remove Bookmark', async ({ page, request, signedIn }, testInfo) => {
    const author = await signUpViaApi(request, testInfo);
    const title = uniqueTitle('Keep this babka', testInfo);
    const question = await createPostViaApi(request, author.token, { title });

    await page.goto('/bookmarks');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();
    await expect(page.getByText('No posts found')).toBeVisible();

    await page.goto(`/question/${question.id}`);
    const add = card(page, title).getByRole('button', { name: 'Add Bookmark' });
    await clickAndAwaitWrite(page, add, '/api/question/addBookmark/');
    const remove = card(page, title).getByRole('button', { name: 'Remove Bookmark' });
    await expect(remove).toBeVisible();
    await page.reload();
    await expect(remove).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmarks' }).click();
    await expect(page).toHaveURL(/\/bookmarks$/);
    const bookmarked = page.getByRole('region', { name: 'Bookmarked posts' });
    await expect(bookmarked.getByRole('article', { name: title })).toBeVisible();

    await clickAndAwaitWrite(
      page,
      card(page, title).getByRole('button', { name: 'Remove Bookmark' }),
      '/api/question/removeBookmark/',
    );
    await expect(page.getByText('No posts found')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No posts found')).toBeVisible();
    expect((await getQuestionViaApi(request, question.id, signedIn.token)).bookmarked).toBe(false);
  });

  test('bookmarks are per user and hidden once signed out', async ({ page, request, signedIn }, testInfo) => {
    const title = uniqueTitle('My own bookmark', testInfo);
    const question = await createPostViaApi(request, signedIn.token, { title });
    await page.goto(`/question/${question.id}`);
    await card(page, title).getByRole('button', { name: 'Add Bookmark' }).click();
    await expect(card(page, title).getByRole('button', { name: 'Remove Bookmark' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto(`/question/${question.id}`);
    await expect(card(page, title).getByRole('button', { name: 'Add Bookmark' })).toBeVisible();
    await expect(card(page, title).getByRole('button', { name: 'Remove Bookmark' })).toHaveCount(0);
  });
});

test.describe('share', () => {
  test('Copy puts the link on the clipboard and says Copied for 3 seconds', async ({
    page,
    context,
    request,
    freshUser,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const title = uniqueTitle('Share my starter', testInfo);
    const question = await createPostViaApi(request, freshUser.token, { title });
    await page.goto('/explore');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(title);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article')).toHaveCount(1);
    await card(page, title).getByRole('button', { name: 'Share' }).click();

    const dialog = page.getByRole('dialog', { name: 'Copy to Clipboard' });
    const link = `${new URL(page.url()).origin}/question/${question.id}`;
    await expect(dialog.getByRole('textbox', { name: 'Link to this post' })).toHaveValue(link);
    await expect(dialog.getByRole('textbox', { name: 'Link to this post' })).toHaveAttribute('readonly', '');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    const copiedAt = Date.now();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(dialog.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - copiedAt).toBeGreaterThan(2_500);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card(page, title).getByRole('button', { name: 'Share' })).toBeFocused();
  });

  test('without the Clipboard API the link is copied by the fallback', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
      // What the browser's own copy takes: the text selected in the focused field when it copies.
      document.addEventListener('copy', () => {
        const field = document.activeElement;
        const copied = ((window as unknown as { copied?: string[] }).copied ??= []);
        const selected =
          field instanceof HTMLInputElement
            ? field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)
            : '';
        copied.push(selected);
      });
    });
    await page.goto('/explore');
    const first = page.getByRole('region', { name: 'Posts' }).getByRole('article').first();
    await first.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy to Clipboard' });
    const link = await dialog.getByRole('textbox', { name: 'Link to this post' }).inputValue();
    expect(link).toMatch(/\/question\/\d+$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(dialog.getByText('Link copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { copied?: string[] }).copied)).toEqual([link]);
  });
});
