/** Kysely's view of the tables created by the migrations. Times are epoch milliseconds. */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: the unique, case-insensitive key. */
  username_key: string;
  first_name: string;
  last_name: string;
  bio: string;
  password_hash: string;
  /** Bumped when the password changes, which invalidates earlier tokens. */
  token_version: Generated<number>;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  question_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: number;
}

export interface QuestionsTable {
  id: Generated<number>;
  user_id: number;
  /** The author's username, copied because usernames never change. */
  username: string;
  title: string;
  body: string;
  /** JSON array of the tags as the author wrote them. */
  tags: string;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  score: Generated<number>;
  answer_count: Generated<number>;
  comment_count: Generated<number>;
  /** JSON arrays of the usernames of the most recent voters on each side. */
  recent_upvoters: Generated<string>;
  recent_downvoters: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** One row per tag of a question; the sort keys are copied here so tag pages read one index. */
export interface QuestionTagsTable {
  question_id: number;
  tag_key: string;
  updated_at: number;
  score: number;
}

export interface QuestionVotesTable {
  question_id: number;
  user_id: number;
  /** 1 for an upvote, -1 for a downvote. */
  value: number;
  created_at: number;
}

export interface AnswersTable {
  id: Generated<number>;
  question_id: number;
  user_id: number;
  username: string;
  body: string;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  score: Generated<number>;
  comment_count: Generated<number>;
  recent_upvoters: Generated<string>;
  recent_downvoters: Generated<string>;
  /** The client's own key for this answer, when it sent one (see answers_client_key). */
  client_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface AnswerVotesTable {
  answer_id: number;
  user_id: number;
  value: number;
  created_at: number;
}

export interface CommentsTable {
  id: Generated<number>;
  question_id: number;
  /** Null for a comment on the question itself. */
  answer_id: number | null;
  user_id: number;
  username: string;
  body: string;
  /** The client's own id for the comment, used only to store a repeated send once. */
  client_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface BookmarksTable {
  user_id: number;
  question_id: number;
  created_at: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface QuestionsFtsTable {
  rowid: number;
  title: string;
  body: string;
  username: string;
  tags: string;
}

export interface Database {
  users: UsersTable;
  follows: FollowsTable;
  questions: QuestionsTable;
  question_tags: QuestionTagsTable;
  question_votes: QuestionVotesTable;
  answers: AnswersTable;
  answer_votes: AnswerVotesTable;
  comments: CommentsTable;
  bookmarks: BookmarksTable;
  app_secrets: AppSecretsTable;
  /** SQLite only: the FTS5 index over questions. */
  questions_fts: QuestionsFtsTable;
}

/** The tables that hold what users wrote and did (the signing secret and search index follow from them). */
export const CONTENT_TABLES = [
  'users',
  'follows',
  'questions',
  'question_tags',
  'question_votes',
  'answers',
  'answer_votes',
  'comments',
  'bookmarks',
] as const;
