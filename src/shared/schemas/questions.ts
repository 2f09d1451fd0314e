import { z } from 'zod';
import { MAX_TAG_LENGTH, MAX_TAGS, QUESTION_TEXT_MAX, TITLE_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { tagKey } from '../folded-text.js';
import { requiredText, wrapper } from './text.js';

const tag = requiredText(messages.required, MAX_TAG_LENGTH, 'line');

/** Tags compare by `tagKey` (case and accents' typing aside); a repeated tag counts once. Omitted tags stay undefined (an edit keeps them). */
const tags = z
  .array(tag, { error: 'Tags must be a list of text.' })
  .nullish()
  .transform((list) => {
    if (list == null) return undefined;
    const seen = new Set<string>();
    return list.filter((t) => !seen.has(tagKey(t)) && seen.add(tagKey(t)));
  })
  .refine((list) => !list || list.length <= MAX_TAGS, messages.tooManyTags);

const questionDataSchema = z.object({
  questionTitle: requiredText(messages.required, TITLE_MAX, 'line'),
  questionText: requiredText(messages.required, QUESTION_TEXT_MAX, 'lines'),
  tags,
});
export type QuestionData = z.infer<typeof questionDataSchema>;

export const questionDataBody = z.object({ questionData: wrapper(questionDataSchema) });
