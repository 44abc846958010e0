import { apiErrorSchema } from '@erapor/contract/errors';

/** Response schemas of the error statuses a route can answer with (all share the one error shape). */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}
