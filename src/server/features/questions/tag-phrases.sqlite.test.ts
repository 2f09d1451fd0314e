import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { narrowedTagPhrase, searchIndexRow, tagKey } from './questions.repository.js';

/**
 * A search with tags asks SQLite's full-text index for the tags' words beside the search's
 * (`narrowedTagPhrase`); a phrase the index's tokenizer folded otherwise than the tag it came
 * from would lose that tag's posts. So every character of the Basic Multilingual Plane, alone,
 * at the end of a word and at its start, is put in a tag and looked for by its key's phrase, in
 * a full-text table made by the very statement the migrations made the app's with.
 */
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
      const phrase = narrowedTagPhrase(tagKey(tag));
      if (phrase === undefined) return;
      asked += 1;
      // A rowid bound as a number is a REAL, which FTS5 does not take as a rowid beside MATCH.
      const { n } = found.get(`tags : ${phrase}`, BigInt(i + 1)) as { n: number };
      if (n !== 1)
        lost.push(
          `${JSON.stringify(tag)} (U+${tag.codePointAt(tag.length > 1 && tag[0] === 'q' ? 1 : 0)?.toString(16)})`,
        );
    });
    expect(lost).toEqual([]);
    // Most tags are asked for by phrase: ASCII, Latin and the scripts without case.
    expect(asked).toBeGreaterThan(tags.length / 2);
  });
});
