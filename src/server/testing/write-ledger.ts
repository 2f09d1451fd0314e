import { sql } from 'kysely';
import { messages } from '../../shared/messages.js';
import type { Db } from '../db/database.js';
import { http } from './http-client.js';
import { counterMismatches } from './invariants.js';

/**
 * Writers that stream questions, comments, votes and deletes at a running server and remember
 * every write the server acknowledged (a 2xx answer, or the 500 that says a write was saved but
 * could not be shown), and the check that each of those is in a database afterwards. A write
 * whose answer never arrived may or may not have happened; only acknowledged ones are owed.
 */

/** The answer to a write stored before the database dropped out (db/errors.ts, WrittenButUnreadError). */
const isSavedButNotShown = ({ status, body }: { status: number; body: unknown }) =>
  status === 500 && (body as { errors?: unknown[] } | null)?.errors?.[0] === messages.savedButNotShown;

type QuestionState = 'present' | 'deleting' | 'deleted';

interface Baker {
  token: string;
  id: string;
  username: string;
}

export class WriteLedger {
  /** Question title → its id and what the server has acknowledged about it. */
  readonly questions = new Map<string, { id: string; state: QuestionState; author: string }>();
  /** Acknowledged comments: their unique text and the title of their question. */
  readonly comments: { text: string; title: string }[] = [];
  /** Acknowledged upvotes: voter id and question title. */
  readonly votes: { userId: string; title: string }[] = [];
  /** Every 2xx answer to a write. */
  acknowledged = 0;
  /** Writes answered 500 'saved, but it could not be shown', acknowledged as well. */
  savedUnshown = 0;
  /** Titles of questions acknowledged that way: their ids never came back. */
  readonly savedQuestionTitles: string[] = [];
  /** Requests that ended without an answer (the server was killed or stopped under them). */
  unanswered = 0;
  /** Answers other than 2xx, by status, for the tests to judge. */
  readonly refusals = new Map<number, number>();
  /** The body of the last answer of each refused status. */
  readonly refusalBodies = new Map<number, unknown>();

  #sequence = 0;

  /**
   * One baker's loop of writes until `until()` says stop: post a question, comment on and upvote
   * a random live question, now and then delete one of their own.
   */
  async writeLoop(url: string, baker: Baker, label: string, until: () => boolean): Promise<void> {
    while (!until()) {
      const step = this.#sequence++;
      try {
        if (step % 4 === 0) await this.#addQuestion(url, baker, `${label}-${step}`);
        else if (step % 4 === 1) await this.#comment(url, baker, `${label}-${step}`);
        else if (step % 4 === 2) await this.#upvote(url, baker);
        else if (step % 8 === 3) await this.#deleteOwn(url, baker);
        else await this.#comment(url, baker, `${label}-${step}`);
      } catch {
        this.unanswered += 1;
      }
    }
  }

  #answered({ status, body }: { status: number; body: unknown }): boolean {
    if (status >= 200 && status < 300) {
      this.acknowledged += 1;
      return true;
    }
    if (isSavedButNotShown({ status, body })) {
      this.savedUnshown += 1;
      return true;
    }
    this.refusals.set(status, (this.refusals.get(status) ?? 0) + 1);
    this.refusalBodies.set(status, body);
    return false;
  }

  #live(): [string, { id: string; state: QuestionState; author: string }][] {
    return [...this.questions].filter(([, q]) => q.state === 'present');
  }

  async #addQuestion(url: string, baker: Baker, title: string) {
    const response = await http<{ questions?: { _id: string; questionTitle: string }[] }>(
      'POST',
      `${url}/api/questions/add`,
      { token: baker.token, body: { questionData: { questionTitle: title, questionText: `Body of ${title}` } } },
    );
    if (!this.#answered(response)) return;
    if (isSavedButNotShown(response)) {
      this.savedQuestionTitles.push(title);
      return;
    }
    const mine = response.body.questions?.find((q) => q.questionTitle === title);
    if (!mine) throw new Error(`the acknowledged question ${title} is not on the first page`);
    this.questions.set(title, { id: mine._id, state: 'present', author: baker.id });
  }

  async #comment(url: string, baker: Baker, text: string) {
    const live = this.#live();
    const target = live[Math.floor(Math.random() * live.length)];
    if (!target) return;
    const [title, question] = target;
    const response = await http('POST', `${url}/api/comments/add/${question.id}`, {
      token: baker.token,
      body: { commentData: { commentText: text, _id: text } },
    });
    if (this.#answered(response)) this.comments.push({ text, title });
  }

  async #upvote(url: string, baker: Baker) {
    const live = this.#live();
    const target = live[Math.floor(Math.random() * live.length)];
    if (!target) return;
    const [title, question] = target;
    const response = await http('POST', `${url}/api/votes/react/${question.id}`, {
      token: baker.token,
      body: { reaction: 'upvote' },
    });
    if (this.#answered(response)) this.votes.push({ userId: baker.id, title });
  }

  async #deleteOwn(url: string, baker: Baker) {
    const own = this.#live().find(([, q]) => q.author === baker.id);
    if (!own) return;
    const [, question] = own;
    question.state = 'deleting';
    const response = await http('DELETE', `${url}/api/questions/delete/${question.id}`, { token: baker.token });
    if (this.#answered(response)) question.state = 'deleted';
  }

  /**
   * Every acknowledged write that is missing from `db` (or acknowledged delete still there),
   * every counter that disagrees with its rows, and every foreign key that points nowhere.
   * Returns the problems and how many acknowledged writes were checked.
   */
  async verify(db: Db): Promise<{ problems: string[]; checked: number }> {
    const problems: string[] = [];
    let checked = 0;
    const rows = await db.selectFrom('questions').select(['id', 'title']).execute();
    const byTitle = new Map(rows.map((r) => [r.title, r.id]));
    for (const [title, q] of this.questions) {
      if (q.state === 'present') {
        checked += 1;
        if (!byTitle.has(title)) problems.push(`acknowledged question ${title} is missing`);
      } else if (q.state === 'deleted') {
        checked += 2;
        if (byTitle.has(title)) problems.push(`acknowledged delete of ${title} did not stick`);
      } else {
        checked += 1;
      }
    }
    for (const title of this.savedQuestionTitles) {
      checked += 1;
      if (!byTitle.has(title)) problems.push(`question ${title}, answered as saved, is missing`);
    }
    const commentTexts = new Set((await db.selectFrom('comments').select('body').execute()).map((c) => c.body));
    for (const comment of this.comments) {
      if (this.questions.get(comment.title)?.state !== 'present') continue;
      checked += 1;
      if (!commentTexts.has(comment.text)) problems.push(`acknowledged comment ${comment.text} is missing`);
    }
    const votes = new Set(
      (await db.selectFrom('question_votes').select(['user_id', 'question_id']).execute()).map(
        (v) => `${v.user_id}/${v.question_id}`,
      ),
    );
    for (const vote of this.votes) {
      const question = this.questions.get(vote.title);
      if (question?.state !== 'present') continue;
      checked += 1;
      if (!votes.has(`${vote.userId}/${question.id}`)) problems.push(`acknowledged vote on ${vote.title} is missing`);
    }
    problems.push(...(await counterMismatches(db)).map((p) => `counter: ${p}`));
    return { problems, checked };
  }
}

/** SQLite's own checks: `PRAGMA integrity_check` and `PRAGMA foreign_key_check`. */
export async function sqliteFileProblems(db: Db): Promise<string[]> {
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const foreignKeys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
  const problems = integrity.rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
  problems.push(...foreignKeys.rows.map((r) => `foreign key: ${JSON.stringify(r)}`));
  return problems;
}
