import {
  ASESMEN_MESSAGES,
  akhirSemesterGridSchema,
  akhirSemesterSaveSchema,
  capaianGridSchema,
  capaianSaveSchema,
  JENIS_TEMPLATE,
  lingkupMateriGridSchema,
  lingkupMateriSaveSchema,
  MAX_UPLOAD_BYTES,
  mapelPickerResponseSchema,
  nilaiAkhirGridSchema,
  nilaiAkhirSaveSchema,
  rombelPickerQuerySchema,
  rombelPickerResponseSchema,
  saveResultSchema,
  uploadResultSchema,
} from '@erapor/contract/penilaian/asesmen';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveUpload } from '../../lib/upload';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { getAkhirSemester, saveAkhirSemester } from './akhir-semester';
import { berandaPenilaianRoutes } from './beranda/routes';
import { getCapaian, resetCapaian, saveCapaian } from './capaian';
import { nilaiEkskulRoutes } from './ekskul/routes';
import { getLingkupMateri, saveLingkupMateri } from './lingkup-materi';
import { getNilaiAkhir, saveNilaiAkhir } from './nilai-akhir';
import { mapelPicker, rombelPicker } from './pickers';
import { sikapRoutes } from './sikap/routes';
import { template, upload } from './templates';

const idParams = z.object({ id: z.uuid({ error: ASESMEN_MESSAGES.idInvalid }) });
const jenisParams = idParams.extend({
  jenis: z.enum(JENIS_TEMPLATE, { error: ASESMEN_MESSAGES.jenisInvalid }),
});

/** Asesmen sumatif, nilai akhir and capaian kompetensi of a pembelajaran (API table in the contract). */
export const penilaianRoutes: FastifyPluginAsyncZod = async (app) => {
  // The area's sub-routes, registered before this plugin's own hooks (they inherit none of them).
  await app.register(sikapRoutes);
  await app.register(nilaiEkskulRoutes);
  await app.register(berandaPenilaianRoutes);
  routesFor(app, ['guru', 'wali', 'pilihan']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const read = { 200: z.unknown(), ...errorResponses(400, 401, 403, 404, 422) };
  const write = {
    200: saveResultSchema,
    ...errorResponses(400, 401, 403, 404, 409, 422, 423),
  };

  app.get(
    '/api/penilaian/rombel',
    {
      ...authenticated,
      schema: {
        querystring: rombelPickerQuerySchema,
        response: { 200: rombelPickerResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => rombelPicker(db, actorOf(request), request.query),
  );

  app.get(
    '/api/penilaian/rombel/:id/pembelajaran',
    {
      ...authenticated,
      schema: {
        params: idParams,
        response: { 200: mapelPickerResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => mapelPicker(db, actorOf(request), request.params.id),
  );

  const grid = '/api/penilaian/pembelajaran/:id';

  app.get(
    `${grid}/lingkup-materi`,
    { ...authenticated, schema: { params: idParams, response: { ...read, 200: lingkupMateriGridSchema } } },
    async (request) => getLingkupMateri(db, actorOf(request), request.params.id),
  );
  app.put(
    `${grid}/lingkup-materi`,
    { ...authenticated, schema: { params: idParams, body: lingkupMateriSaveSchema, response: write } },
    async (request) => saveLingkupMateri(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    `${grid}/akhir-semester`,
    { ...authenticated, schema: { params: idParams, response: { ...read, 200: akhirSemesterGridSchema } } },
    async (request) => getAkhirSemester(db, actorOf(request), request.params.id),
  );
  app.put(
    `${grid}/akhir-semester`,
    { ...authenticated, schema: { params: idParams, body: akhirSemesterSaveSchema, response: write } },
    async (request) => saveAkhirSemester(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    `${grid}/nilai-akhir`,
    { ...authenticated, schema: { params: idParams, response: { ...read, 200: nilaiAkhirGridSchema } } },
    async (request) => getNilaiAkhir(db, actorOf(request), request.params.id),
  );
  app.put(
    `${grid}/nilai-akhir`,
    { ...authenticated, schema: { params: idParams, body: nilaiAkhirSaveSchema, response: write } },
    async (request) => saveNilaiAkhir(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    `${grid}/capaian-kompetensi`,
    { ...authenticated, schema: { params: idParams, response: { ...read, 200: capaianGridSchema } } },
    async (request) => getCapaian(db, actorOf(request), request.params.id),
  );
  app.put(
    `${grid}/capaian-kompetensi`,
    { ...authenticated, schema: { params: idParams, body: capaianSaveSchema, response: write } },
    async (request) => saveCapaian(db, actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${grid}/capaian-kompetensi/reset`,
    { ...authenticated, schema: { params: idParams, response: write } },
    async (request) => resetCapaian(db, actorOf(request), request.params.id),
  );

  app.get(
    `${grid}/template/:jenis`,
    {
      ...authenticated,
      schema: {
        params: jenisParams,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { filename, data } = await template(
        db,
        actorOf(request),
        request.params.id,
        request.params.jenis,
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .send(data);
    },
  );

  app.post(
    `${grid}/upload/:jenis`,
    {
      ...authenticated,
      schema: {
        params: jenisParams,
        response: { 200: uploadResultSchema, ...errorResponses(400, 401, 403, 404, 413, 422, 423) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const received = await receiveUpload(request, {
        field: 'file_excel',
        maxBytes: MAX_UPLOAD_BYTES,
        required: ASESMEN_MESSAGES.fileRequired,
        tooLarge: ASESMEN_MESSAGES.fileTooLarge,
      });
      return upload(db, actor, request.params.id, request.params.jenis, received);
    },
  );
};
