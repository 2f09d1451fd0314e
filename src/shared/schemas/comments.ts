import { z } from 'zod';
import { COMMENT_TEXT_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { isWellFormed, requiredText, wrapper } from './text.js';

export const commentDataSchema = z.object({
  commentText: requiredText(messages.required, COMMENT_TEXT_MAX),
  /** The client's own id for this comment: sending the same one twice stores the comment once. */
  _id: z
    .string({ error: 'The comment _id must be text.' })
    .trim()
    .min(1)
    .max(100, messages.tooLong(100))
    .refine(isWellFormed, messages.badText)
    .nullish(),
});
export type CommentData = z.infer<typeof commentDataSchema>;

export const commentDataBody = z.object({ commentData: wrapper(commentDataSchema) });
