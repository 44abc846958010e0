import { MESSAGES } from '@erapor/contract/errors';
import type { RoleName } from '@erapor/contract/roles';
import { semesterOfDate } from '@erapor/contract/semester';
import { beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { DEMO_ACCOUNTS } from '../modules/demo/seed';
import { bearer, describeEngines, json, loginAs } from '../test/engines';
import { type JsonSchema, requestParts, stringFields } from '../test/request-schemas';
import type { RouteRoles } from './auth';

const active = semesterOfDate(new Date()).semester_id;

/** `value` placed at `path` in an otherwise empty object/array skeleton. */
function placeAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [placeAt(rest, value)];
  return { [head as string]: placeAt(rest, value) };
}

/** A param value that passes the usual param rules (a UUID, a semester, a number), so the body is reached. */
function paramSample(schema: JsonSchema | undefined, name: string): string {
  if (!schema) return '1';
  if (schema.format === 'uuid' || /_id$|^id$/.test(name)) {
    if (name === 'semester_id' || name === 'semesterId') return active;
    if (schema.type === 'string' && schema.format !== 'uuid' && schema.enum === undefined) return '1';
    return '00000000-0000-4000-8000-000000000000';
  }
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  return '1';
}

function urlWith(url: string, params: JsonSchema | null): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    encodeURIComponent(paramSample(params?.properties?.[name], name)),
  );
}

/** count + md5 of every table of the public schema: equal digests = an unchanged database. */
async function digest(db: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await db.query<{ t: string }>(
    `select table_name as t from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const [row] = await db.query<{ n: string | number; h: string | null }>(
      `select count(*) as n, md5(string_agg(x::text, '|' order by x::text)) as h from "${t}" x`,
    );
    out[t] = `${row?.n}:${row?.h}`;
  }
  return out;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Issue #25: no text answers 500. Every write route in Fastify's own route list, called as a role
 * that may use it, gets for each string field of its body, query and params (from the route's zod
 * schema, through JSON Schema) a text one longer than the field's limit and a text holding U+0000:
 * each must be a 4xx naming that field, and the database must not change.
 */
describeEngines('every write route: over-long and NUL text', {}, (t) => {
  const tokens = new Map<string, { roles: RoleName[]; token: string }>();
  beforeAll(async () => {
    for (const a of DEMO_ACCOUNTS) {
      const login = await loginAs(t().app, a.email, active);
      tokens.set(a.email, { roles: login.userData.roles as RoleName[], token: login.accessToken });
    }
  });

  it('answers 4xx naming the field, never 5xx, and changes nothing', { timeout: 240_000 }, async () => {
    const { app, db } = t();
    const before = await digest(db);
    const wrong: string[] = [];
    const counts = { routes: 0, overlong: 0, nul: 0 };
    const started = Date.now();
    for (const route of app.routeAccess) {
      if (!WRITE_METHODS.has(route.method)) continue;
      const roles = route.options.config?.roles as RouteRoles | undefined;
      const who = [...tokens.values()].find(
        (a) => roles === undefined || roles === 'any' || a.roles.some((r) => roles.includes(r)),
      );
      const parts = requestParts(route.options);
      counts.routes++;
      for (const part of ['body', 'query', 'params'] as const) {
        const partSchema = parts[part];
        if (!partSchema) continue;
        for (const field of stringFields(partSchema)) {
          if (field.path.length === 0) continue;
          const name = field.path.join('.');
          const cases: { kind: 'overlong' | 'nul'; value: string }[] = [{ kind: 'nul', value: 'a\u0000b' }];
          if (field.maxLength !== undefined)
            cases.push({ kind: 'overlong', value: 'x'.repeat(field.maxLength + 1) });
          for (const c of cases) {
            counts[c.kind]++;
            const value = placeAt(field.path, c.value) as Record<string, unknown>;
            let url = urlWith(route.url, parts.params);
            if (part === 'params') {
              url = route.url.replace(`:${field.path[0]}`, encodeURIComponent(c.value));
              url = urlWith(url, parts.params);
            }
            if (part === 'query')
              url += `?${new URLSearchParams(value as Record<string, string>).toString()}`;
            const res = await app.inject({
              method: route.method as 'POST',
              url,
              headers: who ? bearer(who.token) : {},
              ...(part === 'body' ? { payload: value } : route.method !== 'DELETE' ? { payload: {} } : {}),
            });
            const body = res.headers['content-type']?.toString().includes('json') ? json(res) : {};
            const details = (body.details ?? {}) as Record<string, string>;
            const named = name in details;
            const nulNamed = c.kind !== 'nul' || details[name] === MESSAGES.nulCharacter;
            if (res.statusCode >= 500 || res.statusCode < 400 || !named || !nulNamed) {
              wrong.push(
                `${route.method} ${route.url} ${part}.${name} (${c.kind}): ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    const after = await digest(db);
    const seconds = (Date.now() - started) / 1000;
    console.info(`text fields [${t().engine}]: ${JSON.stringify(counts)} in ${seconds.toFixed(1)} s`);
    expect(wrong).toEqual([]);
    expect(after).toEqual(before);
    expect(counts.routes).toBeGreaterThan(100);
    expect(counts.overlong).toBeGreaterThan(100);
  });

  it('refuses NUL in the settings form’s multipart `data` and in a read route’s query string', async () => {
    const { app, db } = t();
    const admin = [...tokens.values()].find((a) => a.roles.includes('admin'));
    const before = await digest(db);
    const boundary = '----eraporNul';
    const res = await app.inject({
      method: 'POST',
      url: '/api/setting',
      headers: { ...bearer(admin?.token ?? ''), 'content-type': `multipart/form-data; boundary=${boundary}` },
      // JSON.stringify writes the NUL as \u0000, which JSON.parse turns back into U+0000.
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({
        nama: 'SMK\u0000',
      })}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).details).toEqual({ nama: MESSAGES.nulCharacter });

    // GET routes are not in the walk above; one list route with `q` stands for the query strings.
    const list = app.routeAccess.find(
      (r) => r.method === 'GET' && !r.url.includes(':') && requestParts(r.options).query?.properties?.q,
    );
    const roles = list?.options.config?.roles as RouteRoles | undefined;
    const who = [...tokens.values()].find(
      (a) => roles === undefined || roles === 'any' || a.roles.some((r) => roles.includes(r)),
    );
    const q = await app.inject({
      method: 'GET',
      url: `${list?.url}?q=a%00b`,
      headers: bearer(who?.token ?? ''),
    });
    expect(q.statusCode).toBe(400);
    expect(json(q).details).toEqual({ q: MESSAGES.nulCharacter });
    expect(await digest(db)).toEqual(before);
  });

  it('refuses the texts that fit their schema but not their column before (each answered 500)', async () => {
    const { app, db } = t();
    const as = (role: RoleName) => [...tokens.values()].find((a) => a.roles.includes(role))?.token ?? '';
    const before = await digest(db);
    const cases = [
      // varchar(32); the schema said 200.
      {
        role: 'kaprog',
        method: 'PUT',
        url: '/api/ukk/template',
        field: 'penandatangan_nip',
        payload: { penandatangan_nip: '1'.repeat(33) },
      },
      // varchar(254); the schema had no limit: 247 + 8 = 255 characters, a valid address for z.email.
      {
        role: 'admin',
        method: 'PUT',
        url: '/api/profile',
        field: 'email',
        payload: { name: 'Admin', email: `${'a'.repeat(247)}@demo.id` },
      },
      // varchar(4); the schema said 8 and the row check only looked for digits.
      {
        role: 'admin',
        method: 'POST',
        url: '/api/gtk/instruktur',
        field: 'rt',
        payload: {
          nama: 'Instruktur Uji',
          nik: '3216181708850001',
          jenis_kelamin: 'L',
          tempat_lahir: 'Bekasi',
          tanggal_lahir: '1985-08-17',
          agama_id: 1,
          rt: '12345',
          email: 'instruktur.uji@contoh.id',
        },
      },
    ] as const;
    const answers: string[] = [];
    for (const c of cases) {
      const res = await app.inject({
        method: c.method,
        url: c.url,
        headers: bearer(as(c.role)),
        payload: c.payload,
      });
      const details = res.statusCode === 400 ? json<{ details: object }>(res).details : {};
      answers.push(`${c.url} ${res.statusCode} ${c.field in details ? c.field : '-'}`);
    }
    // Before the fix (checked on PostgreSQL by restoring the old schemas): 500, 500, 500.
    expect(answers).toEqual(cases.map((c) => `${c.url} 400 ${c.field}`));
    expect(await digest(db)).toEqual(before);
  });
});
