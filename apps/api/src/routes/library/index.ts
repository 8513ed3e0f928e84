import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the library feature; registered under /api in app.ts.
const libraryRoutes: FastifyPluginAsyncZod = async () => {};

export default libraryRoutes;
