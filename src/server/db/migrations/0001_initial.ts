import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations never import app code: they speak only Kysely, so they stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export const initial: Migration = {
  async up(db: AnyDb) {
    const pg = isPostgres(db);
    const idType = 'integer';
    const serialId = (table: string) =>
      db.schema
        .createTable(table)
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
    const time = 'bigint';
    const counter = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

    await serialId('users')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_by_follower_count').on('users').columns(['follower_count', 'id']).execute();

    await db.schema
      .createTable('follows')
      .addColumn('follower_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('followee_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', time, (c) => c.notNull())
      .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
      .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
      .execute();
    await db.schema
      .createIndex('follows_by_followee')
      .on('follows')
      .columns(['followee_id', 'created_at', 'follower_id'])
      .execute();
    await db.schema
      .createIndex('follows_by_follower')
      .on('follows')
      .columns(['follower_id', 'created_at', 'followee_id'])
      .execute();

    let questions = serialId('questions')
      .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('upvotes', 'integer', counter)
      .addColumn('downvotes', 'integer', counter)
      .addColumn('score', 'integer', counter)
      .addColumn('answer_count', 'integer', counter)
      .addColumn('comment_count', 'integer', counter)
      .addColumn('recent_upvoters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('recent_downvoters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull());
    if (pg) questions = questions.addColumn('search_vector', sql`tsvector`, (c) => c.notNull());
    await questions.execute();
    for (const [name, columns] of [
      ['questions_latest', ['updated_at', 'id']],
      ['questions_trending', ['score', 'id']],
      ['questions_by_author_latest', ['user_id', 'updated_at', 'id']],
      ['questions_by_author_trending', ['user_id', 'score', 'id']],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('questions')
        .columns([...columns])
        .execute();
    }

    await db.schema
      .createTable('question_tags')
      .addColumn('question_id', idType, (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('tag_key', 'text', (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('question_tags_pk', ['question_id', 'tag_key'])
      .execute();
    await db.schema
      .createIndex('question_tags_latest')
      .on('question_tags')
      .columns(['tag_key', 'updated_at', 'question_id'])
      .execute();
    await db.schema
      .createIndex('question_tags_trending')
      .on('question_tags')
      .columns(['tag_key', 'score', 'question_id'])
      .execute();

    await db.schema
      .createTable('question_votes')
      .addColumn('question_id', idType, (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('value', 'integer', (c) => c.notNull().check(sql`value in (-1, 1)`))
      .addColumn('created_at', time, (c) => c.notNull())
      .addPrimaryKeyConstraint('question_votes_pk', ['question_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('question_votes_recent')
      .on('question_votes')
      .columns(['question_id', 'value', 'created_at'])
      .execute();

    await serialId('answers')
      .addColumn('question_id', idType, (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('upvotes', 'integer', counter)
      .addColumn('downvotes', 'integer', counter)
      .addColumn('score', 'integer', counter)
      .addColumn('comment_count', 'integer', counter)
      .addColumn('recent_upvoters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('recent_downvoters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('answers_by_question').on('answers').columns(['question_id', 'id']).execute();

    await db.schema
      .createTable('answer_votes')
      .addColumn('answer_id', idType, (c) => c.notNull().references('answers.id').onDelete('cascade'))
      .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('value', 'integer', (c) => c.notNull().check(sql`value in (-1, 1)`))
      .addColumn('created_at', time, (c) => c.notNull())
      .addPrimaryKeyConstraint('answer_votes_pk', ['answer_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('answer_votes_recent')
      .on('answer_votes')
      .columns(['answer_id', 'value', 'created_at'])
      .execute();

    await serialId('comments')
      .addColumn('question_id', idType, (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('answer_id', idType, (c) => c.references('answers.id').onDelete('cascade'))
      .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('client_key', 'text')
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('comments_by_target')
      .on('comments')
      .columns(['question_id', 'answer_id', 'id'])
      .execute();
    await db.schema.createIndex('comments_by_answer').on('comments').column('answer_id').execute();
    // A client's comment id is unique per author and thread (the question's own comments, or one answer's).
    await sql`create unique index comments_client_key on comments (question_id, coalesce(answer_id, 0), user_id, client_key)`.execute(
      db,
    );

    await db.schema
      .createTable('bookmarks')
      .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('question_id', idType, (c) => c.notNull().references('questions.id').onDelete('cascade'))
      .addColumn('created_at', time, (c) => c.notNull())
      .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'question_id'])
      .execute();
    await db.schema
      .createIndex('bookmarks_by_user_recent')
      .on('bookmarks')
      .columns(['user_id', 'created_at', 'question_id'])
      .execute();
    await db.schema.createIndex('bookmarks_by_question').on('bookmarks').column('question_id').execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    if (pg) {
      await sql`create index questions_search on questions using gin (search_vector)`.execute(db);
    } else {
      await sql`create virtual table questions_fts using fts5(
        title, body, username, tags,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      )`.execute(db);
    }
  },
};
