import type { QuestionJson, QuestionPage, QuestionSummaryJson } from '../../../shared/api-types.js';
import {
  EMBEDDED_ANSWERS,
  EMBEDDED_COMMENTS,
  PAGE_SIZE_DEFAULT,
  QUESTION_PAGE_TEXT_BUDGET,
  USERNAME_PATTERN,
  WEB_LIST_PAGE_SIZE,
} from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { QuestionListQuery } from '../../../shared/schemas/lists.js';
import type { QuestionData } from '../../../shared/schemas/questions.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { inTransaction, readTogether, withConnection } from '../../db/transaction.js';
import { badRequest, notFound, notOwner } from '../../errors.js';
import { decodeCursor, pageOf, withinTextBudget } from '../../http/cursor.js';
import { NO_CALLER_STATE, presentQuestionSummary, voteName } from '../../presenters.js';
import type { AnswersService } from '../answers/answers.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import * as bookmarks from '../bookmarks/bookmarks.repository.js';
import type { UserRow } from '../users/users.repository.js';
import * as users from '../users/users.repository.js';
import { tagKey } from '../../../shared/folded-text.js';
import { orderOf, searchWords, type QuestionRow, type QuestionsRepository } from './questions.repository.js';

/**
 * The feed of a baker following more than this is not kept in memory: each kept feed is listed
 * under every baker it rests on, so the cache's memory would grow with follow counts.
 */
const FEED_CACHE_MAX_FOLLOWING = 500;

export type QuestionScope = { kind: 'all' } | { kind: 'feed' } | { kind: 'author'; username: string };

export type QuestionsService = ReturnType<typeof createQuestionsService>;

/** The text a question carries on a list page, counted against `QUESTION_PAGE_TEXT_BUDGET`. */
const textsOf = (row: QuestionRow) => [row.title, row.body];

export function createQuestionsService(
  ctx: AppContext,
  questions: QuestionsRepository,
  answers: AnswersService,
  comments: CommentsService,
) {
  /** Presents rows for the caller, reading their votes and bookmarks on the page in one query. */
  async function summaries(
    rows: QuestionRow[],
    caller: UserRow | null,
    db: Db = ctx.db,
  ): Promise<QuestionSummaryJson[]> {
    if (!caller) return rows.map((row) => presentQuestionSummary(row, NO_CALLER_STATE));
    const state = await questions.callerState(
      db,
      caller.id,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      presentQuestionSummary(row, {
        myVote: voteName(state.votes.get(row.id)),
        bookmarked: state.bookmarks.has(row.id),
      }),
    );
  }

  async function list(
    query: QuestionListQuery,
    caller: UserRow | null,
    scope: QuestionScope,
    db: Db = ctx.db,
  ): Promise<QuestionPage> {
    const search = query.q?.trim() ? searchWords(query.q) : undefined;
    const order = orderOf(query.sort, search !== undefined);
    const after = decodeCursor(query.cursor, order.name);
    let authorId: number | undefined;
    let authorUsername: string | undefined;
    const author = scope.kind === 'author' ? scope.username : query.author;
    if (author !== undefined) {
      // A name no account can have is nobody's, without asking the database (which may refuse its bytes).
      const row = USERNAME_PATTERN.test(author) ? await users.findUserByUsername(db, author) : undefined;
      if (!row && scope.kind === 'author') throw notFound(messages.userNotFound);
      if (!row) return { questions: [], nextCursor: null };
      authorId = row.id;
      authorUsername = row.username;
    }
    const keyed = await questions.page(db, {
      sort: query.sort,
      limit: query.limit + 1,
      after,
      tagKeys: [...new Set(query.tag.map(tagKey))],
      authorId,
      authorUsername,
      feedOf: scope.kind === 'feed' && caller ? caller.id : undefined,
      feedFollowing: caller?.following_count ?? 0,
      search,
    });
    const cursorOf = (k: (typeof keyed)[number]) => ({ order: order.name, key: k.key, id: k.row.id });
    const page = withinTextBudget(
      pageOf(keyed, query.limit, cursorOf),
      QUESTION_PAGE_TEXT_BUDGET,
      (k) => textsOf(k.row),
      cursorOf,
    );
    return {
      questions: await summaries(
        page.items.map((k) => k.row),
        caller,
        db,
      ),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * Whose changes can change the caller's feed: the caller and everyone they follow, or null when
   * they follow more than the feed cache tracks (FEED_CACHE_MAX_FOLLOWING).
   */
  async function feedDependencies(caller: UserRow): Promise<number[] | null> {
    if (caller.following_count > FEED_CACHE_MAX_FOLLOWING) return null;
    const followed = await users.followeeIds(ctx.db, caller.id, FEED_CACHE_MAX_FOLLOWING + 1);
    return followed.length > FEED_CACHE_MAX_FOLLOWING ? null : [caller.id, ...followed];
  }

  /** Explore's first page as a visitor sees it, sized as the web app asks for it. */
  const firstExplorePage = () =>
    list(
      { sort: 'latest', limit: WEB_LIST_PAGE_SIZE, tag: [], cursor: undefined, q: undefined, author: undefined },
      null,
      { kind: 'all' },
    );

  /** The first page of the latest list: what adding, editing or deleting a question answers with. */
  const latestPage = (caller: UserRow, db: Db) =>
    list(
      { sort: 'latest', limit: PAGE_SIZE_DEFAULT, tag: [], cursor: undefined, q: undefined, author: undefined },
      caller,
      { kind: 'all' },
      db,
    );

  async function ownQuestion(db: Db, caller: UserRow, id: number, notYoursMessage: string): Promise<QuestionRow> {
    const row = await questions.lock(db, id);
    if (!row) throw notFound(messages.questionNotFound);
    if (row.user_id !== caller.id) throw notOwner(notYoursMessage);
    return row;
  }

  return {
    list,
    feedDependencies,
    firstExplorePage,

    /** The question with its first comments and answers, read as of one moment (`readTogether`). */
    get: (id: number, caller: UserRow | null): Promise<QuestionJson> =>
      readTogether(ctx.db, async (db) => {
        const row = await questions.findById(db, id);
        if (!row) throw notFound(messages.questionNotFound);
        // One after another: a transaction's statements run one at a time anyway, and a read
        // still queued when another failed must not outlive the transaction's rollback.
        const [summary] = await summaries([row], caller, db);
        const commentPage = await comments.page(id, null, undefined, EMBEDDED_COMMENTS, db);
        const answerPage = await answers.page(id, caller, undefined, EMBEDDED_ANSWERS, db);
        return {
          ...(summary as QuestionSummaryJson),
          comments: commentPage.comments,
          commentsNextCursor: commentPage.nextCursor,
          answers: answerPage.answers,
          answersNextCursor: answerPage.nextCursor,
        };
      }),

    add: (caller: UserRow, data: QuestionData) =>
      withConnection(ctx.db, async (db) => {
        await inTransaction(db, (trx) =>
          questions.insert(
            trx,
            caller,
            { title: data.questionTitle, body: data.questionText, tags: data.tags ?? [] },
            ctx.now(),
          ),
        );
        await ctx.usersChanged([caller.id]);
        return latestPage(caller, db);
      }),

    edit: (caller: UserRow, id: number, data: QuestionData) =>
      withConnection(ctx.db, async (db) => {
        await inTransaction(db, async (trx) => {
          const row = await ownQuestion(trx, caller, id, messages.cannotEditQuestion);
          await questions.update(
            trx,
            row,
            // Tags left out of an edit stay as they were.
            {
              title: data.questionTitle,
              body: data.questionText,
              tags: data.tags ?? (JSON.parse(row.tags) as string[]),
            },
            ctx.now(),
          );
        });
        await ctx.usersChanged([caller.id]);
        return latestPage(caller, db);
      }),

    delete: (caller: UserRow, id: number) =>
      withConnection(ctx.db, async (db) => {
        await inTransaction(db, async (trx) => {
          const row = await ownQuestion(trx, caller, id, messages.cannotDeleteQuestion);
          await questions.delete(trx, row);
        });
        await ctx.usersChanged([caller.id]);
        return latestPage(caller, db);
      }),

    bookmark: (caller: UserRow, id: number, add: boolean) =>
      withConnection(ctx.db, async (db) => {
        const row = await inTransaction(db, async (trx) => {
          // Locked, so a delete of the question cannot commit between this read and the insert.
          const question = await questions.lock(trx, id);
          if (!question) throw notFound(messages.questionNotFound);
          if (add && !(await bookmarks.insertBookmark(trx, caller.id, id, ctx.now()))) {
            throw badRequest(messages.alreadyBookmarked);
          }
          if (!add && !(await bookmarks.deleteBookmark(trx, caller.id, id))) {
            throw badRequest(messages.alreadyNotBookmarked);
          }
          return question;
        });
        await ctx.usersChanged([caller.id]);
        const [question] = await summaries([row], caller, db);
        return { question: question as QuestionSummaryJson };
      }),

    async bookmarks(caller: UserRow, cursor: string | undefined, limit: number): Promise<QuestionPage> {
      const after = decodeCursor(cursor, 'bookmarks');
      const keyed = await bookmarks.listBookmarks(ctx.db, caller.id, after, limit + 1);
      const full = pageOf(keyed, limit, (k) => ({ order: 'bookmarks', key: k.key, id: k.id }));
      const rows = await questions.findByIds(
        ctx.db,
        full.items.map((k) => k.id),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const found = full.items.flatMap((k) => {
        const row = byId.get(k.id);
        return row ? [{ ...k, row }] : [];
      });
      const page = withinTextBudget(
        { items: found, nextCursor: full.nextCursor },
        QUESTION_PAGE_TEXT_BUDGET,
        (k) => textsOf(k.row),
        (k) => ({ order: 'bookmarks', key: k.key, id: k.id }),
      );
      return {
        questions: await summaries(
          page.items.map((k) => k.row),
          caller,
        ),
        nextCursor: page.nextCursor,
      };
    },
  };
}
