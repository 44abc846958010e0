import { randomUUID } from 'node:crypto';
import { abilitiesForRoles } from '@erapor/contract/abilities';
import type {
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
  Semester,
  SemesterListResponse,
  UserData,
} from '@erapor/contract/auth';
import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import { type RoleName, roleDisplay } from '@erapor/contract/roles';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation, pgConstraint } from '../../db/errors';
import { passwordResets, refreshTokens } from '../../db/tables/auth';
import { roleUser, users } from '../../db/tables/pengguna';
import { AppError, fieldError, forbidden, unauthenticated } from '../../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import * as pengguna from '../pengguna/service';
import { revokeUserSessions } from '../pengguna/sessions';
import * as sekolahService from '../sekolah/service';
import { knownDevice, rememberDevice } from './device-cookie';
import { type AccessClaims, randomToken, sha256, signAccessToken } from './tokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

function rateLimited(seconds: number): AppError {
  return new AppError(429, ERROR_CODES.RATE_LIMITED, MESSAGES.rateLimited(seconds), undefined, {
    'retry-after': String(seconds),
  });
}

function refreshExpiry(ctx: AppContext, now: Date): Date {
  return new Date(now.getTime() + ctx.config.refreshTokenTtlDays * 86_400_000);
}

/** Inserts a new refresh token of `familyId` and signs the matching access token. */
async function issueTokens(
  ctx: AppContext,
  db: Db,
  t: { userId: string; sekolahId: string; semesterId: string; familyId: string; parentId: string | null },
  now: Date,
): Promise<TokenPair> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    familyId: t.familyId,
    parentId: t.parentId,
    userId: t.userId,
    sekolahId: t.sekolahId,
    semesterId: t.semesterId,
    expiresAt: refreshExpiry(ctx, now),
  });
  const claims: AccessClaims = { sub: t.userId, sek: t.sekolahId, sem: t.semesterId, fam: t.familyId };
  const accessToken = await signAccessToken(ctx.secrets.jwtKey, claims, ctx.config.accessTokenTtl, now);
  return { accessToken, refreshToken };
}

async function buildUserData(
  db: Db,
  user: pengguna.UserRow,
  roles: RoleName[],
  semester: Semester,
): Promise<UserData> {
  const sekolah = await sekolahService.getSekolahSummary(db, user.sekolahId);
  if (!sekolah) throw new Error(`user ${user.id} without sekolah`);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    role: roleDisplay(roles),
    roles,
    ability: abilitiesForRoles(roles),
    sekolah,
    semester,
    photo_url: pengguna.photoUrl(user),
    must_change_password: user.mustChangePassword,
  };
}

/**
 * POST /api/jwt/login. Failed attempts are counted per account and per client address; a
 * successful one is never throttled and clears the account's count.
 */
/** The browser's device cookie as sent, and how to give it its new value after a success. */
export interface LoginDevice {
  cookie: string | undefined;
  remember(value: string): void;
}

export async function login(
  ctx: AppContext,
  input: LoginRequest,
  ip: string,
  device?: LoginDevice,
): Promise<LoginResponse> {
  const { db } = ctx;
  const account = pengguna.normalizeEmail(input.email);
  // A browser that has logged in as this account before (a valid signed entry in its device
  // cookie) is counted on its own: failures elsewhere never lock it, and it has its own, higher
  // limit (decision 041). Every other browser shares the account's and the address's limits.
  const nonce = device ? knownDevice(ctx.secrets.jwtKey, device.cookie, account) : null;
  const limiter = nonce ? ctx.limits.loginDevice : ctx.limits.loginAccount;
  const key = nonce ? `${account}\0${nonce}` : account;
  const wait = nonce
    ? limiter.retryAfter(key)
    : Math.max(limiter.retryAfter(key), ctx.limits.loginAddress.retryAfter(ip));
  if (wait > 0) throw rateLimited(wait);
  // The attempt is counted before the password is checked, so a burst of parallel guesses
  // cannot slip past the limit; it is taken back when the attempt does not fail.
  limiter.fail(key);

  const semester = await sekolahService.getSemester(db, input.semester_id);
  if (!semester) {
    limiter.refund(key);
    throw fieldError('semester_id', MESSAGES.semesterUnknown);
  }
  const user = await pengguna.findUserForLogin(db, account, semester.semester_id);

  // An unknown account is checked against a dummy hash and refused with the same answer as a
  // wrong password, so neither the message nor the time tells a stranger which accounts exist
  // (decision 054). Its attempts count towards the same limits as a real account's.
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !matches) {
    if (!nonce) ctx.limits.loginAddress.fail(ip);
    throw new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, MESSAGES.invalidCredentials);
  }
  limiter.reset(key);
  device?.remember(rememberDevice(ctx.secrets.jwtKey, device.cookie, account));

  const now = ctx.now();
  let roles = user.roles;
  if (pengguna.isOperator(user) && !roles.includes('admin')) {
    roles = pengguna.sortRoles([...roles, 'admin']);
    await pengguna.grantRoles(db, [
      {
        userId: user.id,
        sekolahId: user.sekolahId,
        semesterId: semester.semester_id,
        role: 'admin',
        source: 'generated',
      },
    ]);
  }
  const [userData, tokens] = await Promise.all([
    buildUserData(db, user, roles, semester),
    issueTokens(
      ctx,
      db,
      {
        userId: user.id,
        sekolahId: user.sekolahId,
        semesterId: semester.semester_id,
        familyId: randomUUID(),
        parentId: null,
      },
      now,
    ),
    pengguna.recordLogin(db, user.id, ip, now),
  ]);
  return { ...tokens, userData };
}

export async function revokeFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * POST /api/jwt/refresh-token. Rotates: the presented token is spent and a child is issued.
 * A spent token presented again within the grace window gets a sibling (two tabs refreshing at
 * once); later, it is treated as stolen and the whole family is revoked.
 */
export async function refresh(ctx: AppContext, presented: string): Promise<TokenPair> {
  const { db } = ctx;
  const hash = sha256(presented);
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.now();
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
    if (!row || row.revokedAt) throw unauthenticated(ERROR_CODES.UNAUTHENTICATED, MESSAGES.refreshInvalid);
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw unauthenticated(ERROR_CODES.TOKEN_EXPIRED, MESSAGES.refreshInvalid);
    }
    const next = {
      userId: row.userId,
      sekolahId: row.sekolahId,
      semesterId: row.semesterId,
      familyId: row.familyId,
      parentId: row.id,
    };
    if (row.replacedAt) {
      const since = now.getTime() - row.replacedAt.getTime();
      if (since <= ctx.config.refreshReuseGraceSeconds * 1000) return issueTokens(ctx, db, next, now);
      await revokeFamily(db, row.familyId, now);
      throw unauthenticated(ERROR_CODES.TOKEN_REUSED, MESSAGES.refreshReused);
    }
    const pair = await db.transaction(async (tx) => {
      const spent = await tx
        .update(refreshTokens)
        .set({ replacedAt: now })
        .where(
          and(
            eq(refreshTokens.id, row.id),
            isNull(refreshTokens.replacedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) return null; // rotated by a concurrent request: take the grace path
      return issueTokens(ctx, tx, next, now);
    });
    if (pair) return pair;
  }
  throw unauthenticated(ERROR_CODES.UNAUTHENTICATED, MESSAGES.refreshInvalid);
}

/** POST /api/jwt/logout: revokes the caller's family and the family of the given refresh token. */
export async function logout(
  ctx: AppContext,
  actor: Actor | null,
  presented: string | undefined,
): Promise<void> {
  const now = ctx.now();
  let done = false;
  if (actor) {
    await revokeFamily(ctx.db, actor.familyId, now);
    done = true;
  }
  if (presented) {
    const [row] = await ctx.db
      .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);
    if (row && (!actor || row.userId === actor.userId)) {
      await revokeFamily(ctx.db, row.familyId, now);
      done = true;
    }
  }
  if (!done) throw unauthenticated();
}

/**
 * The auth preHandler's one query: the user, their roles in the token's semester, and whether
 * the token's family has been revoked. null when the user no longer exists or the family is revoked.
 */
export async function loadActor(db: Db, claims: AccessClaims): Promise<Actor | null> {
  const [row] = await db
    .select({
      userId: users.id,
      sekolahId: users.sekolahId,
      guruId: users.guruId,
      pesertaDidikId: users.pesertaDidikId,
      mustChangePassword: users.mustChangePassword,
      // Table-qualified on purpose: inside a sub-select Drizzle renders bare column names.
      roles: sql<string | null>`(select string_agg(ru.role, ',') from ${roleUser} ru
        where ru.user_id = ${users}.user_id and ru.semester_id = ${claims.sem})`,
      revoked: sql<boolean>`exists (select 1 from ${refreshTokens} rt
        where rt.family_id = ${claims.fam} and rt.revoked_at is not null)`,
    })
    .from(users)
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row || row.revoked === true || String(row.revoked) === 't') return null;
  if (row.sekolahId !== claims.sek) return null;
  return {
    userId: row.userId,
    sekolahId: row.sekolahId,
    semesterId: claims.sem,
    roles: pengguna.sortRoles(row.roles ? row.roles.split(',') : []),
    guruId: row.guruId,
    pesertaDidikId: row.pesertaDidikId,
    familyId: claims.fam,
    mustChangePassword: row.mustChangePassword,
  };
}

/** GET /api/auth/semester: every generated semester, newest first; the active one preselected. */
export async function semesterList(ctx: AppContext): Promise<SemesterListResponse> {
  const [semester, sekolahCount] = await Promise.all([
    sekolahService.listSemesters(ctx.db),
    sekolahService.countSekolah(ctx.db),
  ]);
  return {
    semester,
    semester_id: semester.find((s) => s.periode_aktif)?.semester_id ?? null,
    allowRegister: ctx.config.registrationOpen || sekolahCount === 0,
    sekolah: sekolahCount,
  };
}

const REGISTER_LOCK_KEY = 7_310_2027;

/**
 * POST /api/jwt/register: the first school of an installation (or another one when
 * REGISTRATION_OPEN=true) with its administrator, who holds `admin` in the active semester.
 */
export async function register(ctx: AppContext, input: RegisterRequest): Promise<{ message: string }> {
  const { db } = ctx;
  const allowed = async (tx: Db) =>
    ctx.config.registrationOpen || (await sekolahService.countSekolah(tx)) === 0;
  if (!(await allowed(db))) throw forbidden(MESSAGES.registerClosed);
  const email = pengguna.normalizeEmail(input.email);
  if (await pengguna.findUserByEmail(db, email)) throw fieldError('email', MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);

  await db
    .transaction(async (tx) => {
      // Two first visitors at once must not both create "the" school.
      await tx.execute(sql`select pg_advisory_xact_lock(${REGISTER_LOCK_KEY})`);
      if (!(await allowed(tx))) throw forbidden(MESSAGES.registerClosed);
      if (await pengguna.findUserByEmail(tx, email)) throw fieldError('email', MESSAGES.emailTaken);
      if (await sekolahService.findSekolahByNpsn(tx, input.npsn))
        throw fieldError('npsn', MESSAGES.npsnTaken);
      const active = await sekolahService.getActiveSemester(tx);
      if (!active) throw new Error('no active semester');
      const sekolah = await sekolahService.createSekolah(tx, {
        npsn: input.npsn,
        nama: `Sekolah ${input.npsn}`,
      });
      const admin = await pengguna.createUser(tx, {
        sekolahId: sekolah.sekolah_id,
        name: 'Administrator',
        email,
        passwordHash,
      });
      await pengguna.grantRoles(tx, [
        {
          userId: admin.id,
          sekolahId: sekolah.sekolah_id,
          semesterId: active.semester_id,
          role: 'admin',
          source: 'manual',
        },
      ]);
    })
    .catch((err: unknown) => {
      // A concurrent registration on another server process won the race.
      if (!isUniqueViolation(err)) throw err;
      const constraint = pgConstraint(err) ?? '';
      throw constraint.includes('npsn')
        ? fieldError('npsn', MESSAGES.npsnTaken)
        : fieldError('email', MESSAGES.emailTaken);
    });
  return { message: MESSAGES.registerOk };
}

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * POST /api/jwt/forgot-password. Never tells whether the address exists: the same answer, at the
 * same speed (the e-mail is sent in the background), for known and unknown addresses.
 */
export async function forgotPassword(
  ctx: AppContext,
  input: { email: string },
  meta: { ip: string; origin: string; log: FastifyBaseLogger },
): Promise<{ mailConfigured: boolean; message: string }> {
  if (!ctx.mailer) return { mailConfigured: false, message: MESSAGES.forgotPasswordNoMail };
  const mailer = ctx.mailer;
  const wait = ctx.limits.forgotAddress.retryAfter(meta.ip);
  if (wait > 0) throw rateLimited(wait);
  ctx.limits.forgotAddress.fail(meta.ip);
  const email = pengguna.normalizeEmail(input.email);
  const answer = { mailConfigured: true, message: MESSAGES.forgotPasswordSent };
  if (ctx.limits.forgotEmail.retryAfter(email) > 0) return answer;
  ctx.limits.forgotEmail.fail(email);

  const user = await pengguna.findUserByEmail(ctx.db, email);
  if (!user) return answer;
  const now = ctx.now();
  const token = randomToken();
  await ctx.db.insert(passwordResets).values({
    tokenHash: sha256(token),
    userId: user.id,
    sekolahId: user.sekolahId,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  const link = `${ctx.config.appUrl ?? meta.origin}/lupa-password?token=${encodeURIComponent(token)}`;
  mailer
    .send({
      to: user.email,
      subject: 'Reset Password e-Rapor SMK',
      text:
        `Halo ${user.name},\n\nKami menerima permintaan untuk mengatur ulang password akun e-Rapor SMK Anda.\n` +
        `Buka tautan berikut dalam 1 jam untuk membuat password baru:\n\n${link}\n\n` +
        'Jika Anda tidak meminta reset password, abaikan email ini; password Anda tidak berubah.\n',
    })
    .catch((err: unknown) => meta.log.error({ err }, 'sending the password reset e-mail failed'));
  return answer;
}

/** POST /api/jwt/reset-password: sets the new password and ends every session of the account. */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordRequest,
): Promise<{ message: string }> {
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  const ok = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!row) return false;
    await pengguna.setPasswordHash(tx, row.userId, passwordHash);
    // Other links of this account die with it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    await revokeUserSessions(tx, row.userId, now);
    return true;
  });
  if (!ok) throw fieldError('token', MESSAGES.resetTokenInvalid);
  return { message: MESSAGES.resetPasswordOk };
}

/** Housekeeping: drops refresh tokens and reset links that expired more than a week ago. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 7 * 86_400_000);
  await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.expiresAt, before), lt(refreshTokens.revokedAt, before)));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, before));
}
