import { healthResponseSchema } from '@erapor/contract/auth';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, ...errorResponses(500) } } },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: ctx.databaseKind, version: ctx.config.version };
    },
  );
};
