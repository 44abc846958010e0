import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** The JSON Schema (zod's toJSONSchema, input side) keys the route-walking tests read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  maxLength?: number;
  /** `table.column` from the contract's `forColumn` tag (zod metadata). */
  column?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

export type RequestPart = 'body' | 'query' | 'params';

/** A free-text string field of a request part: where it sits, its limit (none = no `.max`), its column tag. */
export interface StringField {
  path: (string | number)[];
  maxLength: number | undefined;
  column: string | undefined;
}

/** The route's body, querystring and params schemas as JSON Schema (null where it has none). */
export function requestParts(options: RouteOptions): Record<RequestPart, JsonSchema | null> {
  const schema = options.schema as Record<string, unknown> | undefined;
  const toJson = (s: unknown) =>
    s instanceof z.ZodType
      ? (z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      : null;
  return { body: toJson(schema?.body), query: toJson(schema?.querystring), params: toJson(schema?.params) };
}

/**
 * Every free-text string leaf (not an enum or a literal) of a JSON Schema: arrays through their
 * first item, unions through each option. Where options of one path differ, the longest limit
 * decides (a union accepts the longer text).
 */
export function stringFields(schema: JsonSchema, path: (string | number)[] = []): StringField[] {
  const out: StringField[] = [];
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...stringFields(option, path));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && schema.enum === undefined && schema.const === undefined)
    out.push({ path, maxLength: schema.maxLength, column: schema.column });
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    out.push(...stringFields(value, [...path, key]));
  if (schema.items) out.push(...stringFields(schema.items, [...path, 0]));
  for (const [i, item] of (schema.prefixItems ?? []).entries()) out.push(...stringFields(item, [...path, i]));
  const byPath = new Map<string, StringField>();
  for (const f of out) {
    const key = f.path.join('.');
    const seen = byPath.get(key);
    if (!seen || (seen.maxLength !== undefined && (f.maxLength ?? Number.POSITIVE_INFINITY) > seen.maxLength))
      byPath.set(key, { ...f, column: f.column ?? seen?.column });
  }
  return [...byPath.values()];
}
