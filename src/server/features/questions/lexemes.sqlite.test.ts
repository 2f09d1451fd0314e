import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { searchDocument, searchIndexRow } from './questions.repository.js';

/**
 * PostgreSQL's search vectors are made of the app's own lexemes (`lexemeOf`), which must fold
 * words as SQLite's tokenizer does, or a search would find other posts on each database. Every
 * letter and digit of Unicode's planes 0–2 (alone, and beside its capital), and every letter with
 * case or of the Latin, Greek and Cyrillic scripts followed by each combining accent (alone, and
 * inside a word), is indexed as the app indexes it in a full-text table made by the very
 * statement the migrations made the app's with; the tokens SQLite keeps must be the lexemes.
 */
describe('PostgreSQL lexemes fold as SQLite tokens', () => {
  let t: TestApp;
  let index: DatabaseSync;

  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'questions_fts'`.execute(
      t.database.db,
    );
    index = new DatabaseSync(':memory:');
    index.exec(rows[0]?.sql ?? 'missing');
    index.exec(`create virtual table tokens using fts5vocab(questions_fts, 'instance')`);
  });
  afterAll(async () => {
    index?.close();
    await t.close();
  });

  /** Each text's tokens as SQLite's index keeps them, space-separated. */
  function sqliteTokens(texts: string[]): string[] {
    const insert = index.prepare(
      'insert into questions_fts (rowid, title, body, username, tags) values (?, ?, ?, ?, ?)',
    );
    index.exec('delete from questions_fts');
    index.exec('begin');
    texts.forEach((text, i) => {
      const row = searchIndexRow({ title: text, body: '', tags: [] }, '');
      insert.run(BigInt(i + 1), row.title, row.body, row.username, row.tags);
    });
    index.exec('commit');
    const tokens = texts.map((): string[] => []);
    const read = index.prepare('select doc, term from tokens order by doc, offset');
    for (const row of read.iterate() as Iterable<{ doc: number | bigint; term: string }>) {
      tokens[Number(row.doc) - 1]?.push(row.term);
    }
    return tokens.map((list) => list.join(' '));
  }

  function mismatches(texts: string[]): string[] {
    const tokens = sqliteTokens(texts);
    return texts.flatMap((text, i) => {
      const lexemes = searchDocument({ title: text, body: '', tags: [] }, '');
      if (lexemes === tokens[i]) return [];
      const codes = [...text].map((char) => `U+${char.codePointAt(0)?.toString(16)}`).join(' ');
      return [`${text} (${codes}): SQLite "${tokens[i]}", PostgreSQL "${lexemes}"`];
    });
  }

  const characters = (test: (char: string) => boolean) => {
    const found: string[] = [];
    for (let code = 1; code < 0x30000; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (test(char)) found.push(char);
    }
    return found;
  };

  it('folds every letter and digit alike', () => {
    const texts = characters((char) => /[\p{L}\p{N}]/u.test(char)).flatMap((char) => [
      char,
      `${char}${char.toUpperCase()}x`,
    ]);
    expect(texts.length).toBeGreaterThan(250_000);
    expect(mismatches(texts)).toEqual([]);
  });

  it('folds letters followed by each combining accent alike', () => {
    const accents = Array.from({ length: 0x70 }, (_, i) => String.fromCodePoint(0x300 + i));
    const letters = characters(
      (char) =>
        /\p{L}/u.test(char) &&
        (char.toLowerCase() !== char ||
          char.toUpperCase() !== char ||
          /\p{Script=Latin}|\p{Script=Greek}|\p{Script=Cyrillic}/u.test(char)),
    );
    const texts = letters.flatMap((letter) =>
      accents.flatMap((accent) => [`${letter}${accent}`, `q${letter}${accent}z`]),
    );
    expect(texts.length).toBeGreaterThan(750_000);
    expect(mismatches(texts)).toEqual([]);
  });
});
