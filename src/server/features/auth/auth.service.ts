import { COMMUNITY_USERNAME, GUEST_USERNAME } from '../../../shared/constants.js';
import { messages } from '../../../shared/messages.js';
import type { LoginBody, SignupBody } from '../../../shared/schemas/auth.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction, withConnection } from '../../db/transaction.js';
import { AppError, conflict, notFound } from '../../errors.js';
import * as users from '../users/users.repository.js';
import { usernameKey, type UserRow } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import { hashPassword, unusablePasswordHash, verifyPassword } from './password.js';

/**
 * The shared guest and community accounts, and 'suggestions', which `GET /users/suggestions`
 * would shadow: a baker of that name could never be looked up by name.
 */
const RESERVED_USERNAMES = new Set([GUEST_USERNAME, COMMUNITY_USERNAME, 'suggestions']);

export function createAuthService(ctx: AppContext, usersService: UsersService) {
  return {
    /** `signal`: aborted when the client has gone (see http/client-gone.ts). */
    async signup(body: SignupBody, signal?: AbortSignal) {
      // Reserved names are the system's, even before (or without) an account of that name.
      if (RESERVED_USERNAMES.has(usernameKey(body.username))) throw conflict(422, messages.usernameTaken);
      // Before the hash, a third of a second of a thread each: a taken name costs a lookup. The
      // insert below still refuses a name taken meanwhile.
      if (await users.findUserByUsername(ctx.db, body.username)) throw conflict(422, messages.usernameTaken);
      const passwordHash = await hashPassword(body.password, ctx.config.passwordHash, signal);
      return withConnection(ctx.db, async (db) => {
        let created: UserRow;
        try {
          created = await inTransaction(db, async (trx) => {
            const now = ctx.now();
            const user = await users.insertUser(trx, { ...body, bio: body.bio ?? '', passwordHash, now });
            const community = await users.findUserByUsername(trx, COMMUNITY_USERNAME);
            if (community && community.id !== user.id) await users.insertFollow(trx, user.id, community.id, now);
            return (await users.findUserById(trx, user.id)) ?? user;
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(422, messages.usernameTaken);
          throw error;
        }
        return { createdUser: await usersService.present(created, db), encodedToken: ctx.tokens.issue(created) };
      });
    },

    async login(body: LoginBody, signal?: AbortSignal) {
      const user = await users.findUserByUsername(ctx.db, body.username);
      if (!user) throw notFound(messages.usernameNotRegistered);
      const invalid = () => new AppError(401, 'unauthorized', messages.invalidCredentials);
      if (!(await verifyPassword(body.password, user.password_hash, signal))) throw invalid();
      // The check took a third of a second or more, waiting its turn: the row is read again, so
      // the answer's counts and the token are as of now. A password changed meanwhile was not the
      // one checked, and a token issued with the row read before would already be revoked.
      const current = await users.findUserById(ctx.db, user.id);
      if (!current || current.token_version !== user.token_version) throw invalid();
      return { foundUser: await usersService.present(current), encodedToken: ctx.tokens.issue(current) };
    },

    /** Signs in as the shared guest account, creating it on first use when no demo data was loaded. */
    async guest() {
      let user = await users.findUserByUsername(ctx.db, GUEST_USERNAME);
      if (!user) {
        const passwordHash = await unusablePasswordHash(ctx.config.passwordHash);
        try {
          user = await inTransaction(ctx.db, (trx) =>
            users.insertUser(trx, {
              username: GUEST_USERNAME,
              firstName: 'Guest',
              lastName: 'Baker',
              bio: '',
              passwordHash,
              now: ctx.now(),
            }),
          );
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          user = await users.findUserByUsername(ctx.db, GUEST_USERNAME);
        }
      }
      if (!user) throw notFound(messages.userNotFound);
      return { foundUser: await usersService.present(user), encodedToken: ctx.tokens.issue(user) };
    },
  };
}
