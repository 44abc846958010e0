import { MESSAGES } from '@erapor/contract/errors';
import type { RoleName } from '@erapor/contract/roles';
import { semesterOfDate } from '@erapor/contract/semester';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../modules/demo/seed';
import { bearer, describeEngines, json, loginAs } from '../test/engines';
import type { RouteRoles } from './auth';

const active = semesterOfDate(new Date()).semester_id;

/** A value no route's params, query or body accepts where they have rules. */
const BAD = 'x'.repeat(3);

/** The URL with every `:param` (and `*`) filled with a bad value, and a query of bad values. */
function badUrl(url: string): string {
  const path = url.replace(/:[A-Za-z_]+/g, BAD).replace(/\*$/, BAD);
  return `${path}?page=-1&per_page=abc&semester_id=${BAD}&rombongan_belajar_id=${BAD}&id=${BAD}`;
}

function isAuthenticated(onRequest: unknown, authenticate: unknown): boolean {
  return Array.isArray(onRequest) ? onRequest.includes(authenticate) : onRequest === authenticate;
}

/**
 * Decision 042: every API route says who may use it, and a caller outside those roles gets 403
 * whatever the body, query or params — never a 400 that would tell them the fields. Walks Fastify's
 * own list of the registered routes, so a new route is covered the day it is added.
 */
describeEngines('every route: authorization before validation', {}, (t) => {
  const accounts: { email: string; roles: RoleName[]; token: string }[] = [];
  beforeAll(async () => {
    for (const a of DEMO_ACCOUNTS) {
      const login = await loginAs(t().app, a.email, active);
      accounts.push({ email: a.email, roles: login.userData.roles as RoleName[], token: login.accessToken });
    }
  });

  it('every authenticated API route declares its roles (config.roles, a module default or a guard)', () => {
    const { app } = t();
    const undeclared = app.routeAccess
      .filter((r) => isAuthenticated(r.options.onRequest, app.authenticate))
      .filter((r) => r.options.config?.roles === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // Public routes (login, semesters, health) declare none and are reachable without a token.
    expect(app.routeAccess.length).toBeGreaterThan(150);
  });

  it('answers 403 to a bad body, query and params from every role that may not use the route', async () => {
    const { app } = t();
    const wrong: string[] = [];
    let checked = 0;
    for (const route of app.routeAccess) {
      const roles = route.options.config?.roles as RouteRoles | undefined;
      if (roles === undefined || roles === 'any') continue;
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const outsiders = accounts.filter((a) => !a.roles.some((r) => roles.includes(r)));
      for (const who of outsiders) {
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const res = await app.inject({
          method: route.method as 'GET',
          url: badUrl(route.url),
          headers: { ...bearer(who.token), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          // Every other request a broken JSON text: refused before it is even parsed.
          payload: hasBody
            ? checked % 2 === 0
              ? { [BAD]: BAD, nama: 1, rows: BAD }
              : '{"rusak": '
            : undefined,
        });
        checked++;
        if (res.statusCode !== 403 || json(res).message !== MESSAGES.forbidden) {
          wrong.push(
            `${route.method} ${route.url} as ${who.email}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('still validates for a role that may use the route (the check is not a blanket 403)', async () => {
    const admin = accounts.find((a) => a.roles.includes('admin'));
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/referensi/import-referensi',
      headers: bearer(admin?.token ?? ''),
      payload: { dir: 5 },
    });
    expect(res.statusCode).toBe(400);
  });
});
