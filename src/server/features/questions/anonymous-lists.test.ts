import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

type Page = { questions: { _id: string; questionTitle: string; votes: { upvotes: number } }[] };

/**
 * Visitors' lists and question pages with the anonymous cache on, as in production: what this
 * process writes shows at once; what another process writes straight into the database shows
 * within the time to live; signed-in callers always read the database.
 */
describe('visitors and the anonymous cache', () => {
  let t: TestApp;
  let api: ApiClient;
  let baker: SignedUpUser;
  let time = Date.UTC(2025, 0, 1);

  beforeAll(async () => {
    t = await createTestApp({ anonymousCacheMs: 1000, now: () => time });
    api = apiClient(t.app);
    baker = await signUp(api);
    await postQuestion(api, baker, { questionTitle: 'First loaf of the year' });
  });
  afterAll(() => t.close());

  const titles = async (url: string, token?: string) =>
    (await api.get<Page>(url, token)).body.questions.map((q) => q.questionTitle);

  /** A change made by another process sharing the database: this one hears nothing of it. */
  const renameBehindTheAppsBack = (from: string, to: string) =>
    t.database.db.updateTable('questions').set({ title: to }).where('title', '=', from).execute();

  it('shows a visitor a list as it was up to the time to live after another process changed it', async () => {
    expect(await titles('/api/questions')).toEqual(['First loaf of the year']);
    await renameBehindTheAppsBack('First loaf of the year', 'Renamed elsewhere');
    time += 500;
    expect(await titles('/api/questions')).toEqual(['First loaf of the year']);
    time += 500;
    expect(await titles('/api/questions')).toEqual(['Renamed elsewhere']);
  });

  it('shows signed-in callers the database as it is', async () => {
    expect(await titles('/api/questions')).toEqual(['Renamed elsewhere']);
    await renameBehindTheAppsBack('Renamed elsewhere', 'Renamed again');
    expect(await titles('/api/questions', baker.token)).toEqual(['Renamed again']);
    expect(await titles('/api/questions')).toEqual(['Renamed elsewhere']);
    time += 1000;
  });

  it("shows a visitor this process's writes as soon as they are answered", async () => {
    expect(await titles('/api/questions')).toEqual(['Renamed again']);
    await postQuestion(api, baker, { questionTitle: 'A second loaf' });
    expect(await titles('/api/questions')).toEqual(['A second loaf', 'Renamed again']);
  });

  it('shows a visitor vote counts up to the time to live late, and the voter at once', async () => {
    const [first] = (await api.get<Page>('/api/questions')).body.questions;
    const id = first?._id ?? '';
    const upvotesOf = async (token?: string) =>
      (await api.get<{ question: { votes: { upvotes: number } } }>(`/api/questions/${id}`, token)).body.question.votes
        .upvotes;
    expect(await upvotesOf()).toBe(0);
    const voter = await signUp(api);
    time += 1000;
    expect(await upvotesOf()).toBe(0);
    const vote = await api.post(`/api/votes/react/${id}`, { reaction: 'upvote' }, voter.token);
    expect(vote.status).toBe(201);
    expect(await upvotesOf(voter.token)).toBe(1);
    expect(await upvotesOf()).toBe(0);
    time += 1000;
    expect(await upvotesOf()).toBe(1);
    expect((await api.get<Page>('/api/questions')).body.questions[0]?.votes.upvotes).toBe(1);
  });

  it('answers a visitor from the cache without running a statement', async () => {
    await api.get('/api/questions?sort=trending');
    t.queries.length = 0;
    const again = await api.get<Page>('/api/questions?sort=trending');
    expect(again.status).toBe(200);
    expect(again.body.questions).toHaveLength(2);
    expect(t.queries).toHaveLength(0);
  });

  it("keeps Explore's first page inside the web app's page by the same rules", async () => {
    const pageTitles = async () => {
      const html = (await t.app.inject({ method: 'GET', url: '/explore' })).body;
      const data = /id="crumb-initial-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
      return (JSON.parse(data) as { explore: Page }).explore.questions.map((q) => q.questionTitle);
    };
    time += 1000;
    expect(await pageTitles()).toEqual(['A second loaf', 'Renamed again']);
    t.queries.length = 0;
    expect(await pageTitles()).toEqual(['A second loaf', 'Renamed again']);
    expect(t.queries).toHaveLength(0);

    await renameBehindTheAppsBack('A second loaf', 'Renamed by another process');
    expect(await pageTitles()).toEqual(['A second loaf', 'Renamed again']);
    time += 1000;
    expect(await pageTitles()).toEqual(['Renamed by another process', 'Renamed again']);

    await postQuestion(api, baker, { questionTitle: 'A third loaf' });
    expect(await pageTitles()).toEqual(['A third loaf', 'Renamed by another process', 'Renamed again']);
  });
});
