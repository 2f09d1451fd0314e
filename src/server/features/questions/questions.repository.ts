import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Sort } from '../../../shared/constants.js';
import type { Db, DialectName } from '../../db/database.js';
import type { Database, QuestionsTable } from '../../db/schema.js';
import { isFollowing } from '../users/users.repository.js';

export type QuestionRow = Selectable<QuestionsTable>;

/** The columns a question is read with (PostgreSQL's search vector stays in the database). */
export const QUESTION_COLUMNS = [
  'questions.id',
  'questions.user_id',
  'questions.username',
  'questions.title',
  'questions.body',
  'questions.tags',
  'questions.upvotes',
  'questions.downvotes',
  'questions.score',
  'questions.answer_count',
  'questions.comment_count',
  'questions.recent_upvoters',
  'questions.recent_downvoters',
  'questions.created_at',
  'questions.updated_at',
] as const;

export const tagKey = (tag: string) => tag.trim().toLowerCase();

/** Text as lower-case letter/digit runs: how both the search index and search queries split words. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** What PostgreSQL's search vector indexes for a question: its words, split as SQLite's full-text index splits them. */
export function searchDocument(content: QuestionContent, username: string): string {
  return wordsOf([content.title, content.body, username, ...content.tags].join(' ')).join(' ');
}

/** Words of a search; at most eight are used. */
export function searchWords(q: string): string[] {
  return wordsOf(q).slice(0, 8);
}

export interface QuestionContent {
  title: string;
  body: string;
  tags: string[];
}

export interface QuestionsRepository {
  findById(db: Db, id: number): Promise<QuestionRow | undefined>;
  findByIds(db: Db, ids: number[]): Promise<QuestionRow[]>;
  /** PostgreSQL: locks the question row for the rest of the transaction (SQLite's writer lock already serialises). */
  lock(db: Db, id: number): Promise<QuestionRow | undefined>;
  insert(db: Db, author: { id: number; username: string }, content: QuestionContent, now: number): Promise<number>;
  update(db: Db, row: QuestionRow, content: QuestionContent, now: number): Promise<void>;
  delete(db: Db, row: QuestionRow): Promise<void>;
  adjustCounts(db: Db, id: number, changes: { answers?: number; comments?: number }): Promise<void>;
  /** Writes a question's new vote totals to it and to its tag rows. */
  setVoteTotals(db: Db, id: number, totals: VoteTotals): Promise<void>;
  page(db: Db, request: PageRequest): Promise<KeyedRow[]>;
  callerState(db: Db, userId: number, ids: number[]): Promise<{ votes: Map<number, number>; bookmarks: Set<number> }>;
}

export interface VoteTotals {
  upvotes: number;
  downvotes: number;
  recentUpvoters: string[];
  recentDownvoters: string[];
}

export interface PageRequest {
  sort: Sort;
  limit: number;
  after: { key: number; id: number } | undefined;
  tagKeys: string[];
  authorId: number | undefined;
  /** For the feed: posts by this user and by the users they follow. */
  feedOf: number | undefined;
  /** For the feed: how many users the caller follows (their stored following_count). */
  feedFollowing: number;
  search: string[] | undefined;
}

/** A question with the key it was ordered by, so the next page's cursor can be made from it. */
export interface KeyedRow {
  row: QuestionRow;
  key: number;
}

/** The ordering of a list: the keyset column and its direction. */
export function orderOf(
  sort: Sort,
  searching: boolean,
): { name: string; column: 'updated_at' | 'score' | 'id'; desc: boolean } {
  if (sort === 'trending') return { name: searching ? 'search-trending' : 'trending', column: 'score', desc: true };
  if (searching)
    return { name: sort === 'oldest' ? 'search-oldest' : 'search-latest', column: 'id', desc: sort !== 'oldest' };
  return { name: sort, column: 'updated_at', desc: sort !== 'oldest' };
}

/** Feeds following more users than this are read from the global list, filtered, instead of merged per author. */
const FEED_MERGE_MAX_AUTHORS = 200;

export function createQuestionsRepository(dialect: DialectName): QuestionsRepository {
  const pg = dialect === 'postgres';

  // Split here rather than by PostgreSQL's parser, which keeps 'owen.levain' as one word: both databases then match alike.
  const searchVector = (content: QuestionContent, username: string) =>
    sql<string>`to_tsvector('simple', ${searchDocument(content, username)})`;

  async function writeSearchIndex(db: Db, id: number, username: string, content: QuestionContent, replace: boolean) {
    if (pg) return; // the tsvector column is written with the row
    if (replace) await db.deleteFrom('questions_fts').where('rowid', '=', id).execute();
    await db
      .insertInto('questions_fts')
      .values({ rowid: id, title: content.title, body: content.body, username, tags: content.tags.join(' ') })
      .execute();
  }

  async function writeTags(db: Db, id: number, tags: string[], updatedAt: number, score: number) {
    await db.deleteFrom('question_tags').where('question_id', '=', id).execute();
    if (tags.length === 0) return;
    await db
      .insertInto('question_tags')
      .values(tags.map((tag) => ({ question_id: id, tag_key: tagKey(tag), updated_at: updatedAt, score })))
      .execute();
  }

  /** One ordered run of (key, id) pairs from a single index, fetched `limit` long. */
  type Source = (limit: number) => Promise<{ id: number; key: number }[]>;

  function keysetWhere<T extends { key: number; id: number }>(after: T | undefined, desc: boolean) {
    return after ? { op: desc ? ('<' as const) : ('>' as const), key: after.key, id: after.id } : undefined;
  }

  /** Merges ordered runs into one page of distinct ids, in order. */
  async function merge(sources: Source[], limit: number, desc: boolean) {
    const runs = await Promise.all(sources.map((source) => source(limit)));
    const all = runs.flat();
    all.sort((a, b) => (desc ? b.key - a.key || b.id - a.id : a.key - b.key || a.id - b.id));
    const seen = new Set<number>();
    const picked: { id: number; key: number }[] = [];
    for (const entry of all) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      picked.push(entry);
      if (picked.length === limit) break;
    }
    return picked;
  }

  async function rowsInOrder(db: Db, keyed: { id: number; key: number }[]): Promise<KeyedRow[]> {
    if (keyed.length === 0) return [];
    const rows = await findByIds(
      db,
      keyed.map((k) => k.id),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return keyed.flatMap((k) => {
      const row = byId.get(k.id);
      return row ? [{ row, key: k.key }] : [];
    });
  }

  async function findByIds(db: Db, ids: number[]): Promise<QuestionRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('questions').select(QUESTION_COLUMNS).where('id', 'in', ids).execute();
  }

  const inFeedOf = (userId: number) =>
    sql<boolean>`(questions.user_id = ${userId} or questions.user_id in (select followee_id from follows where follower_id = ${userId}))`;

  const hasAnyTag = (tagKeys: string[]) =>
    sql<boolean>`exists (select 1 from question_tags qt where qt.question_id = questions.id and qt.tag_key in (${sql.join(tagKeys)}))`;

  async function searchPage(db: Db, request: PageRequest, words: string[]): Promise<KeyedRow[]> {
    const order = orderOf(request.sort, true);
    const direction = order.desc ? 'desc' : 'asc';
    const limit = request.limit;
    let query = pg
      ? db
          .selectFrom('questions')
          .select(QUESTION_COLUMNS)
          .where(sql<boolean>`search_vector @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`)
      : db
          .selectFrom('questions_fts')
          .innerJoin('questions', 'questions.id', 'questions_fts.rowid')
          .select(QUESTION_COLUMNS)
          .where(sql<boolean>`questions_fts match ${words.map((w) => `"${w}"*`).join(' ')}`);
    if (request.authorId !== undefined) query = query.where('questions.user_id', '=', request.authorId);
    if (request.feedOf !== undefined) query = query.where(inFeedOf(request.feedOf));
    if (request.tagKeys.length) query = query.where(hasAnyTag(request.tagKeys));
    const after = keysetWhere(request.after, order.desc);
    if (order.column === 'id') {
      // SQLite: ordering by the FTS rowid lets the full-text index return matches already in order.
      const idColumn = pg ? sql.ref('questions.id') : sql.ref('questions_fts.rowid');
      if (after) query = query.where(sql<boolean>`${idColumn} ${sql.raw(after.op)} ${after.id}`);
      const rows = await query.orderBy(idColumn, direction).limit(limit).execute();
      return rows.map((row) => ({ row, key: row.id }));
    }
    if (after) {
      query = query.where((eb) =>
        eb(eb.refTuple('questions.score', 'questions.id'), after.op, eb.tuple(after.key, after.id)),
      );
    }
    const rows = await query
      .orderBy('questions.score', direction)
      .orderBy('questions.id', direction)
      .limit(limit)
      .execute();
    return rows.map((row) => ({ row, key: row.score }));
  }

  async function page(db: Db, request: PageRequest): Promise<KeyedRow[]> {
    const words = request.search === undefined ? undefined : request.search;
    if (words) return words.length === 0 ? [] : searchPage(db, request, words);

    const order = orderOf(request.sort, false);
    const column = order.column as 'updated_at' | 'score';
    const direction = order.desc ? 'desc' : 'asc';
    const after = keysetWhere(request.after, order.desc);
    const feedOf = request.feedOf;

    /** The page's ids read from `questions` in key order, with the keyset, tag filter and limit applied. */
    const idsInOrder = (
      prepare: (query: SelectQueryBuilder<Database, 'questions', { id: number }>) => typeof query,
    ) => {
      let query = prepare(db.selectFrom('questions').select('questions.id'))
        .orderBy(`questions.${column}`, direction)
        .orderBy('questions.id', direction)
        .limit(request.limit);
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple(`questions.${column}`, 'questions.id'), after.op, eb.tuple(after.key, after.id)),
        );
      }
      if (request.tagKeys.length) query = query.where(hasAnyTag(request.tagKeys));
      return query;
    };

    /** The rows whose ids `ids` selects, in page order: one statement. */
    async function rowsOf(ids: SelectQueryBuilder<Database, never, { id: number }>): Promise<KeyedRow[]> {
      const rows = await db.selectFrom('questions').select(QUESTION_COLUMNS).where('id', 'in', ids).execute();
      const sign = order.desc ? -1 : 1;
      rows.sort((a, b) => sign * (a[column] - b[column] || a.id - b.id));
      return rows.map((row) => ({ row, key: row[column] }));
    }

    const tagSource =
      (key: string): Source =>
      async (limit) => {
        let query = db
          .selectFrom('question_tags')
          .select(['question_id as id', `${column} as key`])
          .where('tag_key', '=', key)
          .orderBy(column, direction)
          .orderBy('question_id', direction)
          .limit(limit);
        if (after) {
          query = query.where((eb) => eb(eb.refTuple(column, 'question_id'), after.op, eb.tuple(after.key, after.id)));
        }
        return (await query.execute()) as { id: number; key: number }[];
      };

    if (request.authorId !== undefined) {
      const authorId = request.authorId;
      // In the feed, an author filter can only narrow it: an author the caller does not follow has no posts there.
      if (feedOf !== undefined && authorId !== feedOf && !(await isFollowing(db, feedOf, authorId))) return [];
      return rowsOf(idsInOrder((query) => query.where('questions.user_id', '=', authorId)));
    }
    if (feedOf !== undefined && request.feedFollowing <= FEED_MERGE_MAX_AUTHORS) {
      const authors = db
        .selectFrom('follows')
        .select('followee_id as author')
        .where('follower_id', '=', feedOf)
        .unionAll(db.selectNoFrom(sql<number>`cast(${feedOf} as integer)`.as('author')));
      if (pg) {
        // Each followed baker's newest posts from their own index (LATERAL), then the best of those.
        const perAuthor = db
          .selectFrom(authors.as('a'))
          .innerJoinLateral(
            () =>
              idsInOrder((query) => query.where('questions.user_id', '=', sql.ref<number>('a.author')))
                .select(`questions.${column} as key`)
                .as('f'),
            (join) => join.onTrue(),
          )
          .select('f.id')
          .orderBy('f.key', direction)
          .orderBy('f.id', direction)
          .limit(request.limit);
        return rowsOf(perAuthor);
      }
      // SQLite reads `user_id IN (…) ORDER BY key LIMIT n` from the author index one author at a
      // time, and stops reading an author once their next post cannot make the page.
      return rowsOf(idsInOrder((query) => query.where('questions.user_id', 'in', authors)));
    }
    if (feedOf === undefined && request.tagKeys.length === 1) {
      const [key] = request.tagKeys as [string];
      let ids = db
        .selectFrom('question_tags')
        .select('question_id as id')
        .where('tag_key', '=', key)
        .orderBy(column, direction)
        .orderBy('question_id', direction)
        .limit(request.limit);
      if (after)
        ids = ids.where((eb) => eb(eb.refTuple(column, 'question_id'), after.op, eb.tuple(after.key, after.id)));
      return rowsOf(ids);
    }
    if (feedOf === undefined && request.tagKeys.length > 1) {
      return rowsInOrder(db, await merge(request.tagKeys.map(tagSource), request.limit, order.desc));
    }

    // The whole list in index order; a feed following many bakers filters it by author as it goes.
    let query = db
      .selectFrom('questions')
      .select(QUESTION_COLUMNS)
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(request.limit);
    if (after) query = query.where((eb) => eb(eb.refTuple(column, 'id'), after.op, eb.tuple(after.key, after.id)));
    if (feedOf !== undefined) query = query.where(inFeedOf(feedOf));
    if (request.tagKeys.length) query = query.where(hasAnyTag(request.tagKeys));
    const rows = await query.execute();
    return rows.map((row) => ({ row, key: row[column] }));
  }

  return {
    findById: (db, id) => db.selectFrom('questions').select(QUESTION_COLUMNS).where('id', '=', id).executeTakeFirst(),

    findByIds,

    async lock(db, id) {
      let query = db.selectFrom('questions').select(QUESTION_COLUMNS).where('id', '=', id);
      if (pg) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async insert(db, author, content, now) {
      const { id } = await db
        .insertInto('questions')
        .values({
          user_id: author.id,
          username: author.username,
          title: content.title,
          body: content.body,
          tags: JSON.stringify(content.tags),
          created_at: now,
          updated_at: now,
          ...(pg ? { search_vector: searchVector(content, author.username) } : {}),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeTags(db, id, content.tags, now, 0);
      await writeSearchIndex(db, id, author.username, content, false);
      await db
        .updateTable('users')
        .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
        .where('id', '=', author.id)
        .execute();
      return id;
    },

    async update(db, row, content, now) {
      await db
        .updateTable('questions')
        .set({
          title: content.title,
          body: content.body,
          tags: JSON.stringify(content.tags),
          updated_at: now,
          ...(pg ? { search_vector: searchVector(content, row.username) } : {}),
        } as never)
        .where('id', '=', row.id)
        .execute();
      await writeTags(db, row.id, content.tags, now, row.score);
      await writeSearchIndex(db, row.id, row.username, content, true);
    },

    async delete(db, row) {
      await db.deleteFrom('questions').where('id', '=', row.id).execute();
      if (!pg) await db.deleteFrom('questions_fts').where('rowid', '=', row.id).execute();
      await db
        .updateTable('users')
        .set((eb) => ({ question_count: eb('question_count', '-', 1) }))
        .where('id', '=', row.user_id)
        .execute();
    },

    async adjustCounts(db, id, changes) {
      await db
        .updateTable('questions')
        .set((eb) => ({
          answer_count: eb('answer_count', '+', changes.answers ?? 0),
          comment_count: eb('comment_count', '+', changes.comments ?? 0),
        }))
        .where('id', '=', id)
        .execute();
    },

    async setVoteTotals(db, id, totals) {
      const score = totals.upvotes - totals.downvotes;
      await db
        .updateTable('questions')
        .set({
          upvotes: totals.upvotes,
          downvotes: totals.downvotes,
          score,
          recent_upvoters: JSON.stringify(totals.recentUpvoters),
          recent_downvoters: JSON.stringify(totals.recentDownvoters),
        })
        .where('id', '=', id)
        .execute();
      await db.updateTable('question_tags').set({ score }).where('question_id', '=', id).execute();
    },

    page,

    async callerState(db, userId, ids) {
      if (ids.length === 0) return { votes: new Map(), bookmarks: new Set() };
      const rows = await db
        .selectFrom('question_votes')
        .select(['question_id', 'value'])
        .where('user_id', '=', userId)
        .where('question_id', 'in', ids)
        .unionAll(
          db
            .selectFrom('bookmarks')
            .select(['question_id', sql<number>`0`.as('value')])
            .where('user_id', '=', userId)
            .where('question_id', 'in', ids),
        )
        .execute();
      const votes = new Map<number, number>();
      const bookmarks = new Set<number>();
      for (const r of rows) {
        if (r.value === 0) bookmarks.add(r.question_id);
        else votes.set(r.question_id, r.value);
      }
      return { votes, bookmarks };
    },
  };
}
