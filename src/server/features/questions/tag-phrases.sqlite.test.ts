import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { tagKey } from '../../../shared/folded-text.js';
import { narrowedTagPhrase, searchIndexRow } from './questions.repository.js';

/**
 * A search with tags asks SQLite's full-text index for the tags' words beside the search's
 * (`narrowedTagPhrase`); a phrase the index's tokenizer read otherwise than the tag it came
 * from would lose that tag's posts. So every character of the Basic Multilingual Plane, alone,
 * at the end of a word and at its start, and every letter with case followed by an accent, is put
 * in a tag and looked for by its key's phrase, in a full-text table made by the very statement the
 * migrations made the app's with.
 */
/** Grave, acute, circumflex, tilde, breve, dot, diaeresis, ring, caron, cedilla, ogonek, the Greek ones. */
const COMBINING_MARKS = [
  '\u0300',
  '\u0301',
  '\u0302',
  '\u0303',
  '\u0306',
  '\u0307',
  '\u0308',
  '\u030a',
  '\u030c',
  '\u0327',
  '\u0328',
  '\u0341',
  '\u0342',
  '\u0344',
  '\u0345',
];

describe('tag phrases of the full-text index (SQLite)', () => {
  let t: TestApp;
  let index: DatabaseSync;

  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'questions_fts'`.execute(
      t.database.db,
    );
    index = new DatabaseSync(':memory:');
    index.exec(rows[0]?.sql ?? 'missing');
  });
  afterAll(async () => {
    index?.close();
    await t.close();
  });

  it('find every tag by its key wherever they are asked for by phrase', () => {
    const tags: string[] = [];
    for (let code = 1; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      tags.push(char, `q${char}`, `${char}z`);
      // Letters with case, followed by the accents that compose with them (or not, in one case).
      if (char.toLowerCase() !== char || char.toUpperCase() !== char) {
        for (const mark of COMBINING_MARKS) tags.push(`${char}${mark}`, `q${char}${mark}z`);
      }
    }
    const insert = index.prepare(
      'insert into questions_fts (rowid, title, body, username, tags) values (?, ?, ?, ?, ?)',
    );
    index.exec('begin');
    tags.forEach((tag, i) => {
      const row = searchIndexRow({ title: '', body: '', tags: [tag] }, 'baker');
      insert.run(i + 1, row.title, row.body, row.username, row.tags);
    });
    index.exec('commit');

    const found = index.prepare('select count(*) as n from questions_fts where questions_fts match ? and rowid = ?');
    const lost: string[] = [];
    let asked = 0;
    tags.forEach((tag, i) => {
      // A tag of only spaces is no tag: it is refused when posted and when filtered by.
      if (tagKey(tag) === '') return;
      const phrase = narrowedTagPhrase(tagKey(tag));
      asked += 1;
      // A rowid bound as a number is a REAL, which FTS5 does not take as a rowid beside MATCH.
      const { n } = found.get(`tags : ${phrase}`, BigInt(i + 1)) as { n: number };
      if (n !== 1) lost.push(`${tag} (${[...tag].map((c) => `U+${c.codePointAt(0)?.toString(16)}`).join(' ')})`);
    });
    expect(lost).toEqual([]);
    // Every tag is asked for by phrase: by its words, or by the word made of its code points.
    expect(asked).toBe(tags.filter((tag) => tagKey(tag) !== '').length);
  });
});
