import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { issuesToDetails, RequestValidationError } from './errors';

/**
 * Validates body, query and params with the route's zod schema. An absent body counts as `{}`,
 * so a request without one gets the same per-field messages as one with empty fields.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input);
    if (!result.success) return { error: new RequestValidationError(issuesToDetails(result.error.issues)) };
    return { value: result.data };
  };
