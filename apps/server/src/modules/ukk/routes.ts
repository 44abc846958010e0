import { extname } from 'node:path';
import { listQuerySchema } from '@erapor/contract/list';
import { nilaiUkkGridSchema, nilaiUkkSaveSchema, penilaianRencanaSchema } from '@erapor/contract/ukk/nilai';
import {
  messageSchema,
  paketCreateSchema,
  paketDetailSchema,
  paketIdParamsSchema,
  paketListSchema,
  paketPilihanSchema,
  paketStatusSchema,
  paketUpdateSchema,
  unitAddSchema,
} from '@erapor/contract/ukk/paket';
import {
  rencanaDeleteQuerySchema,
  rencanaDetailSchema,
  rencanaIdParamsSchema,
  rencanaListSchema,
  rencanaPilihanQuerySchema,
  rencanaPilihanSchema,
  rencanaSaveSchema,
} from '@erapor/contract/ukk/rencana';
import {
  LATAR_MAX_BYTES,
  TEMPLATE_MESSAGES,
  templateResponseSchema,
  templateSaveSchema,
} from '@erapor/contract/ukk/template';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors';
import { cleanUpload, imageUpload } from '../../lib/image-upload';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as nilai from './nilai';
import * as paket from './paket';
import * as rencana from './rencana';
import * as template from './template';

/** UKK (issue #13; docs/decisions/038-ukk.md): Paket UKK. */
const LATAR_EXT = new Set(['.jpg', '.jpeg', '.png']);

/**
 * The background upload, checked before anything is stored: one file `latar` of at most 1 MB, named
 * .jpg/.jpeg/.png, whose header (lib/image.ts, as the school logo and photos) is a JPEG or PNG within
 * the pixel limit. Each refusal is a field message on `latar`.
 */
async function readLatar(request: FastifyRequest): Promise<{ mimeType: string; data: Buffer }> {
  if (!request.isMultipart()) throw fieldError('latar', TEMPLATE_MESSAGES.latarRequired);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: LATAR_MAX_BYTES, files: 1, fields: 0 } });
  } catch {
    throw fieldError('latar', TEMPLATE_MESSAGES.latarRequired);
  }
  if (file?.fieldname !== 'latar') throw fieldError('latar', TEMPLATE_MESSAGES.latarRequired);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('latar', TEMPLATE_MESSAGES.latarSize);
    throw fieldError('latar', TEMPLATE_MESSAGES.latarNotImage, 400);
  }
  if (file.file.truncated || data.length > LATAR_MAX_BYTES)
    throw fieldError('latar', TEMPLATE_MESSAGES.latarSize);
  if (data.length === 0) throw fieldError('latar', TEMPLATE_MESSAGES.latarNotImage);
  if (!LATAR_EXT.has(extname(file.filename).toLowerCase()))
    throw fieldError('latar', TEMPLATE_MESSAGES.latarType);
  // Decoded and stored re-encoded at the certificate's page size (lib/image.ts, decision 049).
  const image = await cleanUpload(data, 'latar', 'latar');
  return { mimeType: image.mimeType, data: image.data };
}

export const ukkRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['kaprog']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const writeErrors = errorResponses(400, 401, 403, 404, 409, 415, 422);

  app.get(
    '/api/ukk/paket',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema,
        response: { 200: paketListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => paket.listPaket(db, actorOf(request), request.query),
  );

  app.get(
    '/api/ukk/paket/pilihan',
    { ...authenticated, schema: { response: { 200: paketPilihanSchema, ...errorResponses(401, 403) } } },
    async (request) => paket.pilihanPaket(db, actorOf(request)),
  );

  app.get(
    '/api/ukk/paket/:paket_ukk_id',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        response: { 200: paketDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => paket.getPaket(db, actorOf(request), request.params.paket_ukk_id),
  );

  app.post(
    '/api/ukk/paket',
    {
      ...authenticated,
      schema: { body: paketCreateSchema, response: { 201: messageSchema, ...writeErrors } },
    },
    async (request, reply) =>
      reply.code(201).send(await paket.createPaket(db, actorOf(request), request.body)),
  );

  app.put(
    '/api/ukk/paket/:paket_ukk_id',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        body: paketUpdateSchema,
        response: { 200: messageSchema, ...writeErrors },
      },
    },
    async (request) => paket.updatePaket(db, actorOf(request), request.params.paket_ukk_id, request.body),
  );

  app.put(
    '/api/ukk/paket/:paket_ukk_id/status',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        body: paketStatusSchema,
        response: { 200: messageSchema, ...writeErrors },
      },
    },
    async (request) =>
      paket.setStatus(db, actorOf(request), request.params.paket_ukk_id, request.body.status),
  );

  app.post(
    '/api/ukk/paket/:paket_ukk_id/unit',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        body: unitAddSchema,
        response: { 201: messageSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await paket.addUnits(db, actorOf(request), request.params.paket_ukk_id, request.body.units)),
  );

  app.delete(
    '/api/ukk/paket/:paket_ukk_id',
    {
      ...authenticated,
      schema: { params: paketIdParamsSchema, response: { 200: messageSchema, ...writeErrors } },
    },
    async (request) => paket.deletePaket(db, actorOf(request), request.params.paket_ukk_id),
  );

  const savedSchema = z.object({ message: z.string(), rencana_ukk_id: z.string() });

  app.get(
    '/api/ukk/rencana',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema,
        response: { 200: rencanaListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => rencana.listRencana(db, actorOf(request), request.query),
  );

  app.get(
    '/api/ukk/rencana/pilihan',
    {
      ...authenticated,
      schema: {
        querystring: rencanaPilihanQuerySchema,
        response: { 200: rencanaPilihanSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => rencana.pilihanRencana(db, actorOf(request), request.query),
  );

  app.get(
    '/api/ukk/rencana/:rencana_ukk_id',
    {
      ...authenticated,
      schema: {
        params: rencanaIdParamsSchema,
        response: { 200: rencanaDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => rencana.getRencana(db, actorOf(request), request.params.rencana_ukk_id),
  );

  app.post(
    '/api/ukk/rencana',
    { ...authenticated, schema: { body: rencanaSaveSchema, response: { 201: savedSchema, ...writeErrors } } },
    async (request, reply) =>
      reply.code(201).send(await rencana.createRencana(db, actorOf(request), request.body)),
  );

  app.put(
    '/api/ukk/rencana/:rencana_ukk_id',
    {
      ...authenticated,
      schema: {
        params: rencanaIdParamsSchema,
        body: rencanaSaveSchema,
        response: { 200: savedSchema, ...writeErrors },
      },
    },
    async (request) =>
      rencana.updateRencana(db, actorOf(request), request.params.rencana_ukk_id, request.body),
  );

  app.delete(
    '/api/ukk/rencana/:rencana_ukk_id',
    {
      ...authenticated,
      schema: {
        params: rencanaIdParamsSchema,
        querystring: rencanaDeleteQuerySchema,
        response: { 200: messageSchema, ...writeErrors },
      },
    },
    async (request) =>
      rencana.deleteRencana(
        db,
        actorOf(request),
        request.params.rencana_ukk_id,
        request.query.konfirmasi_hapus_nilai,
      ),
  );

  app.get(
    '/api/ukk/penilaian/rencana',
    {
      ...authenticated,
      config: { roles: ['internal'] },
      schema: { response: { 200: penilaianRencanaSchema, ...errorResponses(401, 403) } },
    },
    async (request) => nilai.penilaianRencana(db, actorOf(request)),
  );

  app.get(
    '/api/ukk/rencana/:rencana_ukk_id/nilai',
    {
      ...authenticated,
      config: { roles: ['internal'] },
      schema: {
        params: rencanaIdParamsSchema,
        response: { 200: nilaiUkkGridSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => nilai.getNilaiUkk(db, actorOf(request), request.params.rencana_ukk_id),
  );

  app.put(
    '/api/ukk/rencana/:rencana_ukk_id/nilai',
    {
      ...authenticated,
      config: { roles: ['internal'] },
      schema: {
        params: rencanaIdParamsSchema,
        body: nilaiUkkSaveSchema,
        response: {
          200: z.object({ message: z.string(), saved: z.number().int(), deleted: z.number().int() }),
          ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423),
        },
      },
    },
    async (request) => nilai.saveNilaiUkk(db, actorOf(request), request.params.rencana_ukk_id, request.body),
  );

  app.get(
    '/api/ukk/template',
    { ...authenticated, schema: { response: { 200: templateResponseSchema, ...errorResponses(401, 403) } } },
    async (request) => template.getTemplate(db, actorOf(request)),
  );

  // Template Sertifikat: a Kaprog only (the module's roles), checked before the body is read or
  // validated (decision 042).
  const kaprogFirst = { ...authenticated, config: { roles: ['kaprog' as const] } };

  app.put(
    '/api/ukk/template',
    {
      ...kaprogFirst,
      schema: { body: templateSaveSchema, response: { 200: messageSchema, ...writeErrors } },
    },
    async (request) => template.saveTemplate(db, actorOf(request), request.body),
  );

  /** The background image: multipart, file `latar`, JPG/PNG ≤ 1 MB, its header checked. */
  app.put(
    '/api/ukk/template/latar',
    {
      ...kaprogFirst,
      config: { ...kaprogFirst.config, ...imageUpload('latar', 'latar') },
      schema: { response: { 200: messageSchema, ...writeErrors, ...errorResponses(413) } },
    },
    async (request) => template.saveLatar(db, actorOf(request), await readLatar(request)),
  );

  app.delete(
    '/api/ukk/template/latar',
    {
      ...kaprogFirst,
      schema: { response: { 200: messageSchema, ...writeErrors } },
    },
    async (request) => template.removeLatar(db, actorOf(request)),
  );

  app.delete(
    '/api/ukk/template',
    { ...authenticated, schema: { response: { 200: messageSchema, ...writeErrors } } },
    async (request) => template.resetTemplate(db, actorOf(request)),
  );
};
