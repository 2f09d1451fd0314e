import { z } from 'zod';
import { MAX_TAG_FILTERS, MAX_TAG_LENGTH, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_MAX, SORTS } from '../constants.js';
import { messages } from '../messages.js';
import { cleanText, isWellFormed } from '../clean-text.js';

const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

const badLimit = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;

export const pageQuery = z.object({
  // Decimal digits only: a number reader would also take ` 5`, `1e1` and `0x10`.
  limit: z.preprocess(
    single,
    z
      .string({ error: badLimit })
      .regex(/^[0-9]{1,3}$/, badLimit)
      .transform(Number)
      .pipe(z.number().min(1, badLimit).max(PAGE_SIZE_MAX, badLimit))
      .default(PAGE_SIZE_DEFAULT),
  ),
  cursor: z.preprocess(single, z.string().max(500, messages.invalidCursor).optional()),
});

/** A tag to filter by, cleaned as tags are when stored (`cleanText`), so it names the same tag. */
const tagFilter = z
  .string()
  .overwrite((value) => cleanText(value, 'line'))
  .trim()
  .min(1, { message: 'tag must not be empty.', abort: true })
  .max(MAX_TAG_LENGTH, { message: messages.tagTooLong, abort: true })
  .refine(isWellFormed, messages.badText);

export const questionListQuery = pageQuery.extend({
  sort: z.preprocess(single, z.enum(SORTS, { error: 'sort must be latest, oldest or trending.' }).default('latest')),
  tag: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(tagFilter).max(MAX_TAG_FILTERS, `At most ${MAX_TAG_FILTERS} tags can be filtered at once.`),
  ),
  q: z.preprocess(
    single,
    z
      .string()
      .max(SEARCH_MAX, { message: messages.tooLong(SEARCH_MAX), abort: true })
      .refine(isWellFormed, messages.badText)
      .optional(),
  ),
  author: z.preprocess(single, z.string().trim().min(1).max(30).optional()),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;
