import { z } from 'zod';
import { COMMENT_TEXT_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { clientKey, requiredText, wrapper } from './text.js';

const commentDataSchema = z.object({
  commentText: requiredText(messages.required, COMMENT_TEXT_MAX, 'lines'),
  /** The client's own id for this comment: sending the same one twice stores the comment once. */
  _id: clientKey('comment'),
});
export type CommentData = z.infer<typeof commentDataSchema>;

export const commentDataBody = z.object({ commentData: wrapper(commentDataSchema) });

/** An edit uses only the text: a key sent with it is ignored, as any unknown field is, not checked. */
const commentEditSchema = commentDataSchema.pick({ commentText: true });
export type CommentEdit = z.infer<typeof commentEditSchema>;

export const commentEditBody = z.object({ commentData: wrapper(commentEditSchema) });
