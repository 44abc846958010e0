import { type ApiError, ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** An expected failure with a message fit for the user. Thrown by services, mapped by the handler. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 422 with one message per field: business validation (unknown semester, e-mail taken...). */
export function fieldError(field: string, message: string, statusCode = 422): AppError {
  return new AppError(statusCode, ERROR_CODES.VALIDATION, message, { [field]: message });
}

export const unauthenticated = (
  code: string = ERROR_CODES.UNAUTHENTICATED,
  message: string = MESSAGES.unauthenticated,
) => new AppError(401, code, message);
export const forbidden = (message: string = MESSAGES.forbidden) =>
  new AppError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message: string = MESSAGES.notFound) =>
  new AppError(404, ERROR_CODES.NOT_FOUND, message);

/** Validation failure of a request part, raised by our validator compiler. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = ERROR_CODES.VALIDATION;
  constructor(readonly details: Record<string, string>) {
    super(MESSAGES.validation);
    this.name = 'RequestValidationError';
  }
}

/** zod issues → `{ field: first message }`; root-level issues go under `_`. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in details)) details[key] = issue.message;
  }
  return details;
}

export function sendError(
  reply: FastifyReply,
  body: ApiError,
  headers?: Record<string, string>,
): FastifyReply {
  if (headers) reply.headers(headers);
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, { statusCode: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, code: ERROR_CODES.BAD_JSON, message: MESSAGES.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, code: ERROR_CODES.BAD_JSON, message: MESSAGES.badJson },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    statusCode: 413,
    code: ERROR_CODES.BODY_TOO_LARGE,
    message: MESSAGES.bodyTooLarge,
  },
  FST_REQ_FILE_TOO_LARGE: {
    statusCode: 413,
    code: ERROR_CODES.BODY_TOO_LARGE,
    message: MESSAGES.bodyTooLarge,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
    message: MESSAGES.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    code: ERROR_CODES.BAD_REQUEST,
    message: MESSAGES.badRequest,
  },
};

function codeForStatus(status: number): string {
  if (status === 401) return ERROR_CODES.UNAUTHENTICATED;
  if (status === 403) return ERROR_CODES.FORBIDDEN;
  if (status === 404) return ERROR_CODES.NOT_FOUND;
  if (status === 409) return ERROR_CODES.CONFLICT;
  if (status === 413) return ERROR_CODES.BODY_TOO_LARGE;
  if (status === 415) return ERROR_CODES.UNSUPPORTED_MEDIA_TYPE;
  if (status === 429) return ERROR_CODES.RATE_LIMITED;
  return ERROR_CODES.BAD_REQUEST;
}

function messageForStatus(status: number): string {
  if (status === 401) return MESSAGES.unauthenticated;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.notFound;
  if (status === 413) return MESSAGES.bodyTooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  return MESSAGES.badRequest;
}

/** One error shape for every failure: `{ statusCode, code, message, details? }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (err: FastifyError | AppError | RequestValidationError | Error, request: FastifyRequest, reply) => {
      if (err instanceof AppError) {
        const body: ApiError = { statusCode: err.statusCode, code: err.code, message: err.message };
        if (err.details) body.details = err.details;
        return sendError(reply, body, err.headers);
      }
      if (err instanceof RequestValidationError) {
        return sendError(reply, {
          statusCode: 400,
          code: ERROR_CODES.VALIDATION,
          message: MESSAGES.validation,
          details: err.details,
        });
      }
      const fe = err as FastifyError;
      const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
      if (known) return sendError(reply, { ...known });
      if (err instanceof SyntaxError && fe.statusCode === 400) {
        return sendError(reply, { statusCode: 400, code: ERROR_CODES.BAD_JSON, message: MESSAGES.badJson });
      }
      const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err }, 'client error');
        return sendError(reply, {
          statusCode: status,
          code: codeForStatus(status),
          message: messageForStatus(status),
        });
      }
      request.log.error({ err }, 'unexpected error');
      return sendError(reply, { statusCode: 500, code: ERROR_CODES.INTERNAL, message: MESSAGES.internal });
    },
  );
}
