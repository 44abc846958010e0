import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import * as pengguna from '../pengguna/service';
import * as sekolahService from '../sekolah/service';

const WARM_UP_ADDRESS = 'warm-up';
const WARM_UP_DOMAIN = 'warm-up.invalid';

/**
 * Runs the log-in path before the server listens: argon2's worker threads, V8's optimised code
 * for the request path and PGlite's caches are cold after a start, and the first burst of log-ins
 * (a staff room right after a restart) would pay for it. A throw-away account logs in a few
 * dozen times through the real route and is deleted again (with its tokens); nothing remains.
 */
export async function warmUpLogin(app: FastifyInstance, rounds = 30): Promise<void> {
  const { db, limits } = app.ctx;
  await pengguna.deleteUsersByEmailDomain(db, WARM_UP_DOMAIN); // left by a run killed while warming up
  const hash = await hashPassword(randomUUID());
  await dummyHash(); // the first unknown account must not pay for making it (decision 054)
  await Promise.all(Array.from({ length: 4 }, () => verifyPassword(hash, 'warm-up')));
  const active = await sekolahService.getActiveSemester(db);
  const sekolahId = await sekolahService.anySekolahId(db);
  if (!active || !sekolahId) return; // empty installation: nobody can log in yet anyway
  const password = randomBytes(18).toString('base64url');
  const email = `warm-up-${randomUUID()}@${WARM_UP_DOMAIN}`;
  const user = await pengguna.createUser(db, {
    sekolahId,
    name: 'warm-up',
    email,
    passwordHash: await hashPassword(password),
    guruId: randomUUID(),
  });
  try {
    for (let i = 0; i < rounds; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/jwt/login',
        payload: { email, password, semester_id: active.semester_id },
        remoteAddress: WARM_UP_ADDRESS,
      });
      if (res.statusCode !== 200) return;
      const { accessToken, refreshToken } = res.json() as { accessToken: string; refreshToken: string };
      await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${accessToken}` } });
      await app.inject({ method: 'POST', url: '/api/jwt/refresh-token', payload: { refreshToken } });
      await app.inject({ url: '/api/auth/semester', remoteAddress: WARM_UP_ADDRESS });
    }
  } finally {
    await pengguna.deleteUser(db, user.id);
    limits.loginAccount.reset(email);
    limits.loginAddress.reset(WARM_UP_ADDRESS);
  }
}
