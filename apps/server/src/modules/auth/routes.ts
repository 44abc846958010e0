import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  messageResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  semesterListResponseSchema,
} from '@erapor/contract/auth';
import { MESSAGES } from '@erapor/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/responses';
import { resolveActor } from './actor';
import { deviceCookieHeader, readDeviceCookie } from './device-cookie';
import * as auth from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/api/auth/semester',
    { schema: { response: { 200: semesterListResponseSchema, ...errorResponses(500) } } },
    async () => auth.semesterList(ctx),
  );

  app.post(
    '/api/jwt/login',
    {
      schema: {
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request, reply) =>
      auth.login(ctx, request.body, request.ip, {
        cookie: readDeviceCookie(request.headers.cookie),
        remember: (value) => {
          reply.header('set-cookie', deviceCookieHeader(value, request.protocol === 'https'));
        },
      }),
  );

  app.post(
    '/api/jwt/refresh-token',
    {
      schema: {
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => auth.refresh(ctx, request.body.refreshToken),
  );

  app.post(
    '/api/jwt/logout',
    {
      schema: {
        body: logoutRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => {
      let actor = null;
      try {
        actor = await resolveActor(ctx, request);
      } catch {
        // An expired access token may still log out with its refresh token.
      }
      await auth.logout(ctx, actor, request.body.refreshToken);
      return { message: MESSAGES.logoutOk };
    },
  );

  app.post(
    '/api/jwt/register',
    {
      schema: {
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errorResponses(400, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const result = await auth.register(ctx, request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/jwt/forgot-password',
    {
      schema: {
        body: forgotPasswordRequestSchema,
        response: { 200: forgotPasswordResponseSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) =>
      auth.forgotPassword(ctx, request.body, {
        ip: request.ip,
        origin: `${request.protocol}://${request.host}`,
        log: request.log,
      }),
  );

  app.post(
    '/api/jwt/reset-password',
    {
      schema: {
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 413, 415, 422) },
      },
    },
    async (request) => auth.resetPassword(ctx, request.body),
  );
};
