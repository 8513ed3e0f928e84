import fp from 'fastify-plugin';
import { AccountRepository } from '../auth/repository.ts';
import { RateLimitRepository } from '../auth/rate-limit-repository.ts';
import { AuthService, type RateLimits } from '../auth/service.ts';
import { AccessTokens } from '../auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      accounts: AccountRepository;
      rateLimits: RateLimitRepository;
      tokens: AccessTokens;
      auth: AuthService;
    };
  }
}

export interface ServicesOptions {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  rateLimits: RateLimits;
}

/** Wires repositories and services to the database once; routes reach them through app.services. */
export default fp<ServicesOptions>(
  async (app, opts) => {
    const db = app.database.db;
    const accounts = new AccountRepository(db);
    const rateLimits = new RateLimitRepository(db);
    const tokens = new AccessTokens(opts.jwtSecret, opts.accessTokenTtlSeconds);
    app.decorate('services', {
      accounts,
      rateLimits,
      tokens,
      auth: new AuthService(accounts, rateLimits, tokens, opts.rateLimits),
    });
  },
  { name: 'services', dependencies: ['database'] },
);
