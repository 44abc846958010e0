import { MESSAGES } from '@erapor/contract/errors';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { issuesToDetails, RequestValidationError } from '../lib/errors';

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

/** A parsed JSON object or a query/params object (those have a null prototype); not a Buffer. */
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * The path (as issuesToDetails names a field: `rows.0.nama`, `_` for the root) of the first
 * string holding U+0000 in a parsed request part — a value or an object key — or null.
 */
export function findNul(value: unknown, path: string[] = []): string | null {
  const name = () => (path.length ? path.join('.') : '_');
  if (typeof value === 'string') return value.includes('\u0000') ? name() : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(value)) return null;
  for (const [key, v] of Object.entries(value)) {
    // The key is named with the NUL shown as `\0`, so the answer itself carries no NUL.
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')].join('.');
    const found = findNul(v, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Throws the field-level 400 when `value` holds a NUL anywhere (see registerTextGuard). */
export function refuseNul(value: unknown): void {
  const field = findNul(value);
  if (field) throw new RequestValidationError({ [field]: MESSAGES.nulCharacter });
}

/**
 * PostgreSQL cannot store U+0000 in text, varchar or jsonb; a NUL that reached a query answered
 * 500. Refused here, once for every route, on what Fastify parsed (JSON body, query string,
 * params): a hook on the root instance runs for every route, with or without a schema, so a new
 * route cannot forget it — unlike a string builder each schema would have to use. It runs after
 * the role check (preParsing, decision 042) and before the schema, so the answer is the same 400
 * shape naming the field. Multipart text fields are read by their handler and go through
 * `refuseNul` there (the settings form's `data`; the upload routes read no text fields).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });
}
