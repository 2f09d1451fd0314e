import { hasKeptDraft } from '../../../lib/kept-drafts';

/**
 * Where a comment box's kept text belongs (lib/kept-drafts.ts): its own module, so a post card
 * can look for a kept comment without loading the comments' code.
 */
export const commentDraftPlace = (questionId: string, answerId: string | undefined) =>
  `comment:${questionId}:${answerId ?? ''}`;

/** Whether `username` (signed in, or undefined) has a comment kept for this thread: its box opens for it. */
export const hasKeptComment = (username: string | undefined, questionId: string, answerId: string | undefined) =>
  username !== undefined && hasKeptDraft(username, commentDraftPlace(questionId, answerId));
