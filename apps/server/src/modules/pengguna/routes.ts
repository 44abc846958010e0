import { extname } from 'node:path';
import {
  changePasswordRequestSchema,
  messageResponseSchema,
  PHOTO_MAX_BYTES,
  profileSchema,
  updateProfileRequestSchema,
} from '@erapor/contract/auth';
import { MESSAGES } from '@erapor/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, notFound } from '../../lib/errors';
import { cleanUpload, imageUpload } from '../../lib/image-upload';
import { receiveUpload } from '../../lib/upload';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { penggunaAdminRoutes } from './admin-routes';
import * as pengguna from './service';
import { revokeUserSessions } from './sessions';

const ALLOWED_EXT = new Set(['.jpg', '.jpeg', '.png']);

export const penggunaRoutes: FastifyPluginAsyncZod = async (app) => {
  // The area's sub-routes, registered before this plugin's own hooks (they inherit none of them).
  await app.register(penggunaAdminRoutes);
  routesFor(app, 'any');
  const ctx = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/profile',
    {
      ...authenticated,
      config: { beforePasswordChange: true },
      schema: { response: { 200: profileSchema, ...errorResponses(401, 404) } },
    },
    async (request) => pengguna.getProfile(ctx.db, actorOf(request)),
  );

  app.put(
    '/api/profile',
    {
      ...authenticated,
      schema: {
        body: updateProfileRequestSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => pengguna.updateProfile(ctx.db, actorOf(request), request.body),
  );

  app.post(
    '/api/profile/photo',
    {
      ...authenticated,
      config: imageUpload('photo', 'foto'),
      schema: { response: { 200: profileSchema, ...errorResponses(400, 401, 404, 413, 422) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const upload = await receiveUpload(request, {
        field: 'photo',
        maxBytes: PHOTO_MAX_BYTES,
        required: MESSAGES.photoRequired,
        tooLarge: MESSAGES.photoSize,
        tooLargeStatus: 422,
      });
      const { data, filename } = upload;
      if (!ALLOWED_EXT.has(extname(filename).toLowerCase())) throw fieldError('photo', MESSAGES.photoType);
      // Decoded and stored re-encoded at 3 × 4 cm, 300 dpi (lib/image.ts, decision 049).
      const image = await cleanUpload(data, 'foto', 'photo');
      return pengguna.setPhoto(ctx.db, actor, { mimeType: image.mimeType, data: image.data });
    },
  );

  app.get(
    '/api/profile/photo/:userId',
    {
      ...authenticated,
      schema: {
        params: z.object({ userId: z.uuid() }),
        response: {
          200: z.instanceof(Buffer).describe('image/jpeg or image/png'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const photo = await pengguna.getPhoto(ctx.db, actorOf(request), request.params.userId);
      if (!photo) throw notFound();
      return reply
        .header('content-type', photo.mimeType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(photo.data);
    },
  );

  app.put(
    '/api/profile/password',
    {
      ...authenticated,
      config: { beforePasswordChange: true },
      schema: {
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await pengguna.changePassword(ctx.db, actor, request.body);
      // Other devices must log in again with the new password; this one stays logged in.
      await revokeUserSessions(ctx.db, actor.userId, ctx.now(), actor.familyId);
      return { message: MESSAGES.passwordUpdated };
    },
  );
};
