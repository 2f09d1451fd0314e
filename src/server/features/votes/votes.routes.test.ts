import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerPage, ErrorJson, QuestionPage, UserJson, VotesJson } from '../../../shared/api-types.js';
import { RECENT_VOTERS } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import { getUser, NO_VOTES, questionOf } from '../../testing/api-assertions.js';
import { counterMismatches } from '../../testing/invariants.js';
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
} from '../../testing/test-app.js';

type Reaction = 'upvote' | 'downvote' | 'unvote';

const sorted = (names: string[]) => [...names].sort();

describe('votes routes', () => {
  let t: TestApp;
  let api: ApiClient;
  let asker: SignedUpUser;
  let answerer: SignedUpUser;
  let voters: SignedUpUser[];

  beforeAll(async () => {
    // Every call to the clock moves it on, so "most recent" is well defined for each vote.
    t = await createTestApp({ now: steppingClock() });
    api = apiClient(t.app);
    asker = await signUp(api);
    answerer = await signUp(api);
    voters = [];
    for (let i = 0; i < 22; i += 1) voters.push(await signUp(api));
  });
  afterAll(() => t.close());

  const voter = (i: number) => voters[i] as SignedUpUser;

  const react = (questionId: string, user: SignedUpUser | undefined, reaction: unknown) =>
    api.call<{ votes: VotesJson } & ErrorJson>('POST', `/api/votes/react/${questionId}`, {
      body: reaction === undefined ? {} : { reaction },
      token: user?.token,
    });

  const voteAnswer = (questionId: string, answerId: string, user: SignedUpUser | undefined, reaction: unknown) =>
    api.call<{ votes: VotesJson } & ErrorJson>('POST', `/api/votes/vote/${questionId}/${answerId}`, {
      body: reaction === undefined ? {} : { reaction },
      token: user?.token,
    });

  async function votesOf(questionId: string, user?: SignedUpUser): Promise<VotesJson> {
    const response = await api.get<{ votes: VotesJson }>(`/api/votes/${questionId}`, user?.token);
    expect(response.status).toBe(200);
    return response.body.votes;
  }

  async function answerVotesOf(questionId: string, answerId: string, user?: SignedUpUser): Promise<VotesJson> {
    const response = await api.get<{ votes: VotesJson }>(`/api/votes/${questionId}/${answerId}`, user?.token);
    expect(response.status).toBe(200);
    return response.body.votes;
  }

  describe('on a question', () => {
    it('starts with no votes', async () => {
      const questionId = await postQuestion(api, asker);
      const response = await api.get(`/api/votes/${questionId}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ votes: NO_VOTES });
      expect(await votesOf(questionId, voter(0))).toEqual(NO_VOTES);
      expect((await questionOf(api, questionId)).votes).toEqual(NO_VOTES);
    });

    it('upvotes: adds the caller to upvotedBy, with myVote only for the caller', async () => {
      const questionId = await postQuestion(api, asker);
      const response = await react(questionId, voter(0), 'upvote');
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        votes: { upvotedBy: [voter(0).username], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: 'upvote' },
      });
      expect(await votesOf(questionId, voter(0))).toEqual(response.body.votes);
      expect(await votesOf(questionId)).toEqual({ ...response.body.votes, myVote: null });
      expect(await votesOf(questionId, voter(1))).toEqual({ ...response.body.votes, myVote: null });
      expect((await questionOf(api, questionId, voter(0).token)).votes.myVote).toBe('upvote');
      expect((await questionOf(api, questionId, voter(1).token)).votes.myVote).toBeNull();
      expect((await questionOf(api, questionId)).votes).toEqual({ ...response.body.votes, myVote: null });
    });

    it('repeating an upvote or a downvote changes nothing', async () => {
      const questionId = await postQuestion(api, asker);
      await react(questionId, voter(1), 'downvote');
      const first = await react(questionId, voter(0), 'upvote');
      const votedAt = () =>
        t.database.db
          .selectFrom('question_votes')
          .select('created_at')
          .where('question_id', '=', Number(questionId))
          .where('user_id', '=', Number(voter(0).id))
          .executeTakeFirstOrThrow();
      const firstVotedAt = await votedAt();
      const second = await react(questionId, voter(0), 'upvote');
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      // The vote keeps its date, and with it its place among the recent voters.
      expect(await votedAt()).toEqual(firstVotedAt);
      expect(second.body.votes).toMatchObject({ upvotes: 1, downvotes: 1, upvotedBy: [voter(0).username] });
      const downAgain = await react(questionId, voter(1), 'downvote');
      expect(downAgain.status).toBe(201);
      expect(downAgain.body.votes).toEqual({
        upvotedBy: [voter(0).username],
        downvotedBy: [voter(1).username],
        upvotes: 1,
        downvotes: 1,
        myVote: 'downvote',
      });
      const rows = await t.database.db
        .selectFrom('question_votes')
        .select(['user_id', 'value'])
        .where('question_id', '=', Number(questionId))
        .execute();
      expect(rows).toHaveLength(2);
    });

    it('switching sides moves the caller and the counts exactly', async () => {
      const questionId = await postQuestion(api, asker);
      await react(questionId, voter(0), 'upvote');
      await react(questionId, voter(1), 'upvote');
      await react(questionId, voter(2), 'downvote');
      expect(await votesOf(questionId)).toMatchObject({ upvotes: 2, downvotes: 1 });

      const down = await react(questionId, voter(0), 'downvote');
      expect(down.status).toBe(201);
      expect(down.body.votes.upvotes).toBe(1);
      expect(down.body.votes.downvotes).toBe(2);
      expect(down.body.votes.myVote).toBe('downvote');
      expect(down.body.votes.upvotedBy).toEqual([voter(1).username]);
      expect(sorted(down.body.votes.downvotedBy)).toEqual(sorted([voter(0).username, voter(2).username]));

      const up = await react(questionId, voter(2), 'upvote');
      expect(up.body.votes).toMatchObject({
        upvotes: 2,
        downvotes: 1,
        myVote: 'upvote',
        downvotedBy: [voter(0).username],
      });
      expect(sorted(up.body.votes.upvotedBy)).toEqual(sorted([voter(1).username, voter(2).username]));
      const back = await react(questionId, voter(0), 'upvote');
      expect(back.body.votes).toMatchObject({ upvotes: 3, downvotes: 0, downvotedBy: [], myVote: 'upvote' });
    });

    it('unvote removes the caller from both sides; unvoting without a vote changes nothing', async () => {
      const questionId = await postQuestion(api, asker);
      await react(questionId, voter(0), 'upvote');
      await react(questionId, voter(1), 'downvote');

      const unUp = await react(questionId, voter(0), 'unvote');
      expect(unUp.status).toBe(201);
      expect(unUp.body.votes).toEqual({
        upvotedBy: [],
        downvotedBy: [voter(1).username],
        upvotes: 0,
        downvotes: 1,
        myVote: null,
      });
      const unDown = await react(questionId, voter(1), 'unvote');
      expect(unDown.body.votes).toEqual(NO_VOTES);
      const nothing = await react(questionId, voter(2), 'unvote');
      expect(nothing.status).toBe(201);
      expect(nothing.body.votes).toEqual(NO_VOTES);
      const rows = await t.database.db
        .selectFrom('question_votes')
        .select('user_id')
        .where('question_id', '=', Number(questionId))
        .execute();
      expect(rows).toEqual([]);
    });

    it('rejects an invalid reaction with 400 and changes nothing', async () => {
      const questionId = await postQuestion(api, asker);
      await react(questionId, voter(0), 'upvote');
      const before = await votesOf(questionId, voter(0));
      for (const reaction of ['like', 'UPVOTE', '', 123, null, ['upvote'], { reaction: 'upvote' }, undefined]) {
        const response = await react(questionId, voter(0), reaction);
        expect(response.status, JSON.stringify(reaction)).toBe(400);
        expect(response.body.errors[0], JSON.stringify(reaction)).toBe(messages.invalidReaction);
        const other = await react(questionId, voter(1), reaction);
        expect(other.status, JSON.stringify(reaction)).toBe(400);
      }
      expect(await votesOf(questionId, voter(0))).toEqual(before);
      expect(await votesOf(questionId, voter(1))).toEqual({ ...before, myVote: null });
    });

    it('keeps the 10 most recent voters by name and the exact count of all of them', async () => {
      const questionId = await postQuestion(api, asker);
      const twelve = voters.slice(0, 12);
      for (const user of twelve) expect((await react(questionId, user, 'upvote')).status).toBe(201);

      const votes = await votesOf(questionId);
      expect(votes.upvotes).toBe(12);
      expect(votes.upvotedBy).toHaveLength(RECENT_VOTERS);
      expect(sorted(votes.upvotedBy)).toEqual(sorted(twelve.slice(2).map((u) => u.username)));
      expect(new Set(votes.upvotedBy).size).toBe(RECENT_VOTERS);

      // The most recent voter leaves: the next most recent one comes back into the list.
      const left = await react(questionId, voter(11), 'unvote');
      expect(left.body.votes.upvotes).toBe(11);
      expect(sorted(left.body.votes.upvotedBy)).toEqual(sorted(twelve.slice(1, 11).map((u) => u.username)));

      // The oldest voter switches sides: 10 up, 1 down.
      const switched = await react(questionId, voter(0), 'downvote');
      expect(switched.body.votes).toMatchObject({ upvotes: 10, downvotes: 1, downvotedBy: [voter(0).username] });
      expect(sorted(switched.body.votes.upvotedBy)).toEqual(sorted(twelve.slice(1, 11).map((u) => u.username)));

      const summary = (await questionOf(api, questionId)).votes;
      expect(summary).toMatchObject({ upvotes: 10, downvotes: 1 });
      expect(summary.upvotedBy).toHaveLength(RECENT_VOTERS);
    });

    it('asks the database for voters only when a named voter leaves and an unnamed one takes their place', async () => {
      const questionId = await postQuestion(api, asker);
      const voterQueries = async (user: SignedUpUser, reaction: string) => {
        t.queries.length = 0;
        const response = await react(questionId, user, reaction);
        expect(response.status).toBe(201);
        return t.queries.filter((q) => /join "users"/.test(q.query.sql)).length;
      };
      for (let i = 0; i < RECENT_VOTERS; i += 1) expect(await voterQueries(voter(i), 'upvote')).toBe(0);
      // All voters are named: one leaving needs no lookup.
      expect(await voterQueries(voter(0), 'unvote')).toBe(0);
      expect(await voterQueries(voter(0), 'upvote')).toBe(0);
      expect(await voterQueries(voter(RECENT_VOTERS), 'upvote')).toBe(0);
      expect(await voterQueries(voter(RECENT_VOTERS + 1), 'upvote')).toBe(0);
      // voter(1) and voter(2) are now the oldest and unnamed: one of them leaving changes no list.
      expect(await voterQueries(voter(1), 'downvote')).toBe(0);
      // A named upvoter leaves while voter(2) remains unnamed: the database names them again.
      expect(await voterQueries(voter(RECENT_VOTERS), 'unvote')).toBe(1);
      const votes = await votesOf(questionId);
      expect(votes).toMatchObject({ upvotes: RECENT_VOTERS, downvotes: 1, downvotedBy: [voter(1).username] });
      expect(votes.upvotedBy[0]).toBe(voter(RECENT_VOTERS + 1).username);
      expect(votes.upvotedBy).toContain(voter(2).username);
      expect(votes.upvotedBy).not.toContain(voter(RECENT_VOTERS).username);
      expect(votes.upvotedBy).toHaveLength(RECENT_VOTERS);
      expect(await counterMismatches(t.database.db)).toEqual([]);
    });

    it('orders trending lists by upvotes minus downvotes, newest first on ties', async () => {
      const author = await signUp(api);
      const q = [];
      for (let i = 0; i < 5; i += 1) q.push(await postQuestion(api, author, { questionTitle: `Trending ${i}` }));
      const [q0, q1, q2, q3, q4] = q as [string, string, string, string, string];
      // q0: 3 up 1 down = 2; q1: 1 up 2 down = -1; q2: 1 up = 1; q3: none = 0; q4: 1 up 1 down = 0.
      const plan: [string, number, Reaction][] = [
        [q0, 0, 'upvote'],
        [q0, 1, 'upvote'],
        [q0, 2, 'upvote'],
        [q0, 3, 'downvote'],
        [q1, 0, 'upvote'],
        [q1, 1, 'downvote'],
        [q1, 2, 'downvote'],
        [q2, 3, 'upvote'],
        [q4, 0, 'upvote'],
        [q4, 1, 'downvote'],
      ];
      for (const [id, i, reaction] of plan) expect((await react(id, voter(i), reaction)).status).toBe(201);

      const response = await api.get<QuestionPage>(`/api/questions?sort=trending&author=${author.username}`);
      expect(response.status).toBe(200);
      expect(response.body.questions.map((x) => x._id)).toEqual([q0, q2, q4, q3, q1]);
      const scores = response.body.questions.map((x) => x.votes.upvotes - x.votes.downvotes);
      expect(scores).toEqual([2, 1, 0, 0, -1]);

      const stored = await t.database.db
        .selectFrom('questions')
        .select(['id', 'upvotes', 'downvotes', 'score'])
        .where('id', 'in', q.map(Number))
        .orderBy('id')
        .execute();
      expect(stored.map((r) => r.score)).toEqual([2, -1, 1, 0, 0]);
      for (const row of stored) expect(row.score).toBe(row.upvotes - row.downvotes);

      const mine = await api.get<QuestionPage>(
        `/api/questions?sort=trending&author=${author.username}`,
        voter(1).token,
      );
      expect(mine.body.questions.map((x) => x.votes.myVote)).toEqual(['upvote', null, 'downvote', null, 'downvote']);
    });

    it('answers 404 for unknown questions and 401 without a token', async () => {
      for (const id of ['999999', 'abc']) {
        const get = await api.get<ErrorJson>(`/api/votes/${id}`);
        expect(get.status, id).toBe(404);
        expect(get.body.errors, id).toEqual([messages.questionNotFound]);
        const post = await react(id, voter(0), 'upvote');
        expect(post.status, id).toBe(404);
        expect(post.body.errors, id).toEqual([messages.questionNotFound]);
      }
      const questionId = await postQuestion(api, asker);
      for (const token of [undefined, 'garbage.token.here']) {
        const response = await api.call<ErrorJson>('POST', `/api/votes/react/${questionId}`, {
          body: { reaction: 'upvote' },
          token,
        });
        expect(response.status).toBe(401);
        expect(response.body.errors).toEqual([messages.invalidToken]);
      }
      expect(await votesOf(questionId)).toEqual(NO_VOTES);
    });
  });

  describe('on an answer', () => {
    it('upvote, downvote, switch, repeat and unvote behave as on a question', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const initial = await api.get(`/api/votes/${questionId}/${answerId}`);
      expect(initial.status).toBe(200);
      expect(initial.body).toEqual({ votes: NO_VOTES });

      const up = await voteAnswer(questionId, answerId, voter(0), 'upvote');
      expect(up.status).toBe(201);
      expect(up.body).toEqual({
        votes: { upvotedBy: [voter(0).username], downvotedBy: [], upvotes: 1, downvotes: 0, myVote: 'upvote' },
      });
      const votedAt = () =>
        t.database.db
          .selectFrom('answer_votes')
          .select('created_at')
          .where('answer_id', '=', Number(answerId))
          .where('user_id', '=', Number(voter(0).id))
          .executeTakeFirstOrThrow();
      const firstVotedAt = await votedAt();
      const again = await voteAnswer(questionId, answerId, voter(0), 'upvote');
      expect(again.body).toEqual(up.body);
      expect(await votedAt()).toEqual(firstVotedAt);
      await voteAnswer(questionId, answerId, voter(1), 'upvote');
      const switched = await voteAnswer(questionId, answerId, voter(0), 'downvote');
      expect(switched.body.votes).toEqual({
        upvotedBy: [voter(1).username],
        downvotedBy: [voter(0).username],
        upvotes: 1,
        downvotes: 1,
        myVote: 'downvote',
      });
      expect(await answerVotesOf(questionId, answerId, voter(0))).toEqual(switched.body.votes);
      expect(await answerVotesOf(questionId, answerId, voter(1))).toEqual({ ...switched.body.votes, myVote: 'upvote' });
      expect(await answerVotesOf(questionId, answerId)).toEqual({ ...switched.body.votes, myVote: null });

      const un = await voteAnswer(questionId, answerId, voter(0), 'unvote');
      expect(un.body.votes).toEqual({
        upvotedBy: [voter(1).username],
        downvotedBy: [],
        upvotes: 1,
        downvotes: 0,
        myVote: null,
      });

      // Answer votes are the answer's own: the question's votes do not move.
      expect(await votesOf(questionId)).toEqual(NO_VOTES);
      const listed = await api.get<AnswerPage>(`/api/answers/${questionId}`, voter(1).token);
      expect(listed.body.answers[0]?.votes).toEqual({ ...un.body.votes, myVote: 'upvote' });
      const stored = await t.database.db
        .selectFrom('answers')
        .select(['upvotes', 'downvotes', 'score'])
        .where('id', '=', Number(answerId))
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ upvotes: 1, downvotes: 0, score: 1 });
    });

    it('keeps the 10 most recent downvoters by name and the exact count', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const twelve = voters.slice(5, 17);
      for (const user of twelve) expect((await voteAnswer(questionId, answerId, user, 'downvote')).status).toBe(201);
      const votes = await answerVotesOf(questionId, answerId, twelve[0]);
      expect(votes).toMatchObject({ upvotes: 0, downvotes: 12, upvotedBy: [], myVote: 'downvote' });
      expect(sorted(votes.downvotedBy)).toEqual(sorted(twelve.slice(2).map((u) => u.username)));
      const listed = await api.get<AnswerPage>(`/api/answers/${questionId}`);
      const listedVotes = listed.body.answers[0]?.votes;
      expect(listedVotes && listedVotes.upvotes - listedVotes.downvotes).toBe(-12);
    });

    it('rejects an invalid reaction with 400 and changes nothing', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      await voteAnswer(questionId, answerId, voter(0), 'downvote');
      const before = await answerVotesOf(questionId, answerId, voter(0));
      for (const reaction of ['like', 123, undefined, null]) {
        const response = await voteAnswer(questionId, answerId, voter(0), reaction);
        expect(response.status, JSON.stringify(reaction)).toBe(400);
        expect(response.body.errors[0], JSON.stringify(reaction)).toBe(messages.invalidReaction);
      }
      expect(await answerVotesOf(questionId, answerId, voter(0))).toEqual(before);
    });

    it('answers 404 for unknown questions and answers, answers of other questions, and 401 without a token', async () => {
      const questionId = await postQuestion(api, asker);
      const otherQuestionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);

      const unknownQuestion = await api.get<ErrorJson>(`/api/votes/999999/${answerId}`);
      expect(unknownQuestion.status).toBe(404);
      expect(unknownQuestion.body.errors).toEqual([messages.questionNotFound]);
      const unknownQuestionVote = await voteAnswer('999999', answerId, voter(0), 'upvote');
      expect(unknownQuestionVote.status).toBe(404);
      expect(unknownQuestionVote.body.errors).toEqual([messages.questionNotFound]);

      for (const [qid, aid] of [
        [questionId, '999999'],
        [questionId, 'nope'],
        [otherQuestionId, answerId],
      ] as const) {
        const get = await api.get<ErrorJson>(`/api/votes/${qid}/${aid}`);
        expect(get.status, `${qid}/${aid}`).toBe(404);
        expect(get.body.errors).toEqual([messages.answerNotFound]);
        const post = await voteAnswer(qid, aid, voter(0), 'upvote');
        expect(post.status, `${qid}/${aid}`).toBe(404);
        expect(post.body.errors).toEqual([messages.answerNotFound]);
      }

      const anonymous = await voteAnswer(questionId, answerId, undefined, 'upvote');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.errors).toEqual([messages.invalidToken]);
      expect(await answerVotesOf(questionId, answerId)).toEqual(NO_VOTES);
    });
  });

  describe('under concurrency', () => {
    it('counts 20 identical upvotes sent at once by one user as one', async () => {
      const questionId = await postQuestion(api, asker);
      const responses = await Promise.all(Array.from({ length: 20 }, () => react(questionId, voter(0), 'upvote')));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
      const votes = await votesOf(questionId, voter(0));
      expect(votes).toEqual({
        upvotedBy: [voter(0).username],
        downvotedBy: [],
        upvotes: 1,
        downvotes: 0,
        myVote: 'upvote',
      });
      const rows = await t.database.db
        .selectFrom('question_votes')
        .select('user_id')
        .where('question_id', '=', Number(questionId))
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('counts 20 different users upvoting at once as 20', async () => {
      const questionId = await postQuestion(api, asker);
      const twenty = voters.slice(0, 20);
      const responses = await Promise.all(twenty.map((user) => react(questionId, user, 'upvote')));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
      for (const [i, response] of responses.entries()) {
        expect(response.body.votes.myVote, twenty[i]?.username).toBe('upvote');
      }
      const votes = await votesOf(questionId);
      expect(votes.upvotes).toBe(20);
      expect(votes.downvotes).toBe(0);
      expect(votes.upvotedBy).toHaveLength(RECENT_VOTERS);
      const stored = await t.database.db
        .selectFrom('questions')
        .select(['upvotes', 'score'])
        .where('id', '=', Number(questionId))
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ upvotes: 20, score: 20 });
    });

    it('counts 20 different users voting on an answer at once, and one user’s burst once', async () => {
      const questionId = await postQuestion(api, asker);
      const answerId = await postAnswer(api, answerer, questionId);
      const twenty = voters.slice(0, 20);
      const responses = await Promise.all([
        ...twenty.map((user) => voteAnswer(questionId, answerId, user, 'downvote')),
        ...Array.from({ length: 10 }, () => voteAnswer(questionId, answerId, voter(20), 'upvote')),
      ]);
      expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
      const votes = await answerVotesOf(questionId, answerId, voter(20));
      expect(votes).toMatchObject({ upvotes: 1, downvotes: 20, upvotedBy: [voter(20).username], myVote: 'upvote' });
      expect(votes.downvotedBy).toHaveLength(RECENT_VOTERS);
    });
  });

  describe('stored counters', () => {
    it('match real counts after a mixed sequence of votes, answers, comments, follows and deletes', async () => {
      const db = t.database.db;
      const [u1, u2, u3, u4, u5] = [voter(17), voter(18), voter(19), voter(20), voter(21)];
      const follow = (user: SignedUpUser, target: SignedUpUser, how: 'follow' | 'unfollow') =>
        api.post<{ user: UserJson }>(`/api/users/${how}/${target.id}`, {}, user.token);
      for (const [user, target, how] of [
        [u1, u2, 'follow'],
        [u1, u3, 'follow'],
        [u2, u1, 'follow'],
        [u3, u1, 'follow'],
        [u4, u5, 'follow'],
        [u1, u3, 'unfollow'],
        [u5, u1, 'follow'],
      ] as const) {
        expect((await follow(user, target, how)).status, `${how}`).toBe(200);
      }

      const q1 = await postQuestion(api, u1);
      const q2 = await postQuestion(api, u2);
      const q3 = await postQuestion(api, u3);
      const q4 = await postQuestion(api, u1, { questionTitle: 'Soon deleted' });
      const a1 = await postAnswer(api, u2, q1);
      const a2 = await postAnswer(api, u3, q1);
      const a3 = await postAnswer(api, u1, q2);
      const a4 = await postAnswer(api, u4, q4);
      const a5 = await postAnswer(api, u5, q1);

      const everyone = [u1, u2, u3, u4, u5];
      const steps: Promise<unknown>[] = [];
      // Sequential votes, switches and unvotes.
      for (const [i, user] of everyone.entries()) {
        await react(q1, user, i % 2 ? 'downvote' : 'upvote');
        await react(q2, user, 'upvote');
        await voteAnswer(q1, a1, user, i % 3 ? 'upvote' : 'downvote');
        await voteAnswer(q4, a4, user, 'upvote');
        await react(q4, user, 'downvote');
      }
      await react(q1, u2, 'upvote');
      await react(q1, u3, 'unvote');
      await react(q2, u4, 'downvote');
      await voteAnswer(q1, a1, u1, 'upvote');
      await voteAnswer(q1, a1, u2, 'unvote');
      await voteAnswer(q1, a5, u3, 'upvote');
      await voteAnswer(q2, a3, u2, 'downvote');

      // Comments, including a repeated client _id, and deletes by the allowed users.
      const comment = async (user: SignedUpUser, path: string, text: string, key?: string) => {
        const response = await api.post<{ comment: { _id: string } }>(
          `/api/comments/add/${path}`,
          { commentData: { commentText: text, ...(key ? { _id: key } : {}) } },
          user.token,
        );
        expect(response.status).toBe(201);
        return response.body.comment._id;
      };
      const c1 = await comment(u2, q1, 'on q1');
      await comment(u3, q1, 'on q1 again', 'dup');
      await comment(u3, q1, 'on q1 again', 'dup');
      const c3 = await comment(u4, `${q1}/${a1}`, 'on a1');
      await comment(u5, `${q1}/${a1}`, 'on a1 too');
      await comment(u1, `${q1}/${a2}`, 'on a2');
      await comment(u2, `${q1}/${a5}`, 'on a5');
      await comment(u3, q4, 'on q4');
      await comment(u2, `${q4}/${a4}`, 'on a4');
      await comment(u1, q2, 'on q2');
      expect((await api.del(`/api/comments/delete/${q1}/${c1}`, u1.token)).status).toBe(201);
      expect((await api.del(`/api/comments/delete/${q1}/${a1}/${c3}`, u2.token)).status).toBe(201);

      // Bursts of conflicting reactions from the same users, all at once.
      const burst: Reaction[] = ['upvote', 'downvote', 'unvote', 'upvote', 'downvote', 'upvote'];
      for (const user of everyone) {
        for (const reaction of burst) {
          steps.push(react(q3, user, reaction));
          steps.push(voteAnswer(q1, a2, user, reaction));
        }
      }
      steps.push(api.post(`/api/answers/add/${q3}`, { answerData: { answerText: 'during the burst' } }, u4.token));
      steps.push(api.post(`/api/comments/add/${q3}`, { commentData: { commentText: 'during the burst' } }, u5.token));
      const results = (await Promise.all(steps)) as { status: number }[];
      expect(results.map((r) => r.status)).toEqual(Array(results.length).fill(201));

      // Deletes: an answer by the question's author, and a whole question with votes, answers and comments.
      expect((await api.del(`/api/answers/delete/${q1}/${a5}`, u1.token)).status).toBe(201);
      expect((await api.del(`/api/questions/delete/${q4}`, u1.token)).status).toBe(201);
      expect((await follow(u2, u1, 'unfollow')).status).toBe(200);

      // Every stored counter equals a real count of its rows, the recent voters are the latest ones,
      // and no comment outlived its answer.
      expect(await counterMismatches(db)).toEqual([]);

      // And the API reports the same numbers.
      const stored = await db
        .selectFrom('questions')
        .select(['id', 'upvotes', 'downvotes', 'answer_count', 'comment_count'])
        .where('id', 'in', [q1, q2, q3].map(Number))
        .execute();
      expect(stored).toHaveLength(3);
      for (const row of stored) {
        const question = await questionOf(api, String(row.id));
        expect(question.votes.upvotes).toBe(row.upvotes);
        expect(question.votes.downvotes).toBe(row.downvotes);
        expect(question.answerCount).toBe(row.answer_count);
        expect(question.commentCount).toBe(row.comment_count);
      }
      const q1Now = await questionOf(api, q1);
      expect(q1Now.answerCount).toBe(2);
      expect(q1Now.commentCount).toBe(1);
      expect(q1Now.votes).toMatchObject({ upvotes: 3, downvotes: 1 });
      const user1 = await getUser(api, u1.id);
      expect(user1).toMatchObject({ followerCount: 2, followingCount: 1, questionCount: 1 });
      expect(sorted(user1.followers)).toEqual(sorted([u3.username, u5.username]));
      const q4Gone = await api.get(`/api/questions/${q4}`);
      expect(q4Gone.status).toBe(404);
    });
  });
});
