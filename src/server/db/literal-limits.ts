/**
 * SQLite plans a statement's LIMIT with the value bound to it when the limit is a parameter, and so
 * marks the statement to be prepared again whenever that parameter is bound: every run of a
 * statement ending `limit ?` parses and plans it anew (8–10 µs of CPU for a page of explore at a
 * million posts, a quarter of the statement's cost). Written into the SQL as a number instead, the
 * limit leaves the statement prepared once. These helpers find the parameters a statement's LIMITs
 * take and write their values in.
 */

/** The positions, among a statement's `?` parameters, of those that are a LIMIT's value. */
export interface LimitParameters {
  /** The SQL cut at each parameter: one more piece than there are parameters. */
  pieces: string[];
  /** Indexes into the parameters, in order. */
  limits: number[];
}

const WORD_START = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_$]/;
const NAMED_PARAMETER_SIGILS = ':@$';
/** A character SQLite reads as part of a parameter's name: `:1` and `@é` are named parameters too. */
const isNameChar = (char: string | undefined) =>
  char !== undefined && (WORD_PART.test(char) || char.charCodeAt(0) >= 0x80);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The LIMIT parameters of a statement whose parameters are all plain `?`, or undefined when it has
 * none, or has numbered or named parameters that counting `?` would misplace, or a `LIMIT ?, ?`
 * (whose first value is the offset). Quoted strings, quoted names and comments are passed over.
 */
export function limitParameters(sql: string): LimitParameters | undefined {
  const pieces: string[] = [];
  const limits: number[] = [];
  let pieceStart = 0;
  let parameter = 0;
  let lastWord = '';
  let index = 0;
  while (index < sql.length) {
    const char = sql[index] as string;
    if (char === "'" || char === '"' || char === '`') {
      const close = closingQuote(sql, index, char);
      if (close < 0) return undefined;
      index = close + 1;
      lastWord = '';
    } else if (char === '[') {
      const close = sql.indexOf(']', index + 1);
      if (close < 0) return undefined;
      index = close + 1;
      lastWord = '';
    } else if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      index = end < 0 ? sql.length : end + 1;
    } else if (char === '/' && sql[index + 1] === '*') {
      const end = sql.indexOf('*/', index + 2);
      index = end < 0 ? sql.length : end + 2;
    } else if (char === '?') {
      if (/[0-9]/.test(sql[index + 1] ?? '')) return undefined;
      if (lastWord === 'limit') {
        if (/^\s*,/.test(sql.slice(index + 1))) return undefined;
        limits.push(parameter);
      }
      pieces.push(sql.slice(pieceStart, index));
      pieceStart = index + 1;
      parameter += 1;
      index += 1;
      lastWord = '';
    } else if (char === '#' || (NAMED_PARAMETER_SIGILS.includes(char) && isNameChar(sql[index + 1]))) {
      return undefined;
    } else if (WORD_START.test(char)) {
      let end = index + 1;
      while (end < sql.length && WORD_PART.test(sql[end] as string)) end += 1;
      lastWord = sql.slice(index, end).toLowerCase();
      index = end;
    } else {
      if (!/\s/.test(char)) lastWord = '';
      index += 1;
    }
  }
  if (limits.length === 0) return undefined;
  pieces.push(sql.slice(pieceStart));
  return { pieces, limits };
}

/** Where a quoted string or name that opens at `open` closes; a doubled quote stands for itself. */
function closingQuote(sql: string, open: number, quote: string): number {
  let index = open + 1;
  while (index < sql.length) {
    if (sql[index] === quote) {
      if (sql[index + 1] === quote) index += 2;
      else return index;
    } else index += 1;
  }
  return -1;
}

/** A value SQLite reads the same written into the SQL as bound: a whole number it can hold. */
export function isLiteralLimit(value: unknown): value is number | bigint {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX;
}

/**
 * The statement with its LIMIT parameters written in as the given values (all whole numbers),
 * set apart by a space where a word touches them (`limit?offset ?` is valid SQL).
 */
export function withLiteralLimits({ pieces, limits }: LimitParameters, parameters: ReadonlyArray<unknown>): string {
  let sql = pieces[0] as string;
  for (let index = 1; index < pieces.length; index += 1) {
    const parameter = index - 1;
    const next = pieces[index] as string;
    if (limits.includes(parameter)) {
      const before = WORD_PART.test(sql.at(-1) ?? '') ? ' ' : '';
      const after = WORD_PART.test(next[0] ?? '') ? ' ' : '';
      sql += `${before}${String(parameters[parameter])}${after}`;
    } else sql += '?';
    sql += next;
  }
  return sql;
}

/** The parameters left to bind once the LIMIT parameters are written into the SQL. */
export function withoutLimits({ limits }: LimitParameters, parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.filter((_, index) => !limits.includes(index));
}
