import type { Migration } from 'kysely/migration';
import { initial } from './0001_initial.js';
import { searchTerms } from './0002_search_terms.js';
import { searchPrefixes } from './0003_search_prefixes.js';
import { answerClientKeys } from './0004_answer_client_keys.js';
import { searchMarks } from './0005_search_marks.js';
import { searchLexemes } from './0006_search_lexemes.js';
import { questionCommentsIndex } from './0007_question_comments_index.js';
import { cleanTagKeys } from './0008_clean_tag_keys.js';
import { foldedSearchText } from './0009_folded_search_text.js';
import { searchWords } from './0010_search_words.js';
import { writeNotices } from './0011_write_notices.js';

/** Every migration, keyed in the order they apply. Listed statically so the built app needs no file scanning. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_search_terms': searchTerms,
  '0003_search_prefixes': searchPrefixes,
  '0004_answer_client_keys': answerClientKeys,
  '0005_search_marks': searchMarks,
  '0006_search_lexemes': searchLexemes,
  '0007_question_comments_index': questionCommentsIndex,
  '0008_clean_tag_keys': cleanTagKeys,
  '0009_folded_search_text': foldedSearchText,
  '0010_search_words': searchWords,
  '0011_write_notices': writeNotices,
};
