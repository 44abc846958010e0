import { changelogResponseSchema, updateCheckResponseSchema } from '@erapor/contract/update-check';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireResource } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { readChangelog } from './changelog';
import { createUpdateChecker } from './feed';

/**
 * Daftar Perubahan and Cek Pembaharuan (Administrator; reference-screens §14, decision 035).
 * Both always answer 200 with what there is to show: a missing CHANGELOG.md or an unreachable
 * feed is a message, not an error.
 */
export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const guard = { onRequest: app.authenticate, preHandler: requireResource('Administrator') };
  const check = createUpdateChecker({ now: ctx.now });

  app.get(
    '/api/setting/changelog',
    { ...guard, schema: { response: { 200: changelogResponseSchema, ...errorResponses(401, 403) } } },
    async () => readChangelog(ctx.config.changelogPath, ctx.config.version),
  );

  // The last answer (cached an hour) or a first check.
  app.get(
    '/api/setting/check-update',
    { ...guard, schema: { response: { 200: updateCheckResponseSchema, ...errorResponses(401, 403) } } },
    async () => check(ctx.config.updateFeedUrl, ctx.config.version),
  );

  // "Periksa lagi": asks the feed now.
  app.post(
    '/api/setting/check-update',
    { ...guard, schema: { response: { 200: updateCheckResponseSchema, ...errorResponses(401, 403) } } },
    async () => check(ctx.config.updateFeedUrl, ctx.config.version, true),
  );
};
