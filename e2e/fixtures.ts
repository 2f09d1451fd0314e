import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { QuestionJson, QuestionPage, UserJson } from '../src/shared/api-types.js';

/** Every demo baker's password (README, "Demo community"). */
const DEMO_PASSWORD = 'bake-together';
export const PASSWORD = 'e2e-Password-1';

export interface TestUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  user: UserJson;
}

let counter = 0;

/**
 * A username no other test (or earlier run against the same database) uses: a letter, then
 * base-36 time, worker and a counter, well under the 30-character limit.
 */
export function uniqueName(prefix = 'u', testInfo?: TestInfo): string {
  counter += 1;
  const worker = testInfo?.workerIndex ?? 0;
  const random = Math.floor(Math.random() * 36 ** 3).toString(36);
  return `${prefix}${Date.now().toString(36)}${worker}${counter}${random}`.slice(0, 30);
}

export async function apiJson<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUpViaApi(request: APIRequestContext, testInfo?: TestInfo): Promise<TestUser> {
  const username = uniqueName('u', testInfo);
  const firstName = 'Tess';
  const lastName = `Baker${counter}`;
  const body = await apiJson<{ createdUser: UserJson; encodedToken: string }>(
    await request.post('/api/auth/signup', {
      data: { username, password: PASSWORD, firstName, lastName, bio: 'I test bread.' },
    }),
  );
  return { username, password: PASSWORD, firstName, lastName, token: body.encodedToken, user: body.createdUser };
}

export async function signInViaApi(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const body = await apiJson<{ foundUser: UserJson; encodedToken: string }>(
    await request.post('/api/auth/login', { data: { username, password } }),
  );
  return { token: body.encodedToken, user: body.foundUser };
}

export interface NewPost {
  title: string;
  text?: string;
  tags?: string[];
}

/** Posts a question as `token`'s user and returns it as the server stored it. */
export async function createPostViaApi(
  request: APIRequestContext,
  token: string,
  { title, text = `Details for ${title}.`, tags = [] }: NewPost,
): Promise<QuestionJson> {
  const page = await apiJson<QuestionPage>(
    await request.post('/api/questions/add', {
      headers: auth(token),
      data: { questionData: { questionTitle: title, questionText: text, tags } },
    }),
  );
  const created = page.questions.find((q) => q.questionTitle === title);
  if (!created) throw new Error(`The new post "${title}" is not on the first page of the answer`);
  return getQuestionViaApi(request, created.id);
}

export async function getQuestionViaApi(request: APIRequestContext, id: string, token?: string) {
  const body = await apiJson<{ question: QuestionJson }>(
    await request.get(`/api/questions/${id}`, token ? { headers: auth(token) } : {}),
  );
  return body.question;
}

export async function getUserViaApi(request: APIRequestContext, username: string) {
  return (await apiJson<{ user: UserJson }>(await request.get(`/api/users/${username}`))).user;
}

export async function addAnswerViaApi(request: APIRequestContext, token: string, questionId: string, text: string) {
  await apiJson(
    await request.post(`/api/answers/add/${questionId}`, {
      headers: auth(token),
      data: { answerData: { answerText: text } },
    }),
  );
}

/**
 * Starts the page signed in as `user`, as if they had signed in earlier: the session the app
 * keeps in localStorage is written before the first page script runs. It is written once per
 * tab, so logging out and reloading stays logged out.
 */
export async function startSignedIn(page: Page, session: { token: string; user: UserJson }) {
  await page.addInitScript(({ token, user }) => {
    if (window.sessionStorage.getItem('e2e-session-written')) return;
    window.sessionStorage.setItem('e2e-session-written', '1');
    window.localStorage.setItem('token', token);
    window.localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

/**
 * Clicks a control whose change the page shows before the server has it (a vote, a bookmark) and
 * waits for the server to answer the write, so a reload that follows reads it back.
 */
export async function clickAndAwaitWrite(page: Page, control: Locator, path: string) {
  const answered = page.waitForResponse(
    (response) => response.request().method() !== 'GET' && new URL(response.url()).pathname.startsWith(path),
  );
  await control.click();
  expect((await answered).ok()).toBe(true);
}

/** A unique title for posts a test creates, so parallel tests never see each other's posts as theirs. */
export function uniqueTitle(what: string, testInfo?: TestInfo) {
  return `${what} ${uniqueName('t', testInfo)}`;
}

/**
 * Runs axe on the page (or only inside `include`) and fails on serious or critical violations,
 * printing each one with its nodes.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
  expect(serious, `axe on ${label}:\n${report}`).toEqual([]);
}

interface Fixtures {
  /** A brand-new account (signed up through the API), not yet signed in in the browser. */
  freshUser: TestUser;
  /** `freshUser`, signed in in `page` before its first navigation. */
  signedIn: TestUser;
}

export const test = base.extend<Fixtures>({
  freshUser: async ({ request }, use, testInfo) => {
    await use(await signUpViaApi(request, testInfo));
  },
  signedIn: async ({ page, freshUser }, use) => {
    await startSignedIn(page, freshUser);
    await use(freshUser);
  },
});

export { expect };
