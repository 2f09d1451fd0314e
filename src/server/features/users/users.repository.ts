import { sql } from 'kysely';
import { FOLLOW_LIST_LIMIT, GUEST_USERNAME } from '../../../shared/constants.js';
import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  passwordHash: string;
  now: number;
}

export interface FollowLists {
  followers: string[];
  following: string[];
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

/** Inserts a user; a taken username surfaces as the database's unique violation. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      username: user.username,
      username_key: usernameKey(user.username),
      first_name: user.firstName,
      last_name: user.lastName,
      bio: user.bio,
      password_hash: user.passwordHash,
      created_at: user.now,
      updated_at: user.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  bio: string;
  passwordHash?: string | undefined;
  now: number;
}

export async function updateProfile(db: Db, id: number, changes: ProfileChanges): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({
      first_name: changes.firstName,
      last_name: changes.lastName,
      bio: changes.bio,
      updated_at: changes.now,
      ...(changes.passwordHash
        ? { password_hash: changes.passwordHash, token_version: eb('token_version', '+', 1) }
        : {}),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds the follow and both counters; false when it already existed. */
export async function insertFollow(db: Db, followerId: number, followeeId: number, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await adjustFollowCounts(db, followerId, followeeId, 1, now);
  return true;
}

/** Removes the follow and both counters; false when there was none. */
export async function deleteFollow(db: Db, followerId: number, followeeId: number, now: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  await adjustFollowCounts(db, followerId, followeeId, -1, now);
  return true;
}

async function adjustFollowCounts(db: Db, followerId: number, followeeId: number, delta: number, now: number) {
  await db
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '+', delta), updated_at: now }))
    .where('id', '=', followerId)
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({ follower_count: eb('follower_count', '+', delta), updated_at: now }))
    .where('id', '=', followeeId)
    .execute();
}

export async function isFollowing(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The first followers and followings of a user (oldest follow first), bounded. */
export async function followLists(db: Db, userId: number): Promise<FollowLists> {
  const [followers, following] = await Promise.all([
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.follower_id')
      .select('users.username')
      .where('follows.followee_id', '=', userId)
      .orderBy('follows.created_at')
      .orderBy('follows.follower_id')
      .limit(FOLLOW_LIST_LIMIT)
      .execute(),
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followee_id')
      .select('users.username')
      .where('follows.follower_id', '=', userId)
      .orderBy('follows.created_at')
      .orderBy('follows.followee_id')
      .limit(FOLLOW_LIST_LIMIT)
      .execute(),
  ]);
  return { followers: followers.map((r) => r.username), following: following.map((r) => r.username) };
}

/** Users by id ascending, after `afterId`. */
export async function listUsers(db: Db, afterId: number | undefined, limit: number): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll().orderBy('id').limit(limit);
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  return query.execute();
}

/**
 * Users the caller does not follow, most-followed first, excluding the caller and the shared guest account.
 * Keyset over (follower_count desc, id desc).
 */
export async function listSuggestions(
  db: Db,
  callerId: number,
  after: { key: number; id: number } | undefined,
  limit: number,
): Promise<UserRow[]> {
  let query = db
    .selectFrom('users')
    .selectAll()
    .where('id', '<>', callerId)
    .where('username_key', '<>', GUEST_USERNAME)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follows')
            .select(sql`1`.as('one'))
            .whereRef('follows.followee_id', '=', 'users.id')
            .where('follows.follower_id', '=', callerId),
        ),
      ),
    )
    .orderBy('follower_count', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('follower_count', 'id'), '<', eb.tuple(after.key, after.id)));
  }
  return query.execute();
}
