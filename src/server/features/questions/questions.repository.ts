import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Sort } from '../../../shared/constants.js';
import { foldedText, tagKey } from '../../../shared/folded-text.js';
import type { Db, DialectName } from '../../db/database.js';
import { inList, prepared, preparedShapes } from '../../db/prepared.js';
import { readTogether } from '../../db/transaction.js';
import type { Database, QuestionsTable } from '../../db/schema.js';
import { feedAuthorUsernames, isFollowing, postingFolloweeCount } from '../users/users.repository.js';

export type QuestionRow = Selectable<QuestionsTable>;

/** The columns a question is read with (PostgreSQL's search vector stays in the database). */
const QUESTION_COLUMNS = [
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

/**
 * Text as lower-case words: runs of letters and digits with their combining marks, so a Hindi or
 * Tamil word is not cut at its vowel signs and an accent typed apart from its letter stays with
 * it. How both the search index and search queries split words.
 */
const wordsOf = (text: string): string[] => foldedText(text).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

/**
 * A tag of no letter or digit (`!!`, an emoji) as one word the index can hold, so that a search
 * can be narrowed to it like any other tag (see narrowedTagPhrase): a private-use character, then
 * `x` and each code point in hex (`!!` is U+E000 `x21x21`). SQLite's tokenizer keeps private-use
 * characters in words, and no search word can begin with one (`wordsOf`), so no search finds the
 * word itself.
 */
const symbolTagWord = (key: string) =>
  `\ue000${[...key].map((char) => `x${char.codePointAt(0)!.toString(16)}`).join('')}`;

/** The words a tag key is indexed and asked for by, as one phrase's text. */
const tagWords = (key: string) => {
  const words = wordsOf(key);
  return words.length > 0 ? words.join(' ') : symbolTagWord(key);
};

/**
 * SQLite: the text the full-text table indexes, as searches read it: the app's own words
 * (`wordsOf`), space-separated, as PostgreSQL's vector holds them. Given the text itself, SQLite's
 * tokenizer kept an emoji, a variation selector or a private-use character as part of the word
 * beside it (`🧁cupcakes`), which no search for `cupcakes` found.
 */
export function searchIndexRow(content: QuestionContent, username: string) {
  return {
    title: wordsOf(content.title).join(' '),
    body: wordsOf(content.body).join(' '),
    username: wordsOf(username).join(' '),
    tags: content.tags.map((tag) => tagWords(tagKey(tag))).join(' '),
  };
}

/** PostgreSQL refuses a lexeme over this many bytes. */
const MAX_LEXEME_BYTES = 2047;
const utf8 = new TextEncoder();

/**
 * Lower-case letters SQLite's tokenizer folds to others (Unicode's case folding, where it differs
 * from JavaScript's lower-casing): the micro sign is a mu, the long s an s, a final sigma a sigma.
 */
const CASE_FOLDS: Record<string, string> = {
  µ: 'μ',
  ſ: 's',
  ẛ: 'ṡ',
  ς: 'σ',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
};
const FOLDED_CASES = new RegExp(`[${Object.keys(CASE_FOLDS).join('')}]`, 'gu');

/** Latin letters whose accents SQLite's tokenizer keeps: its table of accented letters leaves them out. */
const ACCENTS_KEPT = /([ǡǣǯǽǿ])/u;

/**
 * The combining accents SQLite's tokenizer drops (it keeps the other marks): off Latin letters,
 * and wherever they are left apart from any letter they could compose with.
 */
const DROPPED_ACCENTS = /[\u0300-\u0304\u0306-\u030c\u030f\u0311\u031b\u0323-\u0328\u032d\u032e\u0330\u0331]/gu;

/**
 * A word as PostgreSQL's search vector and query hold it. PostgreSQL compares lexemes byte for
 * byte, so the folds SQLite's tokenizer makes are made here: accents come off Latin letters
 * (`crème` is `creme`, the `İ` of Turkish `SİMİT` is `i`) but for `ACCENTS_KEPT`, case folds
 * (`CASE_FOLDS`), an accent left apart from any letter (a stress mark on Russian `хле́б`) is
 * dropped, and an iota subscript left apart is an iota, while letters that have their accent
 * built in stay as they are (`й`). lexemes.sqlite.test.ts holds this to SQLite's own tokens for
 * every letter and digit of Unicode's planes 0–2, and for letters followed by each accent.
 * A word longer than a lexeme may be is cut to its first 2,047 bytes: a search word (at most 200
 * characters, 800 bytes) that begins the word begins that too.
 */
export function lexemeOf(word: string): string {
  const folded = word
    .split(ACCENTS_KEPT)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .normalize('NFD')
            .replace(
              /(\p{Script=Latin})(\p{M}+)/gu,
              (_match, letter: string, marks: string) => letter + marks.replace(DROPPED_ACCENTS, ''),
            )
            .normalize('NFC'),
    )
    .join('')
    .replace(FOLDED_CASES, (char) => CASE_FOLDS[char] ?? char)
    .replace(DROPPED_ACCENTS, '')
    .replaceAll('\u0345', 'ι');
  if (folded.length * 3 <= MAX_LEXEME_BYTES) return folded;
  return folded.slice(0, utf8.encodeInto(folded, new Uint8Array(MAX_LEXEME_BYTES)).read);
}

/**
 * What PostgreSQL's search vector indexes for a question: its words, split as SQLite's
 * full-text index splits them, as lexemes, space-separated. The vector is made of them as they
 * are (`array_to_tsvector`), never through PostgreSQL's own parser, which splits words apart
 * (`h₂o` into `h` and `o`, `1e5x` into `1e5` and `x`) where SQLite does not.
 */
export function searchDocument(content: QuestionContent, username: string): string {
  return wordsOf([content.title, content.body, username, ...content.tags].join(' '))
    .map(lexemeOf)
    .join(' ');
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
  /** The author's username, with `authorId`: SQLite's search finds the author's posts by it first. */
  authorUsername: string | undefined;
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

/**
 * A trending search ranks by score this many of its newest matches (after every other filter):
 * ranking all of them reads every match's row, 200 ms for a common word at a million posts on
 * the one thread that answers every request; the newest thousand take 3 ms.
 */
export const SEARCH_RANK_POOL = 1000;

/**
 * The search words as the full-text query takes them: each a prefix. A one-letter prefix matches
 * nearly every post and has no prefix index to stop early in (160 ms at a million posts), so
 * one-letter words are left out beside longer ones ("custard's" searches for "custard"), and
 * are whole words when there is nothing else.
 */
function fullTextQuery(words: string[], pg: boolean): string {
  // Folded alike for both (SQLite's tokenizer folds the same way), so the one-letter rule sees
  // the same words. PostgreSQL reads the query as tsquery text, lexemes as they are (quoted;
  // words hold only letters, digits and marks, never a quote), not through its parser.
  const terms = words.map(lexemeOf);
  // Counted in code points: a letter beyond the Basic Multilingual Plane is two UTF-16 units.
  const longer = terms.filter((w) => [...w].length > 1);
  if (longer.length > 0) {
    return pg ? longer.map((w) => `'${w}':*`).join(' & ') : longer.map((w) => `"${w}"*`).join(' ');
  }
  return pg ? terms.map((w) => `'${w}'`).join(' & ') : terms.map((w) => `"${w}"`).join(' ');
}

/**
 * A tag key as an FTS5 phrase, so that the index's tags column can be asked for it: its words, as
 * the index holds its tags (`searchIndexRow`), or for a tag of no letter or digit the one word
 * made of its code points. Words hold only letters, digits and marks, never a quote. A post whose
 * tags merely hold the phrase too (`rye` for `rye bread`) is left out by the exact filter that
 * follows. tag-phrases.sqlite.test.ts checks every character of the Basic Multilingual Plane,
 * and letters followed by accents, against the index itself.
 */
export function narrowedTagPhrase(key: string): string {
  return `"${tagWords(key)}"`;
}

/**
 * A SQLite search of the feed of a baker following at most this many names them all in the
 * full-text query (see narrowedToColumns). A feed that holds few of a word's matches otherwise
 * reads them all: 50-73 ms for `q=th` by a baker following no one at 200,000 posts, 1.7-2.6 ms
 * named; trending 15-20 ms for two followed, 4.3-4.5 ms named. Naming more costs more: for 32
 * followed bakers `q=th` went from 1.6-2.0 to 3.8-6.3 ms (trending 15-20 to 7.3-8.5 ms).
 */
const FEED_SEARCH_NAMED_AUTHORS = 8;

/**
 * A SQLite search within one author's posts, a small feed or some tags: FTS5 reads only the posts
 * whose username or tags column holds the author (or one of the feed's authors) or one of the
 * tags, alongside the words, instead of every post with the words and then their author and tags
 * (70 ms for "cake" with a rare tag or author at 200,000 posts, against 0.1-0.4 ms). A post whose username or tags merely hold the
 * name too (`maria.anna` for `anna`) is left out by the exact filters that follow. Usernames hold
 * no quotes. A tag of no letter or digit is asked for by the word made of its code points: filtered
 * only after the match, `q=th&tag=!!` read every post with `th` (110-470 ms at 200,000 posts).
 */
function narrowedToColumns(match: string, request: PageRequest, feedUsernames: string[]): string {
  const narrowing: string[] = [];
  if (request.authorUsername !== undefined) narrowing.push(`username : "${request.authorUsername}"`);
  else if (feedUsernames.length > 0) {
    narrowing.push(`(${feedUsernames.map((username) => `username : "${username}"`).join(' OR ')})`);
  }
  if (request.tagKeys.length > 0) {
    narrowing.push(`(${request.tagKeys.map((key) => `tags : ${narrowedTagPhrase(key)}`).join(' OR ')})`);
  }
  return narrowing.length === 0 ? match : `${narrowing.join(' AND ')} AND ${match}`;
}

/**
 * PostgreSQL reads feeds following more users than this who have posted from the global list,
 * filtered, instead of a page per author: a page per author reads up to a page of rows for each.
 * Bakers who never posted are not counted: a feed of few posts would make the global list be read
 * to its end (57-116 ms at 150,000 posts for 250 followed bakers who never posted). SQLite always
 * merges: its merge costs a seek per author (about 3 ms for 5,000), while the filtered list's
 * plan, an OR of two index searches, sorted every post of every followed baker (0.7 s for 5,000
 * bakers at 200,000 posts).
 */
const FEED_MERGE_MAX_AUTHORS = 200;

/**
 * A feed filtered by one tag, for a baker following at least FEED_TAG_MIN_FOLLOWING, is first
 * read from the tag's own index: its next FEED_TAG_WINDOW posts, kept when by the baker or by
 * someone they follow. That is the page when it fills it, or when the tag has no more posts;
 * otherwise the feed is read per author, as without a tag. Per author, the tag is tested on every
 * post of every followed baker, since none can be passed over: 43-293 ms on SQLite for a baker
 * following 5,000 at 200,000 posts, 18-64 ms on PostgreSQL for one following 186; from the tag's
 * index, 0.2-1.4 ms. Bakers following few are read per author at once: their own posts are few,
 * and a tag's window would rarely hold a page of them.
 */
const FEED_TAG_WINDOW = 2000;
const FEED_TAG_MIN_FOLLOWING = 30;

/** What decides a list statement's SQL text; everything else about a page is an argument. */
interface ListShape {
  kind: 'all' | 'author' | 'feed' | 'feed-filter' | 'feed-tag' | 'tag';
  column: 'updated_at' | 'score' | 'id';
  desc: boolean;
  /** Whether the page starts after a cursor. */
  after: boolean;
  /** Whether posts are filtered by any of a list of tags. */
  tags: boolean;
}

const shapeKey = (shape: ListShape) =>
  `${shape.kind}:${shape.column}:${shape.desc ? 'desc' : 'asc'}:${shape.after ? 'after' : 'first'}:${shape.tags ? 'tags' : ''}`;

interface ListArgs extends Record<string, unknown> {
  limit: number;
  afterKey: number;
  afterId: number;
  tagKeys: string[];
  tagKey: string;
  authorId: number;
  feedOf: number;
  /** A search's full-text query. */
  match: string;
  /** For a feed filtered by one tag: how many of the tag's posts are looked through (FEED_TAG_WINDOW). */
  window: number;
}

export function createQuestionsRepository(dialect: DialectName): QuestionsRepository {
  const pg = dialect === 'postgres';

  // Split here rather than by PostgreSQL's parser, which keeps 'owen.levain' as one word: both databases then match alike.
  const searchVector = (content: QuestionContent, username: string) =>
    sql<string>`array_to_tsvector(string_to_array(${searchDocument(content, username)}, ' '))`;

  async function writeSearchIndex(db: Db, id: number, username: string, content: QuestionContent, replace: boolean) {
    if (pg) return; // the tsvector column is written with the row
    if (replace) await db.deleteFrom('questions_fts').where('rowid', '=', id).execute();
    await db
      .insertInto('questions_fts')
      .values({ rowid: id, ...searchIndexRow(content, username) })
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

  /** A multi-tag page's candidates: one tag's (id, key) pairs from its index, in list order. */
  const tagRun = preparedShapes(shapeKey, ({ column, desc, after }: ListShape) => (db, a: ListArgs) => {
    const direction = desc ? 'desc' : 'asc';
    const keyColumn = column === 'id' ? 'updated_at' : column;
    let query = db
      .selectFrom('question_tags')
      .select(['question_id as id', `${keyColumn} as key`])
      .where('tag_key', '=', a.tagKey)
      .orderBy(keyColumn, direction)
      .orderBy('question_id', direction)
      .limit(a.limit);
    if (after) {
      query = query.where((eb) =>
        eb(eb.refTuple(keyColumn, 'question_id'), desc ? '<' : '>', eb.tuple(a.afterKey, a.afterId)),
      );
    }
    return query;
  });

  /** Merges ordered runs into one page of distinct ids, in order. */
  function merge(runs: { id: number; key: number }[][], limit: number, desc: boolean) {
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

  const questionsByIds = prepared((db, a: { ids: number[] }) =>
    db
      .selectFrom('questions')
      .select(QUESTION_COLUMNS)
      .where(inList(db, 'questions.id', a.ids)),
  );

  async function findByIds(db: Db, ids: number[]): Promise<QuestionRow[]> {
    if (ids.length === 0) return [];
    return questionsByIds(db, { ids });
  }

  const inFeedOf = (feedOf: number) =>
    sql<boolean>`(questions.user_id = ${feedOf} or questions.user_id in (select followee_id from follows where follower_id = ${feedOf}))`;

  const hasAnyTag = (db: Db, tagKeys: string[]) =>
    sql<boolean>`exists (select 1 from question_tags qt where qt.question_id = questions.id and ${inList(db, 'qt.tag_key', tagKeys)})`;

  /** A search page: full-text matches (SQLite FTS5, PostgreSQL tsvector), filtered and ordered by the shape. */
  const searchRows = preparedShapes(shapeKey, ({ column, desc, after, kind, tags }: ListShape) => (db, a: ListArgs) => {
    const direction = desc ? 'desc' : 'asc';
    const op = desc ? '<' : '>';
    let query = pg
      ? db
          .selectFrom('questions')
          .select(QUESTION_COLUMNS)
          .where(sql<boolean>`search_vector @@ ${a.match}::tsquery`)
      : db
          .selectFrom('questions_fts')
          .innerJoin('questions', 'questions.id', 'questions_fts.rowid')
          .select(QUESTION_COLUMNS)
          .where(sql<boolean>`questions_fts match ${a.match}`);
    if (kind === 'author') query = query.where('questions.user_id', '=', a.authorId);
    if (kind === 'feed') query = query.where(inFeedOf(a.feedOf));
    if (tags) query = query.where(hasAnyTag(db, a.tagKeys));
    // SQLite: ordering by the FTS rowid lets the full-text index return matches already in order.
    const idColumn = pg ? sql.ref('questions.id') : sql.ref('questions_fts.rowid');
    if (column === 'id') {
      if (after) query = query.where(sql<boolean>`${idColumn} ${sql.raw(op)} ${a.afterId}`);
      return query.orderBy(idColumn, direction).limit(a.limit);
    }
    const pool = query.clearSelect().select('questions.id').orderBy(idColumn, 'desc').limit(SEARCH_RANK_POOL);
    let ranked = db.selectFrom('questions').select(QUESTION_COLUMNS).where('questions.id', 'in', pool);
    if (after) {
      ranked = ranked.where((eb) =>
        eb(eb.refTuple('questions.score', 'questions.id'), op, eb.tuple(a.afterKey, a.afterId)),
      );
    }
    return ranked.orderBy('questions.score', direction).orderBy('questions.id', direction).limit(a.limit);
  });

  /** The next `a.window` posts of one tag (`a.tagKey`) from its index, in list order. */
  const tagWindow = (
    db: Db,
    keyColumn: 'updated_at' | 'score',
    direction: 'asc' | 'desc',
    op: '<' | '>',
    after: boolean,
    a: ListArgs,
  ) => {
    let query = db
      .selectFrom('question_tags')
      .select('question_id')
      .where('tag_key', '=', a.tagKey)
      .orderBy(keyColumn, direction)
      .orderBy('question_id', direction)
      .limit(a.window);
    if (after) {
      query = query.where((eb) => eb(eb.refTuple(keyColumn, 'question_id'), op, eb.tuple(a.afterKey, a.afterId)));
    }
    return query;
  };

  /** How many posts a feed's tag window held: fewer than asked for, and the tag has no more. */
  const tagWindowSize = preparedShapes(shapeKey, ({ column, desc, after }: ListShape) => (db, a: ListArgs) => {
    const keyColumn = column === 'id' ? 'updated_at' : column;
    return db
      .selectFrom(tagWindow(db, keyColumn, desc ? 'desc' : 'asc', desc ? '<' : '>', after, a).as('w'))
      .select((eb) => eb.fn.countAll<number>().as('size'));
  });

  /**
   * A list page's rows (not yet in order when read by id). Shapes:
   * - author: one baker's posts from the author index;
   * - feed: the caller's and their followed bakers' posts, merged from the author index
   *   (SQLite reads `user_id IN (…) ORDER BY key LIMIT n` one author at a time and stops reading
   *   an author once their next post cannot make the page; PostgreSQL reads each author's newest
   *   posts with LATERAL, then takes the best of those);
   * - feed-tag: a window of one tag's posts from its own index, the caller's and their followed
   *   bakers' kept (FEED_TAG_WINDOW);
   * - tag: one tag's posts from its own index;
   * - all: the whole list in index order, filtered by feed (on PostgreSQL, for a feed following
   *   too many bakers to merge) and tags as it goes.
   */
  const listRows = preparedShapes(shapeKey, ({ column, desc, after, kind, tags }: ListShape) => (db, a: ListArgs) => {
    const direction = desc ? 'desc' : 'asc';
    const op = desc ? '<' : '>';
    const keyColumn = column === 'id' ? 'updated_at' : column;
    const idsInOrder = (
      prepare: (query: SelectQueryBuilder<Database, 'questions', { id: number }>) => typeof query,
    ) => {
      let query = prepare(db.selectFrom('questions').select('questions.id'))
        .orderBy(`questions.${keyColumn}`, direction)
        .orderBy('questions.id', direction)
        .limit(a.limit);
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple(`questions.${keyColumn}`, 'questions.id'), op, eb.tuple(a.afterKey, a.afterId)),
        );
      }
      if (tags) query = query.where(hasAnyTag(db, a.tagKeys));
      return query;
    };
    const rowsOf = (ids: SelectQueryBuilder<Database, never, { id: number }>) =>
      db.selectFrom('questions').select(QUESTION_COLUMNS).where('id', 'in', ids);

    if (kind === 'author') return rowsOf(idsInOrder((query) => query.where('questions.user_id', '=', a.authorId)));
    if (kind === 'feed') {
      const authors = db
        .selectFrom('follows')
        .select('followee_id as author')
        .where('follower_id', '=', a.feedOf)
        .unionAll(db.selectNoFrom(sql<number>`cast(${a.feedOf} as integer)`.as('author')));
      if (!pg) return rowsOf(idsInOrder((query) => query.where('questions.user_id', 'in', authors)));
      const perAuthor = db
        .selectFrom(authors.as('a'))
        .innerJoinLateral(
          () =>
            idsInOrder((query) => query.where('questions.user_id', '=', sql.ref<number>('a.author')))
              .select(`questions.${keyColumn} as key`)
              .as('f'),
          (join) => join.onTrue(),
        )
        .select('f.id')
        .orderBy('f.key', direction)
        .orderBy('f.id', direction)
        .limit(a.limit);
      return rowsOf(perAuthor);
    }
    if (kind === 'feed-tag') {
      const tagPosts = tagWindow(db, keyColumn, direction, op, after, a).select(`${keyColumn} as key`);
      const ids = db
        .selectFrom(tagPosts.as('w'))
        .innerJoin('questions', 'questions.id', 'w.question_id')
        .select('w.question_id as id')
        .where((eb) =>
          eb.or([
            eb('questions.user_id', '=', a.feedOf),
            eb(
              'questions.user_id',
              'in',
              db.selectFrom('follows').select('followee_id').where('follower_id', '=', a.feedOf),
            ),
          ]),
        )
        .orderBy('w.key', direction)
        .orderBy('w.question_id', direction)
        .limit(a.limit);
      return rowsOf(ids);
    }
    if (kind === 'tag') {
      let ids = db
        .selectFrom('question_tags')
        .select('question_id as id')
        .where('tag_key', '=', a.tagKey)
        .orderBy(keyColumn, direction)
        .orderBy('question_id', direction)
        .limit(a.limit);
      if (after) {
        ids = ids.where((eb) => eb(eb.refTuple(keyColumn, 'question_id'), op, eb.tuple(a.afterKey, a.afterId)));
      }
      return rowsOf(ids);
    }
    let query = db
      .selectFrom('questions')
      .select(QUESTION_COLUMNS)
      .orderBy(keyColumn, direction)
      .orderBy('id', direction)
      .limit(a.limit);
    if (after) query = query.where((eb) => eb(eb.refTuple(keyColumn, 'id'), op, eb.tuple(a.afterKey, a.afterId)));
    if (kind === 'feed-filter') query = query.where(inFeedOf(a.feedOf));
    if (tags) query = query.where(hasAnyTag(db, a.tagKeys));
    return query;
  });

  /** PostgreSQL: whether a feed is read a page per author (see FEED_MERGE_MAX_AUTHORS). */
  async function mergesFeed(db: Db, feedOf: number, following: number): Promise<boolean> {
    return (
      following <= FEED_MERGE_MAX_AUTHORS ||
      (await postingFolloweeCount(db, feedOf, FEED_MERGE_MAX_AUTHORS + 1)) <= FEED_MERGE_MAX_AUTHORS
    );
  }

  async function page(db: Db, request: PageRequest): Promise<KeyedRow[]> {
    const words = request.search;
    const order = orderOf(request.sort, words !== undefined);
    const feedOf = request.feedOf;
    const args: ListArgs = {
      limit: request.limit,
      afterKey: request.after?.key ?? 0,
      afterId: request.after?.id ?? 0,
      tagKeys: request.tagKeys,
      tagKey: request.tagKeys[0] ?? '',
      authorId: request.authorId ?? 0,
      feedOf: feedOf ?? 0,
      match: '',
      window: FEED_TAG_WINDOW,
    };
    const shape = (kind: ListShape['kind'], tags: boolean): ListShape => ({
      kind,
      column: order.column,
      desc: order.desc,
      after: request.after !== undefined,
      tags,
    });
    const hasTags = request.tagKeys.length > 0;
    const inOrder = (rows: QuestionRow[]): KeyedRow[] => {
      const column = order.column;
      const sign = order.desc ? -1 : 1;
      rows.sort((a, b) => sign * (a[column] - b[column] || a.id - b.id));
      return rows.map((row) => ({ row, key: row[column] }));
    };

    // In the feed, an author filter can only narrow it: an author the caller does not follow has
    // no posts there, and one they follow needs no feed filter besides.
    const authorId = request.authorId;
    if (feedOf !== undefined && authorId !== undefined && authorId !== feedOf) {
      if (!(await isFollowing(db, feedOf, authorId))) return [];
    }
    if (words) {
      if (words.length === 0) return [];
      let match = fullTextQuery(words, pg);
      if (!pg) {
        const namesFeed = feedOf !== undefined && request.feedFollowing <= FEED_SEARCH_NAMED_AUTHORS;
        match = narrowedToColumns(match, request, namesFeed ? await feedAuthorUsernames(db, feedOf) : []);
      }
      const kind = request.authorId !== undefined ? 'author' : feedOf !== undefined ? 'feed' : 'all';
      return inOrder(await searchRows(shape(kind, hasTags), db, { ...args, match }));
    }
    if (request.authorId !== undefined) return inOrder(await listRows(shape('author', hasTags), db, args));
    if (feedOf !== undefined && request.tagKeys.length === 1 && request.feedFollowing >= FEED_TAG_MIN_FOLLOWING) {
      const rows = await listRows(shape('feed-tag', false), db, args);
      if (rows.length === request.limit) return inOrder(rows);
      const [held] = await tagWindowSize(shape('feed-tag', false), db, args);
      if (Number(held?.size ?? 0) < FEED_TAG_WINDOW) return inOrder(rows);
    }
    if (feedOf !== undefined && (!pg || (await mergesFeed(db, feedOf, request.feedFollowing)))) {
      return inOrder(await listRows(shape('feed', hasTags), db, args));
    }
    if (feedOf === undefined && request.tagKeys.length === 1) {
      return inOrder(await listRows(shape('tag', false), db, args));
    }
    if (feedOf === undefined && request.tagKeys.length > 1) {
      // The page is sized from the tags' runs and filled from the rows. A post deleted between
      // the two reads leaves the page short, and a short page says the list has ended: then
      // both are read again as of one moment, which PostgreSQL needs a transaction for.
      const readPage = async (snapshot: Db) => {
        const runs: { id: number; key: number }[][] = [];
        for (const tagKey of request.tagKeys) {
          runs.push(await tagRun(shape('tag', false), snapshot, { ...args, tagKey }));
        }
        const candidates = merge(runs, request.limit, order.desc);
        return { candidates, rows: await rowsInOrder(snapshot, candidates) };
      };
      const first = await readPage(db);
      if (first.rows.length === first.candidates.length) return first.rows;
      return (await readTogether(db, readPage)).rows;
    }
    return inOrder(await listRows(shape(feedOf === undefined ? 'all' : 'feed-filter', hasTags), db, args));
  }

  const questionById = prepared((db, a: { id: number }) =>
    db.selectFrom('questions').select(QUESTION_COLUMNS).where('id', '=', a.id),
  );
  const lockedQuestionById = prepared((db, a: { id: number }) => {
    const query = db.selectFrom('questions').select(QUESTION_COLUMNS).where('id', '=', a.id);
    return pg ? query.forUpdate() : query;
  });
  const setQuestionVotes = prepared(
    (db, a: { id: number; upvotes: number; downvotes: number; score: number; upvoters: string; downvoters: string }) =>
      db
        .updateTable('questions')
        .set({
          upvotes: a.upvotes,
          downvotes: a.downvotes,
          score: a.score,
          recent_upvoters: a.upvoters,
          recent_downvoters: a.downvoters,
        })
        .where('id', '=', a.id),
  );
  const setTagScores = prepared((db, a: { id: number; score: number }) =>
    db.updateTable('question_tags').set({ score: a.score }).where('question_id', '=', a.id),
  );
  const callerStateRows = prepared((db, a: { userId: number; ids: number[] }) =>
    db
      .selectFrom('question_votes')
      .select(['question_id', 'value'])
      .where('user_id', '=', a.userId)
      .where(inList(db, 'question_id', a.ids))
      .unionAll(
        db
          .selectFrom('bookmarks')
          .select(['question_id', sql<number>`0`.as('value')])
          .where('user_id', '=', a.userId)
          .where(inList(db, 'question_id', a.ids)),
      ),
  );

  return {
    findById: async (db, id) => (await questionById(db, { id }))[0],

    findByIds,

    lock: async (db, id) => (await lockedQuestionById(db, { id }))[0],

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
      await setQuestionVotes(db, {
        id,
        upvotes: totals.upvotes,
        downvotes: totals.downvotes,
        score,
        upvoters: JSON.stringify(totals.recentUpvoters),
        downvoters: JSON.stringify(totals.recentDownvoters),
      });
      await setTagScores(db, { id, score });
    },

    page,

    async callerState(db, userId, ids) {
      if (ids.length === 0) return { votes: new Map(), bookmarks: new Set() };
      const rows = await callerStateRows(db, { userId, ids });
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
