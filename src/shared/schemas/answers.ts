import { z } from 'zod';
import { ANSWER_TEXT_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { clientKey, requiredText, wrapper } from './text.js';

const answerDataSchema = z.object({
  answerText: requiredText(messages.required, ANSWER_TEXT_MAX, 'lines'),
  /** The client's own key for this answer: sending the same one twice stores the answer once. */
  _id: clientKey('answer'),
});
export type AnswerData = z.infer<typeof answerDataSchema>;

export const answerDataBody = z.object({ answerData: wrapper(answerDataSchema) });

/** An edit uses only the text: a key sent with it is ignored, as any unknown field is, not checked. */
const answerEditSchema = answerDataSchema.pick({ answerText: true });
export type AnswerEdit = z.infer<typeof answerEditSchema>;

export const answerEditBody = z.object({ answerData: wrapper(answerEditSchema) });
