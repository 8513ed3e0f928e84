import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER } from '@blok/contract';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: { userId: string; deviceRowId: string } | null;
  }
}

/**
 * Verifies the bearer access token, then checks that its device is still the user's active one.
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
      const claims = await app.services.tokens.verify(token);
      if (!claims) throw new AppError('invalid_token', 'Je sessie is verlopen.');
      const state = await app.services.auth.deviceState(claims.sub, claims.dev);
      if (state.activeDeviceId) reply.header(DEVICE_ID_HEADER, state.activeDeviceId);
      if (state.tokenDeviceRevoked) {
        // Signed out by a newer login elsewhere: the web app shows the automatic-logout notice.
        // Signed out by logging out, a password change or a stolen refresh token: the session ended.
        if (state.revokedReason === null || state.revokedReason === 'replaced') {
          throw new AppError('device_revoked', 'Je bent uitgelogd omdat er op een ander apparaat is ingelogd.');
        }
        throw new AppError('invalid_token', 'Je sessie is beëindigd. Log opnieuw in.');
      }
      request.auth = { userId: claims.sub, deviceRowId: claims.dev };
    });
  },
  { name: 'authenticate', dependencies: ['services'] },
);
