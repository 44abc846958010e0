import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import type { GeneratePenggunaResponse } from '@erapor/contract/pengguna';
import { semesterOfDate } from '@erapor/contract/semester';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../test/engines';

const active = semesterOfDate(new Date()).semester_id;

/** The only authenticated routes an account on its one-time password may use (logout is public). */
const OPEN_BEFORE_CHANGE = ['GET /api/profile', 'PUT /api/profile/password'];

const NIL = '00000000-0000-4000-8000-000000000000';
const NEW_PASSWORD = 'sandi-pilihan-sendiri-1';

function isAuthenticated(app: FastifyInstance, onRequest: unknown): boolean {
  return Array.isArray(onRequest) ? onRequest.includes(app.authenticate) : onRequest === app.authenticate;
}

/**
 * One request to every authenticated API route (Fastify's own route list, so a new route is
 * covered the day it is added): params filled with a nil id, a broken JSON body where one is
 * sent, so nothing is ever changed. Answers the routes' "METHOD url → status code" lines.
 */
async function walk(app: FastifyInstance, token: string) {
  const answers: { route: string; status: number; code: unknown }[] = [];
  for (const route of app.routeAccess) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    if (!isAuthenticated(app, route.options.onRequest)) continue;
    const hasBody = !['GET', 'DELETE'].includes(route.method);
    const res = await app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:[A-Za-z_]+/g, NIL).replace(/\*$/, NIL),
      headers: { ...bearer(token), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      payload: hasBody ? '{"rusak": ' : undefined,
    });
    const body = res.headers['content-type']?.toString().includes('json') ? json(res) : {};
    answers.push({ route: `${route.method} ${route.url}`, status: res.statusCode, code: body.code });
  }
  return answers;
}

/**
 * Decision 054 (issue #25 item 2): a generated or reset one-time password opens nothing but its
 * own change — every other route answers 403 PASSWORD_CHANGE_REQUIRED — and after the change the
 * account works again. The refresh flow keeps working meanwhile (the web app needs it to reach
 * the change screen).
 */
describeEngines('one-time passwords must be changed first', {}, (t) => {
  const accounts: { kind: string; login: string; password: string }[] = [];

  beforeAll(async () => {
    const { app } = t();
    const admin = await loginAs(app, 'admin@demo.sch.id', active);
    const generated = await app.inject({
      method: 'POST',
      url: '/api/users/generate',
      headers: bearer(admin.accessToken),
      payload: { aksi: 'ptk' },
    });
    const fresh = json<GeneratePenggunaResponse>(generated).credentials[0];
    if (!fresh) throw new Error(`no generated staff account: ${generated.body}`);
    accounts.push({ kind: 'generated', login: fresh.login, password: fresh.password });

    const [wali] = await t().db.query<{ user_id: string }>(
      `select user_id from users where email = 'wali@demo.sch.id'`,
    );
    const reset = await app.inject({
      method: 'POST',
      url: `/api/users/${wali?.user_id}/reset-password`,
      headers: bearer(admin.accessToken),
    });
    const credential = json<{ credential: { login: string; password: string } }>(reset).credential;
    accounts.push({ kind: 'reset', login: credential.login, password: credential.password });
  });

  it('refuses every route but the profile read and the password change, then opens all after it', async () => {
    const { app } = t();
    for (const account of accounts) {
      const login = await loginAs(app, account.login, active, account.password);
      expect(login.userData.must_change_password, account.kind).toBe(true);

      const before = await walk(app, login.accessToken);
      expect(before.length).toBeGreaterThan(150);
      const refused = before.filter(
        (a) => a.status === 403 && a.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED,
      );
      const answered = before.filter((a) => !refused.includes(a)).map((a) => a.route);
      expect(answered.sort(), account.kind).toEqual(OPEN_BEFORE_CHANGE);
      expect(refused.length).toBe(before.length - OPEN_BEFORE_CHANGE.length);

      // The message is the one the web app's screen explains.
      const one = await app.inject({ url: '/api/setting', headers: bearer(login.accessToken) });
      expect(json(one)).toEqual({
        statusCode: 403,
        code: ERROR_CODES.PASSWORD_CHANGE_REQUIRED,
        message: MESSAGES.passwordChangeRequired,
      });

      // The refresh still rotates (the flag is checked per request, not baked into the token).
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/jwt/refresh-token',
        payload: { refreshToken: login.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      const tokens = json<{ accessToken: string; refreshToken: string }>(refreshed);
      const profile = await app.inject({ url: '/api/profile', headers: bearer(tokens.accessToken) });
      expect(profile.statusCode).toBe(200);

      const changed = await app.inject({
        method: 'PUT',
        url: '/api/profile/password',
        headers: bearer(tokens.accessToken),
        payload: {
          current_password: account.password,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);

      // The same session now reaches every route (each answers as it would for anyone).
      const after = await walk(app, tokens.accessToken);
      expect(after.filter((a) => a.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED)).toEqual([]);
      expect(after.filter((a) => a.status >= 500)).toEqual([]);
      const again = await loginAs(app, account.login, active, NEW_PASSWORD);
      expect(again.userData.must_change_password).toBe(false);

      // Logout stays open too (it is public: an expired access token may still log out).
      const out = await app.inject({
        method: 'POST',
        url: '/api/jwt/logout',
        headers: bearer(again.accessToken),
        payload: { refreshToken: again.refreshToken },
      });
      expect(out.statusCode).toBe(200);
    }
  });

  it('a reset while logged in applies at once to the open session; logout still works', async () => {
    const { app } = t();
    const admin = await loginAs(app, 'admin@demo.sch.id', active);
    const waka = await loginAs(app, 'waka@demo.sch.id', active);
    // The administrator resets their own password: their session stays (decision 008) but is
    // now limited to the change, like any one-time password.
    const [me] = await t().db.query<{ user_id: string }>(
      `select user_id from users where email = 'admin@demo.sch.id'`,
    );
    const reset = await app.inject({
      method: 'POST',
      url: `/api/users/${me?.user_id}/reset-password`,
      headers: bearer(admin.accessToken),
    });
    expect(reset.statusCode).toBe(200);
    const list = await app.inject({ url: '/api/users', headers: bearer(admin.accessToken) });
    expect(list.statusCode).toBe(403);
    expect(json(list).code).toBe(ERROR_CODES.PASSWORD_CHANGE_REQUIRED);
    const out = await app.inject({
      method: 'POST',
      url: '/api/jwt/logout',
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    // Nobody else is affected.
    const other = await app.inject({ url: '/api/beranda/guru', headers: bearer(waka.accessToken) });
    expect(other.statusCode).toBe(200);
  });
});
