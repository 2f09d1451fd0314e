import type { FastifyInstance } from 'fastify';
import { loginBody, signupBody } from '../../../shared/schemas/auth.js';
import type { AppContext } from '../../context.js';
import { abortedWhenClientLeaves } from '../../http/client-gone.js';
import { validate } from '../../http/validate.js';
import type { UsersService } from '../users/users.service.js';
import { createAuthService } from './auth.service.js';

export interface AuthRouteOptions {
  ctx: AppContext;
  usersService: UsersService;
}

/** Sign-up, sign-in and guest sign-in are rate limited per client address. */
export async function authRoutes(app: FastifyInstance, { ctx, usersService }: AuthRouteOptions) {
  const auth = createAuthService(ctx, usersService);
  const limited = (max: number) => (ctx.config.rateLimits ? { rateLimit: { max, timeWindow: '1 minute' } } : {});

  app.post('/auth/signup', { config: { access: 'public', ...limited(10) } }, async (request, reply) => {
    const result = await auth.signup(validate(signupBody, request.body), abortedWhenClientLeaves(reply));
    return reply.code(201).send(result);
  });

  app.post('/auth/login', { config: { access: 'public', ...limited(20) } }, async (request, reply) =>
    auth.login(validate(loginBody, request.body), abortedWhenClientLeaves(reply)),
  );

  app.post('/auth/guest', { config: { access: 'public', ...limited(30) } }, async () => auth.guest());
}
