import { extname } from 'node:path';
import { messageResponseSchema } from '@erapor/contract/auth';
import type { CadanganKeadaan } from '@erapor/contract/cadangan';
import {
  berandaAdminResponseSchema,
  LOGO_MAX_BYTES,
  SETTING_MESSAGES,
  settingsResponseSchema,
  statusPenilaianSchema,
  updateSettingsRequestSchema,
} from '@erapor/contract/sekolah';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { fieldError, issuesToDetails, notFound, RequestValidationError } from '../../lib/errors';
import { acceptImage } from '../../lib/image';
import { imageRefusal, imageUpload } from '../../lib/image-upload';
import { actorOf, requireRoles, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { refuseNul } from '../../plugins/validation';
import { berandaAdmin } from './beranda';
import * as settings from './settings';
import { updateRoutes } from './update/routes';

const LOGO_EXT = new Set(['.jpg', '.jpeg', '.png']);

/**
 * The settings form arrives as multipart (`data` = the JSON of the form, optional file `logo`)
 * or as plain JSON without a logo. Everything is read and checked before anything is written.
 */
async function readSettingsRequest(
  request: FastifyRequest,
): Promise<{ body: unknown; logo: settings.LogoUpload | null }> {
  if (!request.isMultipart()) return { body: request.body, logo: null };
  let body: unknown = {};
  let logo: settings.LogoUpload | null = null;
  let logoError: string | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') {
          try {
            body = JSON.parse(String(part.value));
          } catch {
            body = {};
          }
        }
        continue;
      }
      if (part.fieldname !== 'logo') {
        await part.toBuffer().catch(() => {});
        continue;
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          logoError = SETTING_MESSAGES.logoSize;
          continue;
        }
        throw err;
      }
      if (part.file.truncated || data.length > LOGO_MAX_BYTES) logoError = SETTING_MESSAGES.logoSize;
      else if (data.length === 0) logoError = SETTING_MESSAGES.logoNotImage;
      else if (!LOGO_EXT.has(extname(part.filename).toLowerCase())) logoError = SETTING_MESSAGES.logoType;
      else {
        // Decoded and stored re-encoded at print size, never as sent (lib/image.ts, decision 049).
        const image = await acceptImage(data, 'logo');
        if (image.ok) logo = { mimeType: image.image.mimeType, data: image.image.data };
        else logoError = imageRefusal(image);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('logo', SETTING_MESSAGES.logoSize);
    throw fieldError('logo', SETTING_MESSAGES.logoNotImage, 400);
  }
  if (logoError) throw fieldError('logo', logoError);
  return { body, logo };
}

/** What the area needs from a higher one, given when app.ts registers it. */
export interface SekolahRoutesOptions {
  /** The backups' state of a school, shown on the admin's beranda (cadangan/jadwal.ts `keadaan`). */
  cadanganKeadaan: (
    db: Db,
    backupDir: string,
    sekolahId: string,
    npsn: string,
    now: Date,
  ) => Promise<CadanganKeadaan>;
}

export const sekolahRoutes: FastifyPluginAsyncZod<SekolahRoutesOptions> = async (app, options) => {
  // The area's sub-routes, registered before this plugin's own hooks (they inherit none of them).
  await app.register(updateRoutes);
  routesFor(app, 'any');
  const ctx = app.ctx;
  const admin = { onRequest: app.authenticate, preHandler: requireRoles('admin') };

  app.get(
    '/api/setting',
    { ...admin, schema: { response: { 200: settingsResponseSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => settings.getSettingsPage(ctx.db, actorOf(request)),
  );

  app.post(
    '/api/setting',
    {
      ...admin,
      config: imageUpload('logo', 'logo'),
      schema: {
        response: { 200: settingsResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { body, logo } = await readSettingsRequest(request);
      // The multipart `data` field is parsed here, not by Fastify: the same NUL check as every body.
      refuseNul(body);
      const parsed = updateSettingsRequestSchema.safeParse(body ?? {});
      if (!parsed.success) throw new RequestValidationError(issuesToDetails(parsed.error.issues));
      await settings.saveSettings(ctx.db, actor, parsed.data, {
        encryptionKey: ctx.secrets.encryptionKey,
        logo,
      });
      return settings.getSettingsPage(ctx.db, actor);
    },
  );

  app.get(
    '/api/setting/logo/:sekolahId',
    {
      onRequest: app.authenticate,
      schema: {
        params: z.object({ sekolahId: z.uuid() }),
        response: {
          200: z.instanceof(Buffer).describe('image/jpeg or image/png'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Only the caller's own school.
      if (request.params.sekolahId !== actor.sekolahId) throw notFound();
      const logo = await settings.getLogo(ctx.db, actor.sekolahId);
      if (!logo) throw notFound();
      return reply
        .header('content-type', logo.mimeType)
        .header('cache-control', 'private, max-age=86400')
        .send(logo.data);
    },
  );

  app.get(
    '/api/beranda/admin',
    {
      onRequest: app.authenticate,
      preHandler: requireRoles('admin', 'tu'),
      schema: { response: { 200: berandaAdminResponseSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      let dbVersion = '-';
      try {
        const [r] = await sqlRows(ctx.db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
        dbVersion = String(r?.n ?? '-');
      } catch {
        // The migrations table lives elsewhere on some set-ups: the version is informative only.
      }
      const now = ctx.now();
      return berandaAdmin(
        ctx.db,
        actorOf(request),
        {
          name: 'e-Rapor SMK',
          version: ctx.config.version,
          dbVersion,
        },
        (sekolahId, npsn) => options.cadanganKeadaan(ctx.db, ctx.config.backupDir, sekolahId, npsn, now),
        now,
      );
    },
  );

  app.get(
    '/api/status-penilaian',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: statusPenilaianSchema, ...errorResponses(401) } },
    },
    async (request) => ({ status: await settings.getStatusPenilaian(ctx.db, actorOf(request)) }),
  );

  app.put(
    '/api/status-penilaian',
    {
      ...admin,
      schema: {
        body: statusPenilaianSchema,
        response: {
          200: messageResponseSchema.extend(statusPenilaianSchema.shape),
          ...errorResponses(400, 401, 403, 415),
        },
      },
    },
    async (request) => {
      await settings.setStatusPenilaian(ctx.db, actorOf(request), request.body.status);
      return { message: SETTING_MESSAGES.statusPenilaianSaved, status: request.body.status };
    },
  );
};
