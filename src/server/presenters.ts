import type { AnswerJson, CommentJson, MyVote, QuestionSummaryJson, UserJson, VotesJson } from '../shared/api-types.js';
import type { FollowLists, UserRow } from './features/users/users.repository.js';
import { isoTime } from './iso-time.js';

/** Presenters turn rows into the API's JSON; nothing else reaches a response, so no hash can leak. */

export function presentUser(row: UserRow, lists: FollowLists): UserJson {
  return {
    _id: String(row.id),
    id: String(row.id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    bio: row.bio,
    followers: lists.followers,
    following: lists.following,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    questionCount: row.question_count,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export interface VoteCounters {
  upvotes: number;
  downvotes: number;
  recent_upvoters: string;
  recent_downvoters: string;
}

export const parseNames = (json: string): string[] => JSON.parse(json) as string[];

export function presentVotes(row: VoteCounters, myVote: MyVote): VotesJson {
  return {
    upvotedBy: parseNames(row.recent_upvoters),
    downvotedBy: parseNames(row.recent_downvoters),
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    myVote,
  };
}

export const voteName = (value: number | undefined): MyVote =>
  value === 1 ? 'upvote' : value === -1 ? 'downvote' : null;

export interface QuestionRowLike extends VoteCounters {
  id: number;
  username: string;
  title: string;
  body: string;
  tags: string;
  answer_count: number;
  comment_count: number;
  created_at: number;
  updated_at: number;
}

export interface CallerState {
  myVote: MyVote;
  bookmarked: boolean;
}

export const NO_CALLER_STATE: CallerState = { myVote: null, bookmarked: false };

export function presentQuestionSummary(row: QuestionRowLike, state: CallerState): QuestionSummaryJson {
  return {
    _id: String(row.id),
    id: String(row.id),
    username: row.username,
    questionTitle: row.title,
    questionText: row.body,
    tags: JSON.parse(row.tags) as string[],
    bookmarked: state.bookmarked,
    votes: presentVotes(row, state.myVote),
    answerCount: row.answer_count,
    commentCount: row.comment_count,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export interface CommentRowLike {
  id: number;
  question_id: number;
  answer_id: number | null;
  username: string;
  first_name: string;
  last_name: string;
  body: string;
  created_at: number;
  updated_at: number;
}

export function presentComment(row: CommentRowLike): CommentJson {
  return {
    _id: String(row.id),
    questionId: String(row.question_id),
    answerId: row.answer_id === null ? null : String(row.answer_id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    commentText: row.body,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export interface AnswerRowLike extends VoteCounters {
  id: number;
  question_id: number;
  username: string;
  body: string;
  comment_count: number;
  created_at: number;
  updated_at: number;
}

export function presentAnswer(row: AnswerRowLike, myVote: MyVote, comments: CommentRowLike[]): AnswerJson {
  return {
    _id: String(row.id),
    questionId: String(row.question_id),
    username: row.username,
    answerText: row.body,
    votes: presentVotes(row, myVote),
    comments: comments.map(presentComment),
    commentCount: row.comment_count,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
