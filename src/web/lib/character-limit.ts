/** Characters as the server counts them: code points, so an emoji is one (UTF-16 counts it as two). */
const characterCount = (value: string) => value.length - (value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

/** The first `max` characters of `value`, never half an emoji. */
function firstCharacters(value: string, max: number): string {
  let end = 0;
  let count = 0;
  for (const character of value) {
    if (count === max) break;
    end += character.length;
    count += 1;
  }
  return value.slice(0, end);
}

const isLowSurrogate = (value: string, index: number) => /[\uDC00-\uDFFF]/.test(value.charAt(index));

/**
 * What a field limited to `max` characters holds after an edit from `previous` to `next`, as
 * `maxlength` would have it but counting characters as the server does (`maxlength` counts UTF-16
 * units, so it stops emoji at half the limit): an edit that adds no characters is taken (so text
 * already over the limit, from a link say, can be shortened); one that adds too many keeps only
 * as much of what it inserted as fits, and the text around it stays.
 */
export function limitCharacters(previous: string, next: string, max: number): string {
  if (next.length <= max) return next;
  const nextCount = characterCount(next);
  if (nextCount <= max || nextCount <= characterCount(previous)) return next;
  // The inserted part: what lies between the start and the end both texts share.
  let start = 0;
  while (start < previous.length && start < next.length && previous[start] === next[start]) start += 1;
  let end = 0;
  while (
    end < previous.length - start &&
    end < next.length - start &&
    previous[previous.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end += 1;
  }
  // Never split an emoji at either edge of the insertion.
  if (start > 0 && isLowSurrogate(next, start)) start -= 1;
  if (end > 0 && isLowSurrogate(next, next.length - end)) end -= 1;
  const before = next.slice(0, start);
  const after = next.slice(next.length - end);
  const room = Math.max(0, max - characterCount(before) - characterCount(after));
  return before + firstCharacters(next.slice(start, next.length - end), room) + after;
}
