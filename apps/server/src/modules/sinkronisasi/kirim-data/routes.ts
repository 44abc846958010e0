import {
  kirimDataOverviewSchema,
  kirimDataResultSchema,
  kirimDataSettingsSchema,
} from '@erapor/contract/sinkronisasi-kirim';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireResource } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { getOverview, kirimData, saveSettings } from './service';

/**
 * Kirim Data e-Rapor (reference-screens §4.3, reference-dapodik §4.1): rows changed since the last
 * confirmed send per table, the central server's address, and the send. Administrator only.
 */
export const kirimDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const guard = { onRequest: app.authenticate, preHandler: requireResource('Administrator') };
  const base = '/api/sinkronisasi/kirim-data';

  app.get(
    base,
    { ...guard, schema: { response: { 200: kirimDataOverviewSchema, ...errorResponses(401, 403, 500) } } },
    async (request) => getOverview(ctx.db, actorOf(request)),
  );

  app.put(
    `${base}/pengaturan`,
    {
      ...guard,
      schema: {
        body: kirimDataSettingsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 415, 422) },
      },
    },
    async (request) => saveSettings(ctx.db, actorOf(request), request.body),
  );

  app.post(
    base,
    {
      ...guard,
      schema: { response: { 200: kirimDataResultSchema, ...errorResponses(401, 403, 409, 422, 500) } },
    },
    async (request) => kirimData(ctx.db, actorOf(request)),
  );
};
