/** Characters as the server counts them: code points, so an emoji is one (UTF-16 counts it as two). */
const characterCount = (value: string) => value.length - (value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

/**
 * What a field limited to `max` characters holds after an edit from `previous` to `next`, as
 * `maxlength` would have it but counting characters as the server does (`maxlength` counts UTF-16
 * units, so it stops emoji at half the limit): at the limit, typing more changes nothing; a paste
 * that overshoots keeps its first characters.
 */
export function limitCharacters(previous: string, next: string, max: number): string {
  if (next.length <= max || characterCount(next) <= max) return next;
  if (characterCount(previous) >= max) return previous;
  let end = 0;
  let count = 0;
  for (const character of next) {
    if (count === max) break;
    end += character.length;
    count += 1;
  }
  return next.slice(0, end);
}
