import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the questions feature; registered under /api in app.ts.
const questionsRoutes: FastifyPluginAsyncZod = async () => {};

export default questionsRoutes;
