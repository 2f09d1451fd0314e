import type { UserJson } from '../../../shared/api-types.js';
import { FOLLOW_LIST_LIMIT, GUEST_USERNAME, USERNAME_PATTERN } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { UserData } from '../../../shared/schemas/users.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { inTransaction, readTogether, withConnection } from '../../db/transaction.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import { decodeCursor, pageOf } from '../../http/cursor.js';
import { isStoredId } from '../../http/ids.js';
import { presentUser } from '../../presenters.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import * as users from './users.repository.js';
import type { UserRow } from './users.repository.js';

export type UsersService = ReturnType<typeof createUsersService>;

/** A path's user reference that could name no one (neither a stored id nor a username) is a 404. */
export function checkRef(ref: string): void {
  const possible = /^[0-9]+$/.test(ref) ? isStoredId(ref) : USERNAME_PATTERN.test(ref);
  if (!possible) throw notFound(messages.userNotFound);
}

/** Whether a user's counts agree with the follow lists read beside them (each the first FOLLOW_LIST_LIMIT). */
function listsAgree(row: UserRow, lists: users.FollowLists): boolean {
  return (
    lists.followers.length === Math.min(row.follower_count, FOLLOW_LIST_LIMIT) &&
    lists.following.length === Math.min(row.following_count, FOLLOW_LIST_LIMIT)
  );
}

export function createUsersService(ctx: AppContext) {
  /** Users with their follow lists, read for all of them in one statement. */
  const presentAll = async (rows: UserRow[], db: Db = ctx.db): Promise<UserJson[]> => {
    const lists = await users.followListsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentUser(row, lists.get(row.id) ?? { followers: [], following: [] }));
  };

  /**
   * A user read before (by sign-in, sign-up or an edit) with their follow lists. A follow committed
   * since shows in the lists but not in the row's counts; then the row is read again with its
   * lists as of one moment, as `readWithFollowLists` does.
   */
  const present = async (row: UserRow, db: Db = ctx.db): Promise<UserJson> => {
    const lists = (await users.followListsOf(db, [row.id])).get(row.id) ?? { followers: [], following: [] };
    if (listsAgree(row, lists)) return presentUser(row, lists);
    const { users: found } = await readWithFollowLists(async (db) => {
      const current = await users.findUserById(db, row.id);
      return { rows: [current ?? row] };
    });
    return found[0] as UserJson;
  };

  /**
   * Users read by `read`, with their counts, then presented with their follow lists. Read apart,
   * a follow committed between the two reads shows in one and not the other; then both are read
   * again as of one moment (`readTogether`), which on PostgreSQL takes a transaction, a tenth of
   * a profile read's time when done every time.
   */
  async function readWithFollowLists<T extends { rows: UserRow[] }>(
    read: (db: Db) => Promise<T>,
  ): Promise<Omit<T, 'rows'> & { users: UserJson[] }> {
    const attempt = async (db: Db) => {
      const result = await read(db);
      const lists = await users.followListsOf(
        db,
        result.rows.map((row) => row.id),
      );
      return { result, lists };
    };
    const listsOf = (lists: Map<number, users.FollowLists>, row: UserRow) =>
      lists.get(row.id) ?? { followers: [], following: [] };
    let { result, lists } = await attempt(ctx.db);
    if (!result.rows.every((row) => listsAgree(row, listsOf(lists, row)))) {
      ({ result, lists } = await readTogether(ctx.db, attempt));
    }
    const { rows, ...rest } = result;
    return { ...rest, users: rows.map((row) => presentUser(row, listsOf(lists, row))) };
  }

  /** A user named in a path: a numeric id or a username. */
  async function findByRef(ref: string, db: Db = ctx.db): Promise<UserRow> {
    checkRef(ref);
    const row = /^[0-9]+$/.test(ref)
      ? await users.findUserById(db, Number(ref))
      : await users.findUserByUsername(db, ref);
    if (!row) throw notFound(messages.userNotFound);
    return row;
  }

  return {
    present,

    list(cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor, 'users');
      return readWithFollowLists(async (db) => {
        const rows = await users.listUsers(db, after?.id, limit + 1);
        const page = pageOf(rows, limit, (row) => ({ order: 'users', key: row.id, id: row.id }));
        return { rows: page.items, nextCursor: page.nextCursor };
      });
    },

    suggestions(caller: UserRow, cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor, 'suggestions');
      return readWithFollowLists(async (db) => {
        const rows = await users.listSuggestions(db, caller.id, after, limit + 1);
        const page = pageOf(rows, limit, (row) => ({ order: 'suggestions', key: row.follower_count, id: row.id }));
        return { rows: page.items, nextCursor: page.nextCursor };
      });
    },

    async get(ref: string) {
      const { users: found } = await readWithFollowLists(async (db) => ({ rows: [await findByRef(ref, db)] }));
      return found[0] as UserJson;
    },

    /** Everyone a user follows, or everyone who follows them, a page at a time (newest follow first). */
    follows(ref: string, side: users.FollowSide, cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor, side);
      return readWithFollowLists(async (db) => {
        const user = await findByRef(ref, db);
        const rows = await users.listFollows(db, user.id, side, after, limit + 1);
        const page = pageOf(rows, limit, (row) => ({ order: side, key: row.followed_at, id: row.id }));
        return { rows: page.items, nextCursor: page.nextCursor };
      });
    },

    /** `signal`: aborted when the client has gone (see http/client-gone.ts). */
    async edit(caller: UserRow, data: UserData, signal?: AbortSignal) {
      if (caller.username_key === GUEST_USERNAME) throw forbidden(messages.guestCannotEdit);
      let passwordHash: string | undefined;
      if (data.password) {
        if (!data.currentPassword) {
          throw new AppError(400, 'validation_failed', messages.currentPasswordRequired, {
            fields: { currentPassword: messages.currentPasswordRequired },
          });
        }
        if (!(await verifyPassword(data.currentPassword, caller.password_hash, signal))) {
          throw new AppError(400, 'validation_failed', messages.currentPasswordWrong, {
            fields: { currentPassword: messages.currentPasswordWrong },
          });
        }
        passwordHash = await hashPassword(data.password, ctx.config.passwordHash, signal);
      }
      // The current password was checked against the hash read with the caller; if another
      // request changed the password since, this caller's token is no longer valid either, and
      // the edit is answered as any request with that token would be.
      return withConnection(ctx.db, async (db) => {
        const row = await inTransaction(db, (trx) =>
          users.updateProfile(trx, caller.id, caller.token_version, {
            firstName: data.firstName,
            lastName: data.lastName,
            bio: data.bio,
            passwordHash,
            now: ctx.now(),
          }),
        );
        if (!row) throw unauthorized();
        // Their row: a new password ends their tokens, and the feeds kept for them with it.
        await ctx.usersChanged([caller.id]);
        return { user: await present(row, db), encodedToken: ctx.tokens.issue(row) };
      });
    },

    async follow(caller: UserRow, targetRef: string) {
      const target = await findByRef(targetRef);
      if (target.id === caller.id) throw badRequest(messages.cannotFollowSelf);
      const both = await inTransaction(ctx.db, async (trx) => {
        if (!(await users.insertFollow(trx, caller.id, target.id, ctx.now()))) {
          throw badRequest(messages.alreadyFollowing(target.username));
        }
        return bothUsers(trx, caller.id, target.id);
      });
      // Whose posts the caller's feed shows.
      await ctx.usersChanged([caller.id]);
      return both;
    },

    async unfollow(caller: UserRow, targetRef: string) {
      const target = await findByRef(targetRef);
      const both = await inTransaction(ctx.db, async (trx) => {
        if (!(await users.deleteFollow(trx, caller.id, target.id, ctx.now()))) {
          throw badRequest(messages.notFollowing(target.username));
        }
        return bothUsers(trx, caller.id, target.id);
      });
      // Whose posts the caller's feed shows.
      await ctx.usersChanged([caller.id]);
      return both;
    },
  };

  async function bothUsers(db: Db, callerId: number, targetId: number) {
    const [callerRow, targetRow] = await Promise.all([
      users.findUserById(db, callerId),
      users.findUserById(db, targetId),
    ]);
    if (!callerRow || !targetRow) throw notFound(messages.userNotFound);
    const [user, followUser] = await presentAll([callerRow, targetRow], db);
    return { user: user as UserJson, followUser: followUser as UserJson };
  }
}
