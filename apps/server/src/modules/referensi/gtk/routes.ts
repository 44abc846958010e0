import { messageResponseSchema } from '@erapor/contract/auth';
import { listQuerySchema, listResponseSchema } from '@erapor/contract/list';
import {
  GTK_MESSAGES,
  gtkDetailSchema,
  gtkInputSchema,
  gtkKindSchema,
  gtkOptionsSchema,
  gtkRowSchema,
  importPreviewSchema,
  importSavedSchema,
  localGtkKindSchema,
  MAX_IMPORT_BYTES,
  saveImportSchema,
  updateGelarSchema,
} from '@erapor/contract/referensi/gtk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveUpload } from '../../../lib/upload';
import { actorOf, requireResource } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import * as gtk from './service';

const guruParams = z.object({ guruId: z.uuid({ error: 'ID PTK tidak valid' }) });
const kindParams = z.object({ jenis: gtkKindSchema });
const localKindParams = z.object({ jenis: localGtkKindSchema });

/**
 * GTK (reference-screens §6.1): lists of guru, tendik, instruktur and asesor; titles; the
 * school's own instruktur and asesor (add, edit, delete, Excel import). Administrator only
 * (the routes' resource in the contract).
 */
export const gtkRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const guard = { onRequest: app.authenticate, preHandler: requireResource('Administrator') };

  app.get(
    '/api/gtk/options',
    { ...guard, schema: { response: { 200: gtkOptionsSchema, ...errorResponses(401, 403) } } },
    async (request) => gtk.gtkOptions(ctx.db, actorOf(request)),
  );

  app.get(
    '/api/gtk/:jenis',
    {
      ...guard,
      schema: {
        params: kindParams,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(gtkRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => gtk.listGtk(ctx.db, actorOf(request), request.params.jenis, request.query),
  );

  app.post(
    '/api/gtk/:jenis',
    {
      ...guard,
      schema: {
        params: localKindParams,
        body: gtkInputSchema,
        response: {
          200: messageResponseSchema.extend({ guru_id: z.string() }),
          ...errorResponses(400, 401, 403, 422),
        },
      },
    },
    async (request) => {
      const kind = request.params.jenis;
      const guruId = await gtk.createGtk(ctx.db, actorOf(request), kind, request.body);
      return { message: GTK_MESSAGES.saved(kind), guru_id: guruId };
    },
  );

  app.get(
    '/api/gtk/ptk/:guruId',
    {
      ...guard,
      schema: {
        params: guruParams,
        response: { 200: gtkDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => gtk.getGtk(ctx.db, actorOf(request), request.params.guruId),
  );

  app.put(
    '/api/gtk/ptk/:guruId',
    {
      ...guard,
      schema: {
        params: guruParams,
        body: gtkInputSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await gtk.updateGtk(ctx.db, actorOf(request), request.params.guruId, request.body);
      return { message: GTK_MESSAGES.updated };
    },
  );

  app.put(
    '/api/gtk/ptk/:guruId/gelar',
    {
      ...guard,
      schema: {
        params: guruParams,
        body: updateGelarSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await gtk.updateGelar(ctx.db, actorOf(request), request.params.guruId, request.body);
      return { message: GTK_MESSAGES.updated };
    },
  );

  app.delete(
    '/api/gtk/ptk/:guruId',
    {
      ...guard,
      schema: {
        params: guruParams,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const kind = await gtk.deleteGtk(ctx.db, actorOf(request), request.params.guruId, ctx.now());
      return { message: GTK_MESSAGES.deleted(kind) };
    },
  );

  app.get(
    '/api/gtk/:jenis/template',
    {
      ...guard,
      schema: {
        params: localKindParams,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const kind = request.params.jenis;
      const data = await gtk.template(ctx.db, actorOf(request), kind);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="format_excel_${kind}.xlsx"`)
        .send(data);
    },
  );

  app.post(
    '/api/gtk/:jenis/import/preview',
    {
      ...guard,
      schema: {
        params: localKindParams,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const upload = await receiveUpload(request, {
        field: 'file_excel',
        maxBytes: MAX_IMPORT_BYTES,
        required: GTK_MESSAGES.fileRequired,
        tooLarge: GTK_MESSAGES.fileTooLarge,
      });
      return gtk.previewImport(ctx.db, actor, request.params.jenis, upload);
    },
  );

  app.post(
    '/api/gtk/:jenis/import',
    {
      ...guard,
      schema: {
        params: localKindParams,
        body: saveImportSchema,
        response: { 200: importSavedSchema, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request) => {
      const kind = request.params.jenis;
      const saved = await gtk.saveImport(ctx.db, actorOf(request), kind, request.body.rows);
      return { message: GTK_MESSAGES.saved(kind), saved };
    },
  );
};
