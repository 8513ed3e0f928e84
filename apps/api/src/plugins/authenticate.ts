import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER } from '@blok/contract';
import { toBool } from '@blok/db';
import { AppError } from '../errors.ts';
import type { Student } from '../user/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** the signed-in student as the features need her, read with the device check (one query) */
    auth: { userId: string; deviceRowId: string; student: Student } | null;
  }
}

type UserRow = NonNullable<Awaited<ReturnType<FastifyInstance['services']['auth']['requestContext']>>['user']>;

/** The student as the features need her, from her row of the request's one query. */
export function studentOf(user: UserRow): Student {
  return { id: user.id, study: user.study, year: user.year, hasSubscription: toBool(user.has_subscription), firstName: user.first_name };
}

/**
 * An access token's session, checked as every authenticated call checks it: the token, then in one
 * query whether its device is still her active one and her account still exists. The bearer of an
 * API call (below) and her pages' `access_token` cookie (plugins/web.ts, decision 048) both read it.
 */
export async function sessionOf(app: FastifyInstance, token: string) {
  const claims = await app.services.tokens.verify(token);
  if (!claims) return { ok: false as const, problem: 'expired' as const };
  const state = await app.services.auth.requestContext(claims.sub, claims.dev);
  const user = state.user;
  if (!user) return { ok: false as const, problem: 'gone' as const, state };
  if (state.tokenDeviceRevoked) return { ok: false as const, problem: 'revoked' as const, state };
  return { ok: true as const, state, auth: { userId: claims.sub, deviceRowId: claims.dev, student: studentOf(user) } };
}

/**
 * Verifies the bearer access token, then checks that its device is still the user's active one and
 * reads the student, in one query (an account deleted since the token was issued: 401).
 * Every authenticated response carries the header `deviceid` with the active device id, so the
 * web app can sign out when another device has logged in.
 */
export default fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw new AppError('unauthorized', 'Je moet ingelogd zijn.');
      const session = await sessionOf(app, token);
      if (session.problem === 'expired') throw new AppError('invalid_token', 'Je sessie is verlopen.');
      if (session.problem === 'gone') throw new AppError('invalid_token', 'Dit account bestaat niet meer.');
      const { state } = session;
      if (state.activeDeviceId) reply.header(DEVICE_ID_HEADER, state.activeDeviceId);
      if (session.problem === 'revoked') {
        // Signed out by a newer login elsewhere: the web app shows the automatic-logout notice.
        // Signed out by logging out, a password change or a stolen refresh token: the session ended.
        if (state.revokedReason === null || state.revokedReason === 'replaced') {
          throw new AppError('device_revoked', 'Je bent uitgelogd omdat er op een ander apparaat is ingelogd.');
        }
        throw new AppError('invalid_token', 'Je sessie is beëindigd. Log opnieuw in.');
      }
      request.auth = session.auth;
    });
  },
  { name: 'authenticate', dependencies: ['services'] },
);
