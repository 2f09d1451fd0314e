import { expect, test } from './fixtures.js';

/**
 * The 1100 px breakpoint is drawn twice: the script places 'Search posts' before the posts or
 * beside them (ShellLayout.tsx), and the stylesheets change the columns. A zoomed page can be a
 * fraction of a pixel wide, 1099.5 px say, where `(max-width: 1099px)` and `(min-width: 1100px)`
 * both fail and the two layouts mix. Chromium lays frames out in whole pixels, so no viewport here
 * can show that: the test checks, in the built stylesheets, that the narrow rules are the exact
 * negation of the query the script asks.
 */
test('the narrow layout begins exactly where the script stops placing the search box beside the posts', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const asked: string[] = [];
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query) => {
      asked.push(query);
      return matchMedia(query);
    };
    Object.assign(window, { askedMediaQueries: asked });
  });
  await page.goto('/explore');
  await expect(page.getByRole('search')).toBeVisible();

  const { asked, narrowRules } = await page.evaluate(() => ({
    asked: (window as unknown as { askedMediaQueries: string[] }).askedMediaQueries,
    narrowRules: [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSMediaRule && /\b(1099|1100)(\.\d+)?px/.test(rule.conditionText))
      .map((rule) => (rule as CSSMediaRule).conditionText),
  }));
  const beside = asked.find((query) => query.includes('1100px'));
  expect(beside).toBe('(min-width: 1100px)');
  // The layout's columns and the right panel's.
  expect(narrowRules).toHaveLength(2);
  for (const rule of narrowRules) expect(rule).toBe(`not all and ${beside}`);
});
