/**
 * Text as the app compares it, in search and in tags: composed (NFC), lower-cased by JavaScript
 * and composed again, since lower-casing can leave text that is no longer composed (Ϊ and a
 * separate acute become ϊ and the acute, which compose to ΐ). SQLite's tokenizer folds case as
 * Unicode 6.1 did and never lowers capitals given a small letter since (Cherokee, Adlam, Georgian
 * Mtavruli, Ԩ), so the full-text index is given text folded here, and tag keys fold alike, so a
 * key and its tags are read alike.
 */
export const foldedText = (text: string) => text.normalize('NFC').toLowerCase().normalize('NFC');

/**
 * What makes two tags the same tag: case, spaces around them and how an accent was typed do not
 * count (`Crème`, ` crème ` and `cre` + U+0300 + `me` are one tag).
 */
export const tagKey = (tag: string) => foldedText(tag.trim());
