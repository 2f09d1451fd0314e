import { sql } from 'kysely';
import { RECENT_VOTERS } from '../../../shared/constants.js';
import type { Db, DialectName } from '../database.js';
import { tagKey } from '../../../shared/folded-text.js';
import { searchDocument, searchIndexRow } from '../../features/questions/questions.repository.js';
import { bulkLoader, dropSecondaryIndexes, GENERATED_TABLES, int, recreateIndexes, text, time } from './bulk-writer.js';
import { heavyTailCount, permutation, popularRank, seededRandom, type Random } from './random.js';
import * as words from './text.js';

export interface CommunitySize {
  users: number;
  posts: number;
  /** Votes in all: 85% on questions, 15% on answers. */
  votes: number;
  follows: number;
  answers: number;
  /** Comments in all: 40% on questions, 60% on answers. */
  comments: number;
  bookmarks: number;
}

export interface GenerateOptions {
  size: CommunitySize;
  /** Hash stored for every generated baker (one scrypt hash, computed once). */
  passwordHash: string;
  /** The present: every timestamp lies in the five years before it. */
  now: number;
  seed: number;
  onProgress?: (progress: Progress) => void;
}

export interface Progress {
  phase: string;
  rows: Record<string, number>;
}

/** Defaults for the sizes the command line leaves out, relative to the number of posts. */
export function withDefaults(size: Partial<CommunitySize> & Pick<CommunitySize, 'posts'>): CommunitySize {
  const users = size.users ?? Math.max(10, Math.round(size.posts / 10));
  return {
    users,
    posts: size.posts,
    votes: size.votes ?? size.posts * 10,
    follows: size.follows ?? users * 50,
    answers: size.answers ?? Math.round(size.posts * 0.6),
    comments: size.comments ?? size.posts,
    bookmarks: size.bookmarks ?? Math.round(size.posts * 0.2),
  };
}

const YEAR = 365 * 24 * 60 * 60 * 1000;
const SPAN = 5 * YEAR;
/** The question shown by the benchmark's question page: it always has this many answers. */
export const SHOWCASE_ANSWERS = 30;
const SHOWCASE_COMMENTS = 25;
const SHOWCASE_ANSWER_COMMENTS = 4;

/** Rows are committed in chunks of this many questions (with their answers, comments and votes). */
const QUESTIONS_PER_COMMIT = 50_000;
/** SQLite's full-text index is written in runs of this many posts, apart from the other tables (`TableOptions`). */
const SEARCH_ROWS_PER_WRITE = 10_000;

interface Vote {
  user: number;
  value: number;
  at: number;
}

/**
 * Fills an empty database with a synthetic community: bakers with skewed popularity (a few with
 * many followers, a few posts with many votes), 1–3 tags per post, answers, comments, votes and
 * bookmarks, timestamps over five years. Every stored counter is computed from the generated
 * rows, so the database passes the same invariant checks as one built through the API.
 * Runs on one connection (pass `db.connection()`'s handle on PostgreSQL).
 */
export async function generateCommunity(db: Db, dialect: DialectName, options: GenerateOptions): Promise<void> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) throw new Error('The database already has users: generate into an empty database.');
  await startLoadSession(db, dialect);
  try {
    await fill(db, dialect, options);
  } catch (error) {
    // A failure inside one of the load's transactions leaves it open, and SQLite refuses to undo
    // the session's settings within a transaction: that refusal would hide the failure. Nothing
    // is open when the failure came between transactions, and the rollback's own refusal says so.
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  } finally {
    await endLoadSession(db, dialect);
  }
}

/**
 * Session settings for a bulk load, undone afterwards (the connection may go back to a pool).
 * PostgreSQL: no statement timeout (building an index over ten million rows outlasts the app's
 * 10 s; the generator's pool has no client-side query timeout either), no waiting for the WAL
 * flush at each commit, and, for a superuser, no foreign-key triggers: every reference is
 * generated from rows written before it. SQLite: no foreign-key checks either (a tenth of the
 * generation), no journal and no syncing; an interrupted generation leaves a database to delete,
 * not one to recover.
 */
async function startLoadSession(db: Db, dialect: DialectName) {
  if (dialect === 'postgres') {
    await sql`set statement_timeout = 0`.execute(db);
    await sql`set synchronous_commit = off`.execute(db);
    const { rows } = await sql<{
      super: boolean;
    }>`select rolsuper as super from pg_roles where rolname = current_user`.execute(db);
    if (rows[0]?.super) await sql`set session_replication_role = replica`.execute(db);
  } else {
    await sql`pragma foreign_keys = off`.execute(db);
    await sql`pragma journal_mode = off`.execute(db);
    await sql`pragma synchronous = off`.execute(db);
  }
}

async function endLoadSession(db: Db, dialect: DialectName) {
  if (dialect === 'postgres') {
    await sql`reset session_replication_role`.execute(db);
    await sql`reset synchronous_commit`.execute(db);
    await sql`reset statement_timeout`.execute(db);
  } else {
    await sql`pragma journal_mode = wal`.execute(db);
    await sql`pragma synchronous = normal`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * SQLite's full-text index, loaded without merging its segments as they pile up (FTS5's
 * `automerge` and `crisismerge`) and merged into one at the end (`optimize`): at 100,000 posts,
 * 3.5 s of inserts and 2.1 s of merging against 9.1 s of inserts merging as they went (2,000
 * segments held a level; held to 64, the generation took as long in all). The app's writes then
 * merge as FTS5 does by default.
 */
const FTS_DEFAULT_AUTOMERGE = 4;
const FTS_DEFAULT_CRISISMERGE = 16;
/**
 * Segments a level of the index holds before FTS5 merges them into one of the next level. Not
 * many more: past 2,000 segments in all FTS5 fails the insert as if the disk were full, as a
 * million posts held at 2,000 a level did.
 */
const FTS_SEGMENTS_HELD = 64;

/** Sets one of FTS5's options on the search index: a number FTS5 takes only as an integer literal. */
const setSearchOption = (db: Db, option: 'automerge' | 'crisismerge', value: number) =>
  sql`insert into questions_fts (questions_fts, rank) values (${sql.lit(option)}, ${sql.lit(value)})`.execute(db);

async function holdSearchMerges(db: Db) {
  await setSearchOption(db, 'automerge', 0);
  await setSearchOption(db, 'crisismerge', FTS_SEGMENTS_HELD);
}

async function mergeSearchIndex(db: Db) {
  await sql`insert into questions_fts (questions_fts) values ('optimize')`.execute(db);
  await setSearchOption(db, 'automerge', FTS_DEFAULT_AUTOMERGE);
  await setSearchOption(db, 'crisismerge', FTS_DEFAULT_CRISISMERGE);
}

/** Plans the community in memory, then writes it with its counters already final. */
async function fill(db: Db, dialect: DialectName, options: GenerateOptions): Promise<void> {
  const pg = dialect === 'postgres';
  const { size, now } = options;
  const random = seededRandom(options.seed);
  const start = now - SPAN;
  const U = size.users;
  const Q = size.posts;
  const progress = (phase: string, rows: Record<string, number>) => options.onProgress?.({ phase, rows });

  // --- Plan what can be planned in memory, so rows are written once with their final counters.
  const names = Array.from({ length: U }, (_, i) => words.personName(random, i + 1));
  // Bakers join over the first 90% of the span, in id order: early bakers are also the popular ones.
  const userCreated = Float64Array.from({ length: U }, (_, i) => start + Math.floor((SPAN * 0.9 * i) / U));
  const usersAt = (t: number) => Math.min(U, Math.max(1, Math.floor(((t - start) / (SPAN * 0.9)) * U) + 1));
  const popularUser = (skew: number, among = U) => popularRank(random, among, skew);

  const follows = planFollows(random, U, size.follows);
  const followerCount = new Int32Array(U);
  for (const followee of follows.followees) followerCount[followee] = (followerCount[followee] as number) + 1;

  // Posts come faster as the community grows; each author had joined before posting.
  const questionCreated = Float64Array.from({ length: Q }, (_, q) => start + Math.floor(SPAN * ((q + 0.5) / Q) ** 0.6));
  const questionAuthor = Int32Array.from({ length: Q }, (_, q) =>
    popularUser(0.3, usersAt(questionCreated[q] as number)),
  );
  const questionCount = new Int32Array(U);
  for (const author of questionAuthor) questionCount[author] = (questionCount[author] as number) + 1;

  const popularQuestions = permutation(random, Q);
  const spread = (total: number, skew: number, cap: number) => {
    const counts = new Int32Array(Q);
    for (let i = 0; i < total; i += 1) {
      const q = popularQuestions[popularRank(random, Q, skew)] as number;
      if ((counts[q] as number) < cap) counts[q] = (counts[q] as number) + 1;
    }
    return counts;
  };
  const answersPer = spread(size.answers, 0.1, 100_000);
  const questionCommentsPer = spread(Math.round(size.comments * 0.4), 0.1, 100_000);
  const maxVoters = Math.max(1, Math.floor(U / 2));
  const questionVotesPer = spread(Math.round(size.votes * 0.85), 0.3, maxVoters);
  const showcase = Math.floor(Q / 2);
  answersPer[showcase] = SHOWCASE_ANSWERS;
  questionCommentsPer[showcase] = SHOWCASE_COMMENTS;
  const meanAnswerComments = size.answers > 0 ? (size.comments * 0.6) / size.answers : 0;
  const meanAnswerVotes = size.answers > 0 ? (size.votes * 0.15) / size.answers : 0;

  // --- Load with secondary indexes dropped, then build them once.
  const indexes = await dropSecondaryIndexes(db, dialect);
  if (!pg) await holdSearchMerges(db);
  const load = bulkLoader(db, dialect);
  const users = load.table('users', [
    int('id'),
    text('username'),
    text('username_key'),
    text('first_name'),
    text('last_name'),
    text('bio'),
    text('password_hash'),
    int('follower_count'),
    int('following_count'),
    int('question_count'),
    time('created_at'),
    time('updated_at'),
  ]);
  const followRows = load.table('follows', [int('follower_id'), int('followee_id'), time('created_at')]);
  const questions = load.table(
    'questions',
    [
      int('id'),
      int('user_id'),
      text('username'),
      text('title'),
      text('body'),
      text('tags'),
      int('upvotes'),
      int('downvotes'),
      int('score'),
      int('answer_count'),
      int('comment_count'),
      text('recent_upvoters'),
      text('recent_downvoters'),
      time('created_at'),
      time('updated_at'),
    ],
    {
      computed: {
        name: 'search_vector',
        expression: "array_to_tsvector(string_to_array(search_text, ' '))",
        inputs: [text('search_text')],
      },
    },
  );
  const searchIndex = pg
    ? undefined
    : load.table('questions_fts', [int('rowid'), text('title'), text('body'), text('username'), text('tags')], {
        rowsPerWrite: SEARCH_ROWS_PER_WRITE,
      });
  const questionTags = load.table('question_tags', [
    int('question_id'),
    text('tag_key'),
    time('updated_at'),
    int('score'),
  ]);
  const questionVotes = load.table('question_votes', [
    int('question_id'),
    int('user_id'),
    int('value'),
    time('created_at'),
  ]);
  const answers = load.table('answers', [
    int('id'),
    int('question_id'),
    int('user_id'),
    text('username'),
    text('body'),
    int('upvotes'),
    int('downvotes'),
    int('score'),
    int('comment_count'),
    text('recent_upvoters'),
    text('recent_downvoters'),
    time('created_at'),
    time('updated_at'),
  ]);
  const answerVotes = load.table('answer_votes', [int('answer_id'), int('user_id'), int('value'), time('created_at')]);
  const comments = load.table('comments', [
    int('id'),
    int('question_id'),
    int('answer_id'),
    int('user_id'),
    text('username'),
    text('body'),
    time('created_at'),
    time('updated_at'),
  ]);
  const bookmarks = load.table('bookmarks', [int('user_id'), int('question_id'), time('created_at')]);
  const counts = () => ({
    users: users.written,
    follows: followRows.written,
    questions: questions.written,
    answers: answers.written,
    comments: comments.written,
    votes: questionVotes.written + answerVotes.written,
    bookmarks: bookmarks.written,
  });

  /** A time between `from` and now, most often soon after `from`. */
  const soonAfter = (from: number) => Math.floor(from + (now - from) * random.next() ** 3);
  /** Distinct voters for a post created at `from`, with times, oldest first. */
  const castVotes = (count: number, from: number): Vote[] => {
    const voters = new Set<number>();
    while (voters.size < count) voters.add(popularUser(0.3));
    const votes: Vote[] = [];
    for (const user of voters) {
      const at = soonAfter(Math.max(from, userCreated[user] as number));
      votes.push({ user, value: random.chance(0.85) ? 1 : -1, at });
    }
    return votes.sort((a, b) => a.at - b.at);
  };
  /** Counters and the most recent voters on each side, newest first, as the vote service keeps them. */
  const tally = (votes: Vote[]) => {
    const up: string[] = [];
    const down: string[] = [];
    let upvotes = 0;
    for (let i = votes.length - 1; i >= 0; i -= 1) {
      const vote = votes[i] as Vote;
      const side = vote.value === 1 ? up : down;
      if (vote.value === 1) upvotes += 1;
      if (side.length < RECENT_VOTERS) side.push((names[vote.user] as words.PersonName).username);
    }
    return {
      upvotes,
      downvotes: votes.length - upvotes,
      recentUp: JSON.stringify(up),
      recentDown: JSON.stringify(down),
    };
  };
  const byUser = (votes: Vote[]) => [...votes].sort((a, b) => a.user - b.user);

  await sql`begin`.execute(db);
  for (let u = 0; u < U; u += 1) {
    const name = names[u] as words.PersonName;
    const joined = userCreated[u] as number;
    await users.add(
      u + 1,
      name.username,
      name.username.toLowerCase(),
      name.firstName,
      name.lastName,
      words.bio(random),
      options.passwordHash,
      followerCount[u] as number,
      (follows.start[u + 1] as number) - (follows.start[u] as number),
      questionCount[u] as number,
      joined,
      joined,
    );
  }
  for (let u = 0; u < U; u += 1) {
    for (let i = follows.start[u] as number; i < (follows.start[u + 1] as number); i += 1) {
      const followee = follows.followees[i] as number;
      const at = soonAfter(Math.max(userCreated[u] as number, userCreated[followee] as number));
      await followRows.add(u + 1, followee + 1, at);
    }
    if (u % 1000 === 0) progress('follows', counts());
  }

  let answerId = 0;
  let commentId = 0;
  const addComments = async (questionId: number, answer: number | null, count: number, from: number) => {
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) times.push(soonAfter(from));
    times.sort((a, b) => a - b);
    for (const at of times) {
      const author = popularUser(0.3, usersAt(at));
      commentId += 1;
      const name = names[author] as words.PersonName;
      await comments.add(commentId, questionId, answer, author + 1, name.username, words.commentBody(random), at, at);
    }
  };

  for (let q = 0; q < Q; q += 1) {
    const id = q + 1;
    const created = questionCreated[q] as number;
    const updated = random.chance(0.1) ? soonAfter(created) : created;
    const author = questionAuthor[q] as number;
    const username = (names[author] as words.PersonName).username;
    const tags = words.tagsFor(random);
    const title = words.questionTitle(random);
    const body = words.questionBody(random);
    const votes = castVotes(questionVotesPer[q] as number, created);
    const totals = tally(votes);
    const score = totals.upvotes - totals.downvotes;
    const answerCount = answersPer[q] as number;
    const commentCount = questionCommentsPer[q] as number;
    await questions.add(
      id,
      author + 1,
      username,
      title,
      body,
      JSON.stringify(tags),
      totals.upvotes,
      totals.downvotes,
      score,
      answerCount,
      commentCount,
      totals.recentUp,
      totals.recentDown,
      created,
      updated,
      ...(pg ? [searchDocument({ title, body, tags }, username)] : []),
    );
    if (searchIndex) {
      const indexed = searchIndexRow({ title, body, tags }, username);
      await searchIndex.add(id, indexed.title, indexed.body, indexed.username, indexed.tags);
    }
    for (const tag of tags) await questionTags.add(id, tagKey(tag), updated, score);
    for (const vote of byUser(votes)) await questionVotes.add(id, vote.user + 1, vote.value, vote.at);

    const answerTimes: number[] = [];
    for (let i = 0; i < answerCount; i += 1) answerTimes.push(soonAfter(created));
    answerTimes.sort((a, b) => a - b);
    for (const at of answerTimes) {
      answerId += 1;
      const answerAuthor = popularUser(0.3, usersAt(at));
      const answerVoteList = castVotes(heavyTailCount(random, meanAnswerVotes, maxVoters), at);
      const answerTotals = tally(answerVoteList);
      const answerComments =
        q === showcase ? SHOWCASE_ANSWER_COMMENTS : heavyTailCount(random, meanAnswerComments, 1000);
      await answers.add(
        answerId,
        id,
        answerAuthor + 1,
        (names[answerAuthor] as words.PersonName).username,
        words.answerBody(random),
        answerTotals.upvotes,
        answerTotals.downvotes,
        answerTotals.upvotes - answerTotals.downvotes,
        answerComments,
        answerTotals.recentUp,
        answerTotals.recentDown,
        at,
        at,
      );
      for (const vote of byUser(answerVoteList)) await answerVotes.add(answerId, vote.user + 1, vote.value, vote.at);
      await addComments(id, answerId, answerComments, at);
    }
    await addComments(id, null, commentCount, created);

    if (q % 1000 === 0) progress('posts', counts());
    if ((q + 1) % QUESTIONS_PER_COMMIT === 0) {
      await load.flush();
      await sql`commit`.execute(db);
      await sql`begin`.execute(db);
    }
  }

  const bookmarked = new Set<number>();
  for (let i = 0; i < size.bookmarks && bookmarked.size < U * Q; i += 1) {
    bookmarked.add(popularUser(0.3) * Q + (popularQuestions[popularRank(random, Q, 0.3)] as number));
  }
  for (const pair of [...bookmarked].sort((a, b) => a - b)) {
    const user = Math.floor(pair / Q);
    const question = pair % Q;
    const at = soonAfter(Math.max(userCreated[user] as number, questionCreated[question] as number));
    await bookmarks.add(user + 1, question + 1, at);
  }
  await load.flush();
  await sql`commit`.execute(db);
  progress('indexes', counts());

  await recreateIndexes(db, indexes);
  if (!pg) {
    progress('search index', counts());
    await mergeSearchIndex(db);
  } else {
    // Rows were written with explicit ids: move each id sequence past them.
    for (const table of ['users', 'questions', 'answers', 'comments']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table)}), false)`.execute(
        db,
      );
    }
    progress('vacuum analyze', counts());
    // Fresh statistics for the planner, and a visibility map so index-only scans stay index-only.
    await sql`vacuum analyze ${sql.join(GENERATED_TABLES.map((t) => sql.table(t)))}`.execute(db);
  }
  progress('done', counts());
}

interface FollowPlan {
  /** Followees of user u (0-based) are followees[start[u]..start[u+1]), ascending. */
  start: Int32Array;
  followees: Int32Array;
}

/**
 * Who follows whom: how many bakers each one follows is heavy-tailed (most follow a few dozen,
 * some hundreds), and whom they follow favours the popular bakers. The total is `total`, as far
 * as there are distinct pairs to make.
 */
function planFollows(random: Random, users: number, total: number): FollowPlan {
  const cap = Math.max(0, Math.min(users - 1, Math.floor(users / 2), 5000));
  const wanted = Math.min(total, cap * users);
  const weights = Float64Array.from({ length: users }, () => 1 / Math.pow(1 - random.next(), 1 / 1.5));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = Int32Array.from(weights, (w) => Math.min(cap, Math.floor((wanted * w) / sum)));
  let missing = wanted - counts.reduce((a, b) => a + b, 0);
  while (missing > 0) {
    const u = random.below(users);
    if ((counts[u] as number) < cap) {
      counts[u] = (counts[u] as number) + 1;
      missing -= 1;
    }
  }
  const start = new Int32Array(users + 1);
  for (let u = 0; u < users; u += 1) start[u + 1] = (start[u] as number) + (counts[u] as number);
  const followees = new Int32Array(start[users] as number);
  for (let u = 0; u < users; u += 1) {
    const chosen = new Set<number>();
    const count = counts[u] as number;
    while (chosen.size < count) {
      const followee = popularRank(random, users, 0.5);
      if (followee !== u) chosen.add(followee);
    }
    followees.set(
      [...chosen].sort((a, b) => a - b),
      start[u] as number,
    );
  }
  return { start, followees };
}
