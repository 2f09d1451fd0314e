import type { FastifyInstance } from 'fastify';
import { pageQuery } from '../../../shared/schemas/lists.js';
import { editUserBody } from '../../../shared/schemas/users.js';
import { callerOf, type Authenticator } from '../../http/authenticate.js';
import { abortedWhenClientLeaves } from '../../http/client-gone.js';
import { routeAccess } from '../../http/route-access.js';
import { validate } from '../../http/validate.js';
import { checkRef, type UsersService } from './users.service.js';

export interface UsersRouteOptions {
  auth: Authenticator;
  usersService: UsersService;
  rateLimits: boolean;
}

type IdParams = { Params: { userId: string } };
type FollowParams = { Params: { followUserId: string } };

export async function usersRoutes(app: FastifyInstance, { auth, usersService, rateLimits }: UsersRouteOptions) {
  const { publicRoute, protectedRoute, writeRoute } = routeAccess(auth);
  // Edit Profile checks the current password (a deliberately slow hash), so it is limited per
  // client address like sign-in: no guessing a password with a stolen token, no tying up the
  // hashing threads that sign-in needs. It counts as a change of the baker's too.
  const changeRoute = writeRoute('change');
  const editRoute = rateLimits
    ? { ...changeRoute, config: { ...changeRoute.config, rateLimit: { max: 10, timeWindow: '1 minute' } } }
    : changeRoute;

  app.get('/users', publicRoute, async (request) => {
    const { cursor, limit } = validate(pageQuery, request.query);
    return usersService.list(cursor, limit);
  });

  app.get('/users/suggestions', protectedRoute, async (request) => {
    const { cursor, limit } = validate(pageQuery, request.query);
    return usersService.suggestions(callerOf(request), cursor, limit);
  });

  app.get<IdParams>('/users/:userId', publicRoute, async (request) => ({
    user: await usersService.get(request.params.userId),
  }));

  for (const side of ['following', 'followers'] as const) {
    app.get<IdParams>(`/users/:userId/${side}`, publicRoute, async (request) => {
      checkRef(request.params.userId);
      const { cursor, limit } = validate(pageQuery, request.query);
      return usersService.follows(request.params.userId, side, cursor, limit);
    });
  }

  app.post('/users/edit', editRoute, async (request, reply) => {
    const { userData } = validate(editUserBody, request.body);
    return reply.code(201).send(await usersService.edit(callerOf(request), userData, abortedWhenClientLeaves(reply)));
  });

  app.post<FollowParams>('/users/follow/:followUserId', changeRoute, async (request) =>
    usersService.follow(callerOf(request), request.params.followUserId),
  );

  app.post<FollowParams>('/users/unfollow/:followUserId', changeRoute, async (request) =>
    usersService.unfollow(callerOf(request), request.params.followUserId),
  );
}
