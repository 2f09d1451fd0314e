/*
 * How text from outside is cleaned and which text is refused, with no schema library, so that the
 * web app's first bundle can apply the same rules (zod loads only with the forms that use it).
 */

/** Text every database stores as given: no NUL (PostgreSQL refuses it) and no unpaired surrogate. */
export const isWellFormed = (value: string) => !value.includes('\u0000') && value.isWellFormed();

/**
 * Whether text is a single line (a title, a tag, a name) or may hold lines (a post, an answer, a
 * comment, a bio).
 */
export type TextShape = 'line' | 'lines';

/**
 * Line breaks other than LF: CR LF and a lone CR (what some systems send), vertical tab and form
 * feed (word processors and PDFs paste them), NEL, and Unicode's line and paragraph separators.
 */
const OTHER_LINE_BREAKS = /\r\n?|[\v\f\u0085\u2028\u2029]/g;

/**
 * Control characters no text needs (C0 but NUL, tab and LF; DEL; C1). They draw nothing, so a
 * writer who pasted one could not find it to take it out: they are dropped, as spaces around the
 * text are. NUL is refused instead (`isWellFormed`): it comes from binary data, not from typing.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const STRAY_CONTROLS = /[\u0001-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text as it is stored: line breaks written as LF (in a single line, tabs and line breaks become
 * spaces) and stray controls dropped. The rest is kept as typed, not composed (NFC would turn
 * CJK compatibility ideographs such as 豈 into their unified forms); what compares text (tag keys,
 * search words) composes it.
 */
export function cleanText(value: string, shape: TextShape): string {
  const lines = value.replace(OTHER_LINE_BREAKS, '\n').replace(STRAY_CONTROLS, '');
  return shape === 'line' ? lines.replace(/[\t\n]/g, ' ') : lines;
}
