import { MESSAGES } from '@erapor/contract/errors';
import { semesterOfDate } from '@erapor/contract/semester';
import { afterEach, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, describeEngines, json, loginAs } from '../../test/engines';

const active = semesterOfDate(new Date()).semester_id;
const clock = { offset: 0 };
afterEach(() => {
  clock.offset = 0;
});

describeEngines('refresh tokens and logout', { now: () => new Date(Date.now() + clock.offset) }, (t) => {
  const refresh = (refreshToken: string) =>
    t().app.inject({ method: 'POST', url: '/api/jwt/refresh-token', payload: { refreshToken } });
  const profile = (accessToken: string) =>
    t().app.inject({ url: '/api/profile', headers: bearer(accessToken) });
  const login = () => loginAs(t().app, 'guru@demo.sch.id', active);

  it('rotates: every refresh returns a new pair and keeps the semester of the login', async () => {
    const first = await login();
    const r1 = await refresh(first.refreshToken);
    expect(r1.statusCode, r1.body).toBe(200);
    const second = json<{ accessToken: string; refreshToken: string }>(r1);
    expect(Object.keys(second).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(second.accessToken)).statusCode).toBe(200);
    const r2 = await refresh(second.refreshToken);
    expect(r2.statusCode).toBe(200);
    const stored = await t().db.query<{ token_hash: string; semester_id: string }>(
      'select token_hash, semester_id from refresh_tokens',
    );
    // Only hashes are stored.
    expect(stored.some((r) => r.token_hash === first.refreshToken)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    const payload = JSON.parse(
      Buffer.from(json<{ accessToken: string }>(r2).accessToken.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(payload.sem).toBe(active);
  });

  it('a spent token reused within the grace window gets a sibling (two tabs refreshing at once)', async () => {
    const first = await login();
    const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const ta = json<{ refreshToken: string; accessToken: string }>(a);
    const tb = json<{ refreshToken: string; accessToken: string }>(b);
    expect(ta.refreshToken).not.toBe(tb.refreshToken);
    clock.offset = 5_000; // still inside the 10 s window
    const c = await refresh(first.refreshToken);
    expect(c.statusCode).toBe(200);
    // Every sibling keeps working.
    for (const tok of [ta, tb, json<{ refreshToken: string; accessToken: string }>(c)]) {
      expect((await profile(tok.accessToken)).statusCode).toBe(200);
      expect((await refresh(tok.refreshToken)).statusCode).toBe(200);
    }
  });

  it('a spent token reused after the grace window revokes the whole family', async () => {
    const first = await login();
    const rotated = json<{ accessToken: string; refreshToken: string }>(await refresh(first.refreshToken));
    const sibling = json<{ accessToken: string; refreshToken: string }>(await refresh(first.refreshToken));
    const other = await login(); // another device: its own family, unaffected
    clock.offset = 11_000;
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse)).toEqual({ statusCode: 401, code: 'TOKEN_REUSED', message: MESSAGES.refreshReused });
    for (const tok of [rotated, sibling]) {
      const r = await refresh(tok.refreshToken);
      expect(r.statusCode).toBe(401);
      expect(json(r)).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.refreshInvalid });
      expect((await profile(tok.accessToken)).statusCode).toBe(401);
    }
    expect((await profile(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('unknown, malformed and expired refresh tokens → 401', async () => {
    const unknown = await refresh('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toMatchObject({ message: MESSAGES.refreshInvalid });
    const empty = await refresh('');
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ details: { refreshToken: MESSAGES.refreshInvalid } });
    const missing = await t().app.inject({ method: 'POST', url: '/api/jwt/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(400);
    const first = await login();
    clock.offset = 31 * 86_400_000; // past REFRESH_TOKEN_TTL_DAYS=30
    const expired = await refresh(first.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toEqual({
      statusCode: 401,
      code: 'TOKEN_EXPIRED',
      message: MESSAGES.refreshInvalid,
    });
  });

  it('logout revokes the family: refresh and access tokens stop working, other logins go on', async () => {
    const mine = await login();
    const other = await login();
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/jwt/logout',
      headers: bearer(mine.accessToken),
      payload: { refreshToken: mine.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: MESSAGES.logoutOk });
    expect((await refresh(mine.refreshToken)).statusCode).toBe(401);
    expect((await profile(mine.accessToken)).statusCode).toBe(401);
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('logout with only the refresh token (access token expired) still ends the session', async () => {
    const mine = await login();
    clock.offset = 20 * 60_000;
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/jwt/logout',
      headers: bearer(mine.accessToken),
      payload: { refreshToken: mine.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(mine.refreshToken)).statusCode).toBe(401);
    const nothing = await t().app.inject({ method: 'POST', url: '/api/jwt/logout', payload: {} });
    expect(nothing.statusCode).toBe(401);
  });

  it('the wrong password never issues tokens', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/jwt/login',
      payload: { email: 'guru@demo.sch.id', password: `${DEMO_PASSWORD}x`, semester_id: active },
      remoteAddress: '10.3.3.3',
    });
    expect(res.statusCode).toBe(401);
    expect(json(res)).not.toHaveProperty('accessToken');
  });
});
