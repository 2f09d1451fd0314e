import type { Page } from '@playwright/test';
import type { UserJson } from '../src/shared/api-types.js';
import { apiJson, expect, signUpViaApi, startSignedIn, test, uniqueName } from './fixtures.js';

/**
 * Script injection through every text a baker can write: titles, descriptions, answers, comments
 * on posts and on answers, first and last names, and bios. Each payload must show as the text it
 * is, and nothing in it may run: no dialog, no flag set on window, no injected element, no CSP
 * violation. The Content-Security-Policy itself is then shown to stop a script that does get
 * into the page.
 */

/** Payloads that each set window.__xss (or open a dialog) if they ever run. Names fit 50 characters. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=window.__xss=1>',
  '"><iframe srcdoc="<script>parent.__xss=1</script>">',
  '<a href="javascript:window.__xss=1">click me</a>',
  "'-alert(1)-'",
  '{{constructor.constructor("window.__xss=1")()}}',
  '<style>*{display:none}</style>',
] as const;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Fails the test on anything that would mean a payload ran, or the CSP had to block something. */
function watchForExecution(page: Page) {
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function expectNothingRan(page: Page, problems: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  // None of the payloads' elements made it into the document as elements.
  await expect(page.locator('img[src="x"], svg[onload], iframe[srcdoc], a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.locator('body script:not([type="module"][src])')).toHaveCount(0);
  expect(problems).toEqual([]);
}

test('text with script payloads renders as text and nothing in it runs', async ({ page, request }, testInfo) => {
  const attacker = await signUpViaApi(request, testInfo);
  const [title, text, answer, comment, answerComment, firstName, lastName, bio] = [
    `${PAYLOADS[0]} ${uniqueName('x', testInfo)}`,
    PAYLOADS.join('\n'),
    `${PAYLOADS[1]} ${PAYLOADS[2]}`,
    `${PAYLOADS[3]} ${PAYLOADS[5]}`,
    `${PAYLOADS[4]} ${PAYLOADS[6]}`,
    PAYLOADS[1],
    PAYLOADS[2],
    PAYLOADS.join(' '),
  ];
  const profile = await apiJson<{ user: UserJson; encodedToken: string }>(
    await request.post('/api/users/edit', {
      headers: auth(attacker.token),
      data: { userData: { firstName, lastName, bio } },
    }),
  );
  const posted = await apiJson<{ questions: { _id: string; questionTitle: string }[] }>(
    await request.post('/api/questions/add', {
      headers: auth(attacker.token),
      data: { questionData: { questionTitle: title, questionText: text, tags: ['<b>bold</b>'] } },
    }),
  );
  const questionId = posted.questions.find((q) => q.questionTitle === title)?._id ?? '';
  const answered = await apiJson<{ answer: { _id: string } }>(
    await request.post(`/api/answers/add/${questionId}`, {
      headers: auth(attacker.token),
      data: { answerData: { answerText: answer } },
    }),
  );
  for (const [path, commentText] of [
    [`/api/comments/add/${questionId}`, comment],
    [`/api/comments/add/${questionId}/${answered.answer._id}`, answerComment],
  ] as const) {
    await apiJson(await request.post(path, { headers: auth(attacker.token), data: { commentData: { commentText } } }));
  }

  await startSignedIn(page, { token: profile.encodedToken, user: profile.user });
  const problems = watchForExecution(page);

  // The question page: title, description, tag, answer, both comments, the author's names.
  await page.goto(`/question/${questionId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  for (const literal of [PAYLOADS[7], answer, comment, answerComment]) {
    await expect(page.getByText(literal, { exact: false }).first()).toBeAttached();
  }
  await expect(page.getByText('<b>bold</b>').first()).toBeAttached();
  await expectNothingRan(page, problems);

  // Lists carry the title, the text and the author's names too.
  await page.goto('/feed');
  await expect(page.getByText(title).first()).toBeVisible();
  await expectNothingRan(page, problems);

  // The profile shows the names and the bio.
  await page.goto('/profile');
  await expect(page.getByText(PAYLOADS[1]).first()).toBeVisible();
  await expect(page.getByText(PAYLOADS[3], { exact: false }).first()).toBeAttached();
  await expectNothingRan(page, problems);
});

test('the Content-Security-Policy stops a script that gets into the page', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/explore');
  const ran = await page.evaluate(async () => {
    const flag = window as unknown as { __csp?: string };
    const blocked = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.__csp = "inline ran"';
    document.body.append(script);
    const inlineHandler = document.createElement('img');
    inlineHandler.setAttribute('onerror', 'window.__csp = "handler ran"');
    inlineHandler.src = 'data:,not-an-image';
    document.body.append(inlineHandler);
    // Code from a string, run by the page's own timer (Playwright's evaluate itself is exempt from
    // the page's policy, so eval is tried the way page code would reach it).
    (window.setTimeout as unknown as (code: string, ms: number) => number)('window.__csp = "string code ran"', 0);
    const directive = await blocked;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { flag: flag.__csp ?? null, directive };
  });
  expect(ran).toEqual({ flag: null, directive: expect.stringMatching(/^script-src/) });
  expect(violations.length).toBeGreaterThan(0);
});
