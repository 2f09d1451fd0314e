import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_VOTERS } from '../../shared/constants.js';
import type { Db } from '../db/database.js';
import { counterMismatches } from './invariants.js';
import {
  apiClient,
  createTestApp,
  postAnswer,
  postQuestion,
  signUp,
  steppingClock,
  type ApiClient,
  type SignedUpUser,
  type TestApp,
} from './test-app.js';

/** Spoils one stored value and hands back how to put it back. */
type Corruption = (db: Db) => Promise<() => Promise<unknown>>;

type QuestionCounter = 'upvotes' | 'downvotes' | 'score' | 'answer_count' | 'comment_count';
type AnswerCounter = 'upvotes' | 'downvotes' | 'score' | 'comment_count';
type UserCounter = 'follower_count' | 'following_count' | 'question_count';
type Side = 'recent_upvoters' | 'recent_downvoters';

/** The check can fail: every kind of wrong counter or summary is reported, by name and id. */
describe('counterMismatches', () => {
  let t: TestApp;
  let api: ApiClient;
  let author: SignedUpUser;
  let answerer: SignedUpUser;
  let voters: SignedUpUser[];
  const ids = { question: 0, otherQuestion: 0, answer: 0, answerComment: 0, author: 0, follower: 0 };

  beforeAll(async () => {
    // Every vote gets its own time, so "the most recent voters" are well defined.
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    author = await signUp(api);
    answerer = await signUp(api);
    voters = [];
    for (let i = 0; i <= RECENT_VOTERS; i += 1) voters.push(await signUp(api));
    const [first, second] = voters as [SignedUpUser, SignedUpUser];

    const question = await postQuestion(api, author, { tags: ['Breads'] });
    const otherQuestion = await postQuestion(api, author);
    const answer = await postAnswer(api, answerer, question);
    const ok = async (request: Promise<{ status: number }>, status = 201) =>
      expect((await request).status).toBe(status);
    // One more upvoter than the question shows by name, one downvoter; both sides on the answer.
    for (const voter of voters) await ok(api.post(`/api/votes/react/${question}`, { reaction: 'upvote' }, voter.token));
    await ok(api.post(`/api/votes/react/${question}`, { reaction: 'downvote' }, answerer.token));
    await ok(api.post(`/api/votes/vote/${question}/${answer}`, { reaction: 'upvote' }, first.token));
    await ok(api.post(`/api/votes/vote/${question}/${answer}`, { reaction: 'upvote' }, second.token));
    await ok(api.post(`/api/votes/vote/${question}/${answer}`, { reaction: 'downvote' }, author.token));
    await ok(
      api.post(`/api/comments/add/${question}`, { commentData: { commentText: 'On the question' } }, first.token),
    );
    const answerComment = await api.post<{ comment: { _id: string } }>(
      `/api/comments/add/${question}/${answer}`,
      { commentData: { commentText: 'On the answer' } },
      second.token,
    );
    expect(answerComment.status).toBe(201);
    await ok(api.post(`/api/users/follow/${author.id}`, {}, first.token), 200);

    Object.assign(ids, {
      question: Number(question),
      otherQuestion: Number(otherQuestion),
      answer: Number(answer),
      answerComment: Number(answerComment.body.comment._id),
      author: Number(author.id),
      follower: Number(first.id),
    });
  });
  afterAll(() => t.close());

  const bumpQuestion =
    (column: QuestionCounter): Corruption =>
    async (db) => {
      const by = (delta: number) =>
        db
          .updateTable('questions')
          .set(column, (eb) => eb(column, '+', delta))
          .where('id', '=', ids.question)
          .execute();
      await by(1);
      return () => by(-1);
    };

  const bumpAnswer =
    (column: AnswerCounter): Corruption =>
    async (db) => {
      const by = (delta: number) =>
        db
          .updateTable('answers')
          .set(column, (eb) => eb(column, '+', delta))
          .where('id', '=', ids.answer)
          .execute();
      await by(1);
      return () => by(-1);
    };

  const bumpUser =
    (column: UserCounter, user: () => number): Corruption =>
    async (db) => {
      const by = (delta: number) =>
        db
          .updateTable('users')
          .set(column, (eb) => eb(column, '+', delta))
          .where('id', '=', user())
          .execute();
      await by(1);
      return () => by(-1);
    };

  const bumpTag =
    (column: 'score' | 'updated_at'): Corruption =>
    async (db) => {
      const by = (delta: number) =>
        db
          .updateTable('question_tags')
          .set(column, (eb) => eb(column, '+', delta))
          .where('question_id', '=', ids.question)
          .execute();
      await by(1);
      return () => by(-1);
    };

  /** Rewrites one side's recent voters on the question or the answer, from the names stored now. */
  const rewriteVoters =
    (
      table: 'questions' | 'answers',
      side: Side,
      rewrite: (names: string[]) => unknown,
      encode: (value: unknown) => string = JSON.stringify,
    ): Corruption =>
    async (db) => {
      const id = table === 'questions' ? ids.question : ids.answer;
      const row = await db.selectFrom(table).select(side).where('id', '=', id).executeTakeFirstOrThrow();
      const stored = row[side];
      const set = (value: string) => db.updateTable(table).set(side, value).where('id', '=', id).execute();
      await set(encode(rewrite(JSON.parse(stored) as string[])));
      return () => set(stored);
    };

  const moveAnswerComment: Corruption = async (db) => {
    const file = (questionId: number) =>
      db.updateTable('comments').set('question_id', questionId).where('id', '=', ids.answerComment).execute();
    await file(ids.otherQuestion);
    return () => file(ids.question);
  };

  const question = (check: string) => () => [`${check}: ${ids.question}`];
  const answer = (check: string) => () => [`${check}: ${ids.answer}`];
  const questionVotes = 'questions.upvotes/downvotes/score';
  const questionVoters = 'questions.recent_upvoters/recent_downvoters';
  const answerVoters = 'answers.recent_upvoters/recent_downvoters';
  const name = (i: number) => voters[i]?.username;

  const cases: [string, Corruption, () => string[]][] = [
    ['questions.upvotes', bumpQuestion('upvotes'), question(questionVotes)],
    ['questions.downvotes', bumpQuestion('downvotes'), question(questionVotes)],
    // The score is also copied into question_tags, which no longer matches it.
    [
      'questions.score',
      bumpQuestion('score'),
      () => [...question(questionVotes)(), ...question('question_tags sort keys')()],
    ],
    ['questions.answer_count', bumpQuestion('answer_count'), question('questions.answer_count')],
    ['questions.comment_count', bumpQuestion('comment_count'), question('questions.comment_count')],
    ['question_tags.score', bumpTag('score'), question('question_tags sort keys')],
    ['question_tags.updated_at', bumpTag('updated_at'), question('question_tags sort keys')],
    ['answers.upvotes', bumpAnswer('upvotes'), answer('answers.upvotes/downvotes/score')],
    ['answers.downvotes', bumpAnswer('downvotes'), answer('answers.upvotes/downvotes/score')],
    ['answers.score', bumpAnswer('score'), answer('answers.upvotes/downvotes/score')],
    ['answers.comment_count', bumpAnswer('comment_count'), answer('answers.comment_count')],
    [
      'users.follower_count',
      bumpUser('follower_count', () => ids.author),
      () => [`users.follower_count/following_count: ${ids.author}`],
    ],
    [
      'users.following_count',
      bumpUser('following_count', () => ids.follower),
      () => [`users.follower_count/following_count: ${ids.follower}`],
    ],
    [
      'users.question_count',
      bumpUser('question_count', () => ids.author),
      () => [`users.question_count: ${ids.author}`],
    ],
    [
      'comments.question_id of an answer comment',
      moveAnswerComment,
      () => [`comments under their answer’s question: ${ids.answerComment}`],
    ],
    [
      'questions.recent_upvoters emptied',
      rewriteVoters('questions', 'recent_upvoters', () => []),
      question(questionVoters),
    ],
    [
      // In order, all voters, but the oldest one shown instead of the newest.
      'questions.recent_upvoters leaving out the newest voter',
      rewriteVoters('questions', 'recent_upvoters', (names) => [...names.slice(1), name(0)]),
      question(questionVoters),
    ],
    [
      'questions.recent_upvoters oldest first',
      rewriteVoters('questions', 'recent_upvoters', (names) => [...names].reverse()),
      question(questionVoters),
    ],
    [
      'questions.recent_downvoters naming an upvoter',
      rewriteVoters('questions', 'recent_downvoters', () => [name(1)]),
      question(questionVoters),
    ],
    [
      'answers.recent_upvoters naming a voter twice',
      rewriteVoters('answers', 'recent_upvoters', (names) => [names[0], names[0]]),
      answer(answerVoters),
    ],
    [
      'answers.recent_downvoters that is not a list',
      rewriteVoters('answers', 'recent_downvoters', (names) => names[0]),
      answer(answerVoters),
    ],
    [
      'answers.recent_downvoters emptied',
      rewriteVoters('answers', 'recent_downvoters', () => []),
      answer(answerVoters),
    ],
    [
      'answers.recent_downvoters that is not JSON',
      rewriteVoters('answers', 'recent_downvoters', (names) => `[${names.join(',')}`, String),
      answer(answerVoters),
    ],
  ];

  it('finds nothing wrong in a database written through the API', async () => {
    const db = t.database.db;
    expect(await counterMismatches(db)).toEqual([]);
    // The question shows RECENT_VOTERS of its upvoters by name, so leaving out the oldest is checked.
    const row = await db
      .selectFrom('questions')
      .select(['upvotes', 'recent_upvoters'])
      .where('id', '=', ids.question)
      .executeTakeFirstOrThrow();
    expect(row.upvotes).toBe(RECENT_VOTERS + 1);
    expect(JSON.parse(row.recent_upvoters)).toEqual(
      voters
        .slice(1)
        .map((v) => v.username)
        .reverse(),
    );
  });

  it.each(cases)('reports a wrong %s, and nothing once it is restored', async (_label, corrupt, expected) => {
    const db = t.database.db;
    const restore = await corrupt(db);
    try {
      expect(await counterMismatches(db)).toEqual(expected());
    } finally {
      await restore();
    }
    expect(await counterMismatches(db)).toEqual([]);
  });
});
