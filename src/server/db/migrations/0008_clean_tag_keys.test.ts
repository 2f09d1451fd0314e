import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionJson, QuestionPage } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  steppingClock,
  type ApiClient,
  type TestApp,
} from '../../testing/test-app.js';
import { cleanTagKeys } from './0008_clean_tag_keys.js';

const COMPOSED = 'crème';
const APART = 'cre\u0300me';

describe('migration 0008: tag keys cleaned and composed', () => {
  let t: TestApp;
  let api: ApiClient;
  const ids: Record<'composed' | 'apart' | 'both' | 'ascii' | 'tab', string> = {
    composed: '',
    apart: '',
    both: '',
    ascii: '',
    tab: '',
  };

  beforeAll(async () => {
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    const author = await signUp(api);
    ids.composed = await postQuestion(api, author, { questionTitle: 'Composed', tags: ['Crème'] });
    ids.apart = await postQuestion(api, author, { questionTitle: 'Apart', tags: ['CRE\u0300ME', 'Breads'] });
    ids.both = await postQuestion(api, author, { questionTitle: 'Both', tags: [COMPOSED, 'Cakes'] });
    ids.ascii = await postQuestion(api, author, { questionTitle: 'Ascii', tags: ['Breads'] });
    ids.tab = await postQuestion(api, author, { questionTitle: 'Tab', tags: ['Sour dough'] });

    // The keys as the app made them before: lower-cased, not composed.
    const { db } = t.database;
    await db
      .updateTable('question_tags')
      .set({ tag_key: APART })
      .where('question_id', '=', Number(ids.apart))
      .where('tag_key', '=', COMPOSED)
      .execute();
    const both = await db
      .selectFrom('question_tags')
      .selectAll()
      .where('question_id', '=', Number(ids.both))
      .where('tag_key', '=', COMPOSED)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('question_tags')
      .values({ ...both, tag_key: APART })
      .execute();
    await db
      .updateTable('questions')
      .set({ tags: JSON.stringify([COMPOSED, 'Cakes', APART]) })
      .where('id', '=', Number(ids.both))
      .execute();
    // A tag that held a tab, as the app kept it before text was cleaned.
    await db
      .updateTable('question_tags')
      .set({ tag_key: 'sour\tdough\u0007' })
      .where('question_id', '=', Number(ids.tab))
      .execute();
    await db
      .updateTable('questions')
      .set({ tags: JSON.stringify(['Sour\tdough\u0007']) })
      .where('id', '=', Number(ids.tab))
      .execute();
  });
  afterAll(() => t.close());

  const tagged = async (tag: string) =>
    (await api.get<QuestionPage>(`/api/questions?tag=${encodeURIComponent(tag)}&sort=oldest`)).body.questions.map(
      (question) => question.questionTitle,
    );
  const keysOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('question_tags')
        .select('tag_key')
        .where('question_id', '=', Number(id))
        .orderBy('tag_key')
        .execute()
    ).map((row) => row.tag_key);

  it('finds a tag typed either way only where its key was made the same way, before it runs', async () => {
    expect(await tagged(COMPOSED)).toEqual(['Composed', 'Both']);
    expect(await keysOf(ids.both)).toEqual(['cakes', APART, COMPOSED].sort());
    // The filter is cleaned as the tag is stored now: the tab is a space.
    expect(await tagged('Sour\tdough')).toEqual([]);
  });

  it('makes every key cleaned and composed, keeping one row for a question tagged both ways', async () => {
    await cleanTagKeys.up(t.database.db);
    expect(await tagged(COMPOSED)).toEqual(['Composed', 'Apart', 'Both']);
    expect(await tagged(APART)).toEqual(['Composed', 'Apart', 'Both']);
    expect(await tagged('Breads')).toEqual(['Apart', 'Ascii']);
    expect(await keysOf(ids.apart)).toEqual(['breads', COMPOSED]);
    expect(await keysOf(ids.both)).toEqual(['cakes', COMPOSED]);
    const both = (await api.get<{ question: QuestionJson }>(`/api/questions/${ids.both}`)).body.question;
    expect(both.tags).toEqual([COMPOSED, 'Cakes']);
    expect(await keysOf(ids.tab)).toEqual(['sour dough']);
    expect(await tagged('Sour\tdough')).toEqual(['Tab']);
    expect(await tagged('sour dough')).toEqual(['Tab']);
  });
});
