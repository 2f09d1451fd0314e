import type { Locator, Page } from '@playwright/test';
import { createPostViaApi, expect, test, uniqueName } from './fixtures.js';

const WELCOME = 'Welcome to Crumb! How to ask a baking question that gets great answers';

const posts = (page: Page, name = 'Posts') => page.getByRole('region', { name }).getByRole('article');

/** The scores of the listed posts, top to bottom. */
async function scores(list: Locator): Promise<number[]> {
  const labels = await list
    .getByLabel(/^Score -?\d+$/)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(/^Score (-?\d+)$/.exec(label)?.[1]));
}

test.describe('search', () => {
  test('typing in Search posts filters Explore through ?q=, and Back undoes it', async ({
    page,
    request,
    freshUser,
  }, testInfo) => {
    const word = uniqueName('zq', testInfo);
    const title = `Proofing basket ${word} question`;
    await createPostViaApi(request, freshUser.token, { title });

    await page.goto('/explore');
    await expect(posts(page).nth(1)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.fill(word);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}$`));
    await expect(page.getByText(`Results for “${word}”`)).toBeVisible();
    await expect(posts(page)).toHaveCount(1);
    await expect(posts(page).first()).toHaveAccessibleName(title);

    await search.fill(`${word}-nothing-like-this`);
    await expect(page.getByText("Couldn't find any matches!")).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(search).toHaveValue('');
    await expect(page.getByText(/^Results for/)).toHaveCount(0);
    // Every post again (other tests may be posting meanwhile, so no exact count).
    await expect(posts(page).nth(1)).toBeVisible();

    await page.goForward();
    await expect(search).not.toHaveValue('');
    await expect(page).toHaveURL(/[?&]q=/);
  });

  test('Enter on a page without a list searches Explore', async ({ page, request, freshUser }, testInfo) => {
    const word = uniqueName('zq', testInfo);
    const question = await createPostViaApi(request, freshUser.token, { title: `Couche ${word}` });
    await page.goto(`/question/${question.id}`);
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/explore\\?q=${word}$`));
    await expect(posts(page)).toHaveCount(1);
  });
});

test.describe('Explore chips', () => {
  test('Trending orders by score; a category shows its tags only', async ({ page }) => {
    await page.goto('/explore');
    const chips = page.getByRole('group', { name: 'Sort and categories' });
    await expect(chips.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');

    await chips.getByRole('button', { name: 'Trending' }).click();
    await expect(page).toHaveURL(/chip=trending/);
    await expect(chips.getByRole('button', { name: 'Trending' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chips.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'false');
    await expect(posts(page).first()).toBeVisible();
    const trending = await scores(page.getByRole('region', { name: 'Posts' }));
    expect(trending.length).toBeGreaterThan(3);
    expect(trending).toEqual([...trending].sort((a, b) => b - a));

    await chips.getByRole('button', { name: 'Cookies' }).click();
    await expect(page).toHaveURL(/chip=cookies/);
    // The list changes in a transition after the URL: the pressed chip says it is the new one.
    await expect(chips.getByRole('button', { name: 'Cookies' })).toHaveAttribute('aria-pressed', 'true');
    await expect(posts(page).first()).toBeVisible();
    for (const post of await posts(page).all()) {
      await expect(post.getByRole('list', { name: 'Tags' })).toContainText('Cookies');
    }

    await chips.getByRole('button', { name: 'Decoration' }).click();
    await expect(chips.getByRole('button', { name: 'Decoration' })).toHaveAttribute('aria-pressed', 'true');
    await expect(posts(page).first()).toBeVisible();
    for (const post of await posts(page).all()) {
      await expect(post.getByRole('list', { name: 'Tags' })).toContainText(/Cake Decoration|Icing/);
    }

    await page.goBack();
    await expect(chips.getByRole('button', { name: 'Cookies' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('Feed filters', () => {
  test('a tag checkbox narrows the feed, Sort By Oldest reverses it, no match says so', async ({
    page,
    request,
    signedIn,
  }, testInfo) => {
    const cookies = `Snickerdoodle ${uniqueName('t', testInfo)}`;
    const breads = `Rye loaf ${uniqueName('t', testInfo)}`;
    await createPostViaApi(request, signedIn.token, { title: cookies, tags: ['Cookies'] });
    await createPostViaApi(request, signedIn.token, { title: breads, tags: ['Breads', 'Recipes'] });

    await page.goto('/feed');
    const feed = posts(page, 'Feed');
    await expect(feed).toHaveCount(3);
    await expect(feed.first()).toHaveAccessibleName(breads);

    await page.getByRole('button', { name: 'Filter' }).click();
    const popover = page.getByRole('dialog', { name: 'Filter Posts' });
    await expect(popover.getByRole('group', { name: 'Tags' }).getByRole('checkbox')).toHaveCount(3);
    // The boxes follow the address, which changes a moment after the click: click, then check.
    await popover.getByRole('checkbox', { name: 'Cookies' }).click();
    await expect(page).toHaveURL(/[?&]tag=Cookies/);
    await expect(popover.getByRole('checkbox', { name: 'Cookies' })).toBeChecked();
    await expect(feed).toHaveCount(1);
    await expect(feed.first()).toHaveAccessibleName(cookies);

    await popover.getByRole('checkbox', { name: 'Cookies' }).click();
    await expect(feed).toHaveCount(3);
    await expect(popover.getByRole('radio', { name: 'Latest' })).toBeChecked();
    await popover.getByRole('radio', { name: 'Oldest' }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(feed.first()).toHaveAccessibleName(WELCOME);
    await expect(feed.last()).toHaveAccessibleName(breads);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filter' })).toBeFocused();

    // The filters live in the address, so a reload keeps them.
    await page.reload();
    await expect(feed.first()).toHaveAccessibleName(WELCOME);

    await page.getByRole('button', { name: 'Filter' }).click();
    await popover.getByRole('checkbox', { name: 'Breads' }).click();
    await expect(popover.getByRole('checkbox', { name: 'Breads' })).toBeChecked();
    await popover.getByRole('checkbox', { name: 'Recipes' }).click();
    await expect(popover.getByRole('checkbox', { name: 'Recipes' })).toBeChecked();
    await expect(feed).toHaveCount(1);
    await page.keyboard.press('Escape');
    // Closed first, as a baker would see it go: it gives focus back to Filter as it goes (a
    // moment after it is gone), which would take it from a chip pressed meanwhile.
    await expect(popover).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filter', expanded: false })).toBeFocused();
    // A removed chip's button goes with it: focus goes on to the next chip, then to Filter, never
    // back to the top of the page.
    const filters = page.getByRole('group', { name: 'Tag filters' });
    await filters.getByRole('button', { name: 'Remove filter Breads' }).press('Enter');
    await expect(filters.getByRole('button', { name: 'Remove filter Recipes' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(feed).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Filter' })).toBeFocused();

    await page.getByRole('searchbox', { name: 'Search posts' }).fill('nothing-bakes-like-this');
    await expect(page.getByText("Couldn't find any matches!")).toBeVisible();
  });

  test('Tab from the last choice of Filter Posts goes on to the posts after it, closing the popover', async ({
    page,
    signedIn,
  }) => {
    await page.goto('/feed');
    const feed = posts(page, 'Feed');
    await expect(feed.first()).toBeVisible();
    const filter = page.getByRole('button', { name: 'Filter' });
    await filter.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Filter Posts' });
    await expect(popover).toBeVisible();
    // Through the tag boxes to the Sort By choice (one stop for the radio group), then on.
    const sortBy = popover.getByRole('radio', { name: 'Latest' });
    for (let i = 0; i < 10 && !(await sortBy.evaluate((element) => element === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(sortBy).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popover).toBeHidden();
    const focusedInFeed = await page.evaluate(
      () => document.activeElement !== document.body && Boolean(document.activeElement?.closest('main')),
    );
    expect(focusedInFeed, `focus stays in the page after the Filter button (${signedIn.username})`).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(filter).toBeFocused();
  });

  test('on a phone, a long one-word tag wraps inside the filter', async ({ page, request, signedIn }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const longTag = `W${uniqueName('w', testInfo).replace(/[^A-Za-z0-9]/g, '')}`.padEnd(30, 'W').slice(0, 30);
    await createPostViaApi(request, signedIn.token, {
      title: `Long tag ${uniqueName('t', testInfo)}`,
      tags: [longTag],
    });
    await page.goto('/feed');
    await page.getByRole('button', { name: 'Filter' }).click();
    const popover = page.getByRole('dialog', { name: 'Filter Posts' });
    const option = popover.getByRole('checkbox', { name: longTag });
    await expect(option).toBeVisible();
    const popoverBox = await popover.boundingBox();
    const tagsBox = await popover.getByRole('group', { name: 'Tags' }).boundingBox();
    if (!popoverBox || !tagsBox) throw new Error('not laid out');
    expect(tagsBox.x + tagsBox.width).toBeLessThanOrEqual(popoverBox.x + popoverBox.width);
    await expect(popover.getByText(longTag)).toBeInViewport({ ratio: 1 });
  });
});

test.describe('Back to a list', () => {
  test('returns keyboard focus to the post that was opened, so Tab goes on from there', async ({ page }) => {
    await page.goto('/explore');
    const list = posts(page);
    await expect(list.nth(3)).toBeVisible();
    const fourth = list.nth(3);
    const title = fourth.getByRole('heading').getByRole('link');
    const name = await title.textContent();
    await title.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/question\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(list.nth(3).getByRole('heading').getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    // On from the post, not from the top of the page.
    await expect(list.nth(3).locator(':focus')).toHaveCount(1);

    // A page opened anew, not by Back, still starts at its main landmark.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
    await expect(page.locator('main')).toBeFocused();
  });

  test('forgets a place the reader moved on from: left from a button, Back starts at the main landmark', async ({
    page,
  }) => {
    await page.goto('/explore');
    const second = posts(page).nth(1);
    await second.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/question\/\d+$/);
    await page.goBack();
    await expect(second.getByRole('heading').getByRole('link')).toBeFocused();
    // A visitor's bookmark leads to sign-in; the button cannot be found again by its address.
    await second.getByRole('button', { name: 'Add Bookmark' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/signIn/);
    await page.goBack();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.locator('main')).toBeFocused();
  });

  test('returns to the very link followed when another has the same address', async ({ page, signedIn }) => {
    await page.goto('/feed');
    await expect(
      page.getByRole('button', { name: `Menu for @${signedIn.username}`, includeHidden: true }),
    ).toBeAttached();
    // The feed drawn (its welcome post), so the page is settled when the link is followed.
    await expect(posts(page, 'Feed').first()).toBeVisible();
    // The feed drawn (its welcome post), so the page is settled when the link is followed.
    await expect(posts(page, 'Feed').first()).toBeVisible();
    const navExplore = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' });
    await navExplore.click();
    await expect(page).toHaveURL(/\/explore$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(navExplore).toBeFocused();
  });

  test('leaves focus in a dialog kept open across Back, without selecting what was typed', async ({
    page,
    signedIn,
  }) => {
    await page.goto('/explore');
    await expect(
      page.getByRole('button', { name: `Menu for @${signedIn.username}`, includeHidden: true }),
    ).toBeAttached();
    await posts(page).nth(2).getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/question\/\d+$/);
    await page.getByRole('button', { name: 'Create New Post' }).filter({ visible: true }).click();
    const title = page.getByRole('dialog', { name: 'New Post' }).getByLabel('Post Title');
    await title.fill('My draft title');
    await page.goBack();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(title).toBeFocused();
    await page.keyboard.type(' and more');
    await expect(title).toHaveValue('My draft title and more');
  });
});
