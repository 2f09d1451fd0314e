import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage, QuestionSummaryJson } from '../../../shared/api-types.js';
import { walkPages } from '../../testing/api-assertions.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  steppingClock,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from '../../testing/test-app.js';

/** Enough followed bakers for a feed filtered by one tag to be read from the tag's index first. */
const FOLLOWED = 31;
const titlesOf = (questions: QuestionSummaryJson[]) => questions.map((q) => q.questionTitle);

/**
 * A feed filtered by one tag pages through exactly the posts its unfiltered feed holds with that
 * tag, in order, whether it is read from the tag's index (a baker following many), per author (a
 * baker following few), or from the tag's index and then per author (when the tag's newest posts
 * are mostly by bakers the reader does not follow).
 */
describe('a feed filtered by one tag', () => {
  let t: TestApp;
  let api: ApiClient;
  let many: SignedUpUser;
  let few: SignedUpUser;
  let stranger: SignedUpUser;

  const follow = async (reader: SignedUpUser, baker: SignedUpUser) =>
    expect((await api.post(`/api/users/follow/${baker.id}`, undefined, reader.token)).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    many = await signUp(api);
    few = await signUp(api);
    stranger = await signUp(api);
    for (let n = 0; n < FOLLOWED; n++) {
      const baker = await signUp(api);
      await follow(many, baker);
      if (n < 3) await follow(few, baker);
      const id = await postQuestion(api, baker, {
        questionTitle: `Post ${n} of a followed baker`,
        tags: n % 3 === 0 ? ['Cake'] : n % 3 === 1 ? ['Breads', 'Cake'] : ['Breads'],
      });
      // Scores that differ, for the trending order.
      if (n % 4 === 0) await api.post(`/api/votes/react/${id}`, { reaction: 'upvote' }, stranger.token);
      if (n % 5 === 0) await api.post(`/api/votes/react/${id}`, { reaction: 'downvote' }, few.token);
      await postQuestion(api, stranger, { questionTitle: `Stranger's post ${n}`, tags: ['Cake'] });
    }
    await postQuestion(api, many, { questionTitle: 'My own cake', tags: ['Cake'] });
    await postQuestion(api, few, { questionTitle: 'My own bread', tags: ['Breads'] });
  });
  afterAll(() => t.close());

  /** The reader's whole feed, filtered here: what the filtered feed must page through. */
  async function expected(reader: SignedUpUser, sort: string) {
    const all = await api.get<QuestionPage>(`/api/feed?sort=${sort}&limit=100`, reader.token);
    expect(all.body.nextCursor).toBeNull();
    return titlesOf(all.body.questions.filter((q) => q.tags.includes('Cake')));
  }

  const filtered = async (reader: SignedUpUser, sort: string) =>
    titlesOf((await walkPages(api, `/api/feed?tag=cake&sort=${sort}`, 'questions', 2, reader.token)).flat());

  it.each(['latest', 'oldest', 'trending'])(
    'holds the same posts in the same order for bakers following many and few (%s)',
    async (sort) => {
      for (const reader of [many, few]) {
        const wanted = await expected(reader, sort);
        expect(wanted.length).toBeGreaterThan(reader === many ? 20 : 1);
        expect(await filtered(reader, sort)).toEqual(wanted);
      }
      const none = await api.get<QuestionPage>(`/api/feed?tag=nosuchtag&sort=${sort}`, many.token);
      expect(none.body).toEqual({ questions: [], nextCursor: null });
    },
  );

  it("reads on per author when the tag's newest posts are mostly strangers'", async () => {
    // 2,100 more of the stranger's posts with the tag, newer than every other: more than the
    // tag's window looks through before giving the page up to the per-author read.
    const { db } = t.database;
    const [seed] = await db
      .selectFrom('questions')
      .select(['id', 'updated_at'])
      .where('user_id', '=', Number(stranger.id))
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const latest = await db
      .selectFrom('questions')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst();
    const base = Number(latest?.at) + 1000;
    await sql`
      insert into questions (user_id, username, title, body, tags, upvotes, downvotes, score, answer_count,
        comment_count, recent_upvoters, recent_downvoters, created_at, updated_at${sql.raw(t.database.dialect === 'postgres' ? ', search_vector' : '')})
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2100)
      select user_id, username, title || ' copy ' || n.i, body, tags, 0, 0, 0, 0, 0, '[]', '[]',
        cast(${base} as bigint) + n.i, cast(${base} as bigint) + n.i${sql.raw(t.database.dialect === 'postgres' ? ', search_vector' : '')}
      from questions cross join n where questions.id = ${seed!.id}`.execute(db);
    await sql`
      insert into question_tags (question_id, tag_key, updated_at, score)
      select id, 'cake', updated_at, score from questions where user_id = ${Number(stranger.id)} and id > ${seed!.id}`.execute(
      db,
    );
    for (const sort of ['latest', 'oldest', 'trending']) {
      expect(await filtered(many, sort), sort).toEqual(await expected(many, sort));
    }
  });
});
