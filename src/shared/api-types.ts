/** The JSON shapes the API returns, shared by the server's presenters and the web client. */

export interface UserJson {
  _id: string;
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  /** Usernames, oldest follow first, at most FOLLOW_LIST_LIMIT. */
  followers: string[];
  following: string[];
  followerCount: number;
  followingCount: number;
  questionCount: number;
  createdAt: string;
  updatedAt: string;
}

export type MyVote = 'upvote' | 'downvote' | null;

export interface VotesJson {
  /** The most recent voters on each side, at most RECENT_VOTERS. */
  upvotedBy: string[];
  downvotedBy: string[];
  upvotes: number;
  downvotes: number;
  myVote: MyVote;
}

export interface CommentJson {
  _id: string;
  questionId: string;
  answerId: string | null;
  username: string;
  firstName: string;
  lastName: string;
  commentText: string;
  createdAt: string;
  updatedAt: string;
}

export interface AnswerJson {
  _id: string;
  questionId: string;
  username: string;
  answerText: string;
  votes: VotesJson;
  /** The answer's first comments (oldest first); commentCount tells how many there are. */
  comments: CommentJson[];
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A question as it appears in lists: counts instead of the answers and comments themselves. */
export interface QuestionSummaryJson {
  _id: string;
  id: string;
  username: string;
  questionTitle: string;
  questionText: string;
  tags: string[];
  bookmarked: boolean;
  votes: VotesJson;
  answerCount: number;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A single question with its first comments (newest first) and answers (oldest first). */
export interface QuestionJson extends QuestionSummaryJson {
  comments: CommentJson[];
  commentsNextCursor: string | null;
  answers: AnswerJson[];
  answersNextCursor: string | null;
}

export interface Page {
  nextCursor: string | null;
}
export interface QuestionPage extends Page {
  questions: QuestionSummaryJson[];
}
export interface UserPage extends Page {
  users: UserJson[];
}
export interface AnswerPage extends Page {
  answers: AnswerJson[];
}
export interface CommentPage extends Page {
  comments: CommentJson[];
}

/** Stable codes clients and logs can rely on (the table in docs/api.md); the message is what users read. */
export type ErrorCode =
  | 'validation_failed'
  | 'invalid_cursor'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'not_owner'
  | 'bad_request'
  | 'rate_limited'
  | 'request_timeout'
  | 'service_unavailable'
  | 'internal';

export interface ErrorJson {
  errors: string[];
  code: ErrorCode;
  fields?: Record<string, string>;
}
