import {
  SKL_ROLES,
  sklParamsSchema,
  sklTemplateResponseSchema,
  sklTemplateSaveSchema,
} from '@erapor/contract/cetak/skl';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { sendPdf } from '../documents';
import { getSklTemplate, pratinjauSkl, resetSklTemplate, saveSklTemplate, sklPdf } from './service';

/*
 * Surat Keterangan Lulus (issue #15 item 4; docs/decisions/047-surat-keterangan-lulus.md): the
 * letter of one pupil (wali of the class, Waka, admin) and its template in Pengaturan (admin).
 * Roles are declared per route and checked before validation (decision 042).
 */

const messageSchema = z.object({ message: z.string() });
const pdfSchema = z.instanceof(Buffer).describe('application/pdf');

export const cetakSklRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin']);
  const { db, config } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

  app.get(
    '/api/cetak/skl/:anggota_rombel_id',
    {
      ...authenticated,
      config: { roles: [...SKL_ROLES] },
      schema: {
        params: sklParamsSchema,
        response: { 200: pdfSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { pdf, doc } = await sklPdf(
        db,
        actorOf(request),
        request.params.anggota_rombel_id,
        config.version,
      );
      return sendPdf(reply, 'skl', { doc }, pdf);
    },
  );

  app.get(
    '/api/setting/skl',
    {
      ...authenticated,
      schema: { response: { 200: sklTemplateResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => getSklTemplate(db, actorOf(request)),
  );

  app.put(
    '/api/setting/skl',
    {
      ...authenticated,
      schema: { body: sklTemplateSaveSchema, response: { 200: messageSchema, ...writeErrors } },
    },
    async (request) => saveSklTemplate(db, actorOf(request), request.body),
  );

  app.delete(
    '/api/setting/skl',
    { ...authenticated, schema: { response: { 200: messageSchema, ...writeErrors } } },
    async (request) => resetSklTemplate(db, actorOf(request)),
  );

  /** "Pratinjau": a sample pupil's letter with the form as sent (saved or not). */
  app.post(
    '/api/setting/skl/pratinjau',
    {
      ...authenticated,
      schema: { body: sklTemplateSaveSchema, response: { 200: pdfSchema, ...writeErrors } },
    },
    async (request, reply) => {
      const pdf = await pratinjauSkl(db, actorOf(request), request.body, config.version);
      return sendPdf(reply, 'skl', { pratinjau: true }, pdf);
    },
  );
};
