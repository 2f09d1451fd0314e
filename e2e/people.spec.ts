import type { Page } from '@playwright/test';
import { expect, getUserViaApi, PASSWORD, test } from './fixtures.js';

const WELCOME = 'Welcome to Crumb! How to ask a baking question that gets great answers';
const OWEN_POST = 'Why does my sourdough crust go soft overnight?';

const stats = (page: Page) => page.getByRole('list', { name: 'Activity' });

test.describe('following', () => {
  test("a new baker's feed shows the community account's posts", async ({ page, signedIn }) => {
    await page.goto('/feed');
    const feed = page.getByRole('region', { name: 'Feed' });
    await expect(feed.getByRole('article', { name: WELCOME })).toBeVisible();
    await expect(feed.getByRole('article')).toHaveCount(1);
    await expect(feed.getByText('Posted by @crumb')).toBeVisible();
    await page.goto('/profile');
    await expect(stats(page)).toContainText('1 following');
    expect(signedIn.user.following).toEqual(['crumb']);
  });

  test('Follow + and Unfollow change the counts and the feed', async ({ page, request, signedIn }) => {
    // Other tests follow owen.levain too, so his count is shared: check his list for this baker.
    const owenFollowers = async () => (await getUserViaApi(request, 'owen.levain')).followers;
    expect(await owenFollowers()).not.toContain(signedIn.username);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const feed = page.getByRole('region', { name: 'Feed' });
    await page.goto('/feed');
    await expect(feed.getByRole('article', { name: WELCOME })).toBeVisible();
    await expect(feed.getByRole('article', { name: OWEN_POST })).toHaveCount(0);

    const suggestions = page.getByRole('region', { name: 'You may also know' });
    await expect(suggestions.getByText('@crumb')).toHaveCount(0);
    await expect(suggestions.getByText(`@${signedIn.username}`)).toHaveCount(0);
    await suggestions.getByRole('button', { name: 'Follow + @owen.levain' }).click();
    await expect(suggestions.getByRole('button', { name: 'Unfollow @owen.levain' })).toBeVisible();
    await expect(feed.getByRole('article', { name: OWEN_POST })).toBeVisible();
    await expect(feed.getByRole('article', { name: WELCOME })).toBeVisible();
    expect(await owenFollowers()).toContain(signedIn.username);

    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(stats(page)).toContainText('2 following');

    // Suggestions are kept until the page loads again, so the button is still there to undo.
    await nav.getByRole('link', { name: 'Feed' }).click();
    await suggestions.getByRole('button', { name: 'Unfollow @owen.levain' }).click();
    await expect(suggestions.getByRole('button', { name: 'Follow + @owen.levain' })).toBeVisible();
    await expect(feed.getByRole('article', { name: OWEN_POST })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(stats(page)).toContainText('1 following');

    await page.reload();
    await expect(stats(page)).toContainText('1 following');
    expect(await owenFollowers()).not.toContain(signedIn.username);
  });

  test('a followed baker stays followed after a reload and leaves the suggestions', async ({ page, signedIn }) => {
    await page.goto('/feed');
    await expect(
      page.getByRole('button', { name: `Menu for @${signedIn.username}`, includeHidden: true }),
    ).toBeAttached();
    const suggestions = page.getByRole('region', { name: 'You may also know' });
    await suggestions.getByRole('button', { name: 'Follow + @owen.levain' }).click();
    await expect(suggestions.getByRole('button', { name: 'Unfollow @owen.levain' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Feed' }).getByRole('article', { name: OWEN_POST })).toBeVisible();
    await expect(suggestions.getByRole('listitem').first()).toBeVisible();
    await expect(suggestions.getByText('@owen.levain')).toHaveCount(0);
    await page.goto('/profile');
    await expect(stats(page)).toContainText('2 following');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}').following).toEqual(
      expect.arrayContaining(['crumb', 'owen.levain']),
    );

    // Once out of the suggestions, the profile's list is where a follow is undone.
    await page.getByRole('button', { name: 'Bakers you follow (2)' }).click();
    await page.getByRole('button', { name: 'Unfollow @owen.levain' }).click();
    await expect(stats(page)).toContainText('1 following');
    await page.reload();
    await expect(stats(page)).toContainText('1 following');
    await page.goto('/feed');
    await expect(page.getByRole('region', { name: 'Feed' }).getByRole('article', { name: OWEN_POST })).toHaveCount(0);
  });

  test('Follow + signed out goes to sign in', async ({ page }) => {
    await page.goto('/explore');
    const suggestions = page.getByRole('region', { name: 'You may also know' });
    await suggestions
      .getByRole('button', { name: /^Follow \+/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signIn$/);
  });
});

test.describe('profile', () => {
  test('shows the account, and Edit Profile changes names and bio for good', async ({ page, signedIn }) => {
    await page.goto('/profile');
    await expect(
      page.getByRole('heading', { level: 1, name: `${signedIn.firstName} ${signedIn.lastName}` }),
    ).toBeVisible();
    await expect(page.getByText(`@${signedIn.username}`, { exact: true })).toBeVisible();
    await expect(stats(page)).toContainText('0 posts');
    await expect(stats(page)).toContainText('0 followers');
    await expect(page.getByText('I test bread.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'My Posts' })).toBeVisible();
    await expect(page.getByText('No posts found')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByLabel('First Name')).toHaveValue(signedIn.firstName);
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByLabel('First Name')).toHaveAccessibleDescription('Required Field');

    await dialog.getByLabel('First Name').fill('Marguerite');
    await dialog.getByLabel('Last Name').fill('Levain');
    await dialog.getByLabel('Bio').fill('Laminating everything in sight.');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Marguerite Levain' })).toBeVisible();
    await expect(page.getByText('Laminating everything in sight.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Marguerite Levain' })).toBeVisible();
    await expect(page.getByText('Laminating everything in sight.')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').firstName)).toBe('Marguerite');
  });

  test('a new password needs the current one, and then signs in', async ({ page, signedIn }) => {
    const newPassword = 'new-Password-22';
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Current Password').fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByLabel('Current Password')).toHaveAccessibleDescription(
      'Your current password is not correct.',
    );
    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();

    // The session goes on with the token the change returned.
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: `${signedIn.firstName} ${signedIn.lastName}` }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.goto('/signIn');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(signedIn.username);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('The credentials you entered are invalid');
    await form.getByLabel('Password').fill(newPassword);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/feed$/);
  });
});
