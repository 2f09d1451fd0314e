import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionPage } from '../../../shared/api-types.js';
import {
  apiClient,
  createTestApp,
  postQuestion,
  signUp,
  type ApiClient,
  type TestApp,
} from '../../testing/test-app.js';

/**
 * A search within a tag of no letter or digit asks SQLite's full-text index for the word made of
 * the tag's code points beside the search's words, rather than testing the tag on every match.
 */
describe('a search within a tag of no letter or digit (SQLite)', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t.app);
    const baker = await signUp(api);
    await postQuestion(api, baker, { questionTitle: 'Cake tagged !!', questionText: 'Crumb.', tags: ['!!'] });
    await postQuestion(api, baker, { questionTitle: 'Cake tagged nothing', questionText: 'Crumb.', tags: [] });
  });
  afterAll(() => t.close());

  it('narrows the full-text query to the tag', async () => {
    t.queries.length = 0;
    const response = await api.get<QuestionPage>('/api/questions?q=cake&tag=!!');
    expect(response.body.questions.map((q) => q.questionTitle)).toEqual(['Cake tagged !!']);
    const matches = t.queries.flatMap((event) => event.query.parameters).filter((p) => String(p).includes('cake'));
    expect(matches).toEqual(['(tags : "\ue000x21x21") AND "cake"*']);
  });

  it('finds nothing by the word the tag is indexed as', async () => {
    for (const q of ['x21x21', 'x21', 'ue000x21x21']) {
      const response = await api.get<QuestionPage>(`/api/questions?q=${q}`);
      expect(response.body.questions, q).toEqual([]);
    }
  });
});
