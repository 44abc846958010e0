import type { Profile } from '@erapor/contract/auth';
import { MESSAGES } from '@erapor/contract/errors';
import { isRoleName, ROLE_NAMES, type RoleName } from '@erapor/contract/roles';
import { and, eq, getTableColumns, like, or, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { roleUser, userPhoto, users } from '../../db/tables/pengguna';
import { fieldError, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** A school operator account: no guru and no peserta didik behind it. It is the administrator. */
export function isOperator(user: Pick<UserRow, 'guruId' | 'pesertaDidikId'>): boolean {
  return !user.guruId && !user.pesertaDidikId;
}

export function photoUrl(user: Pick<UserRow, 'id' | 'photo'>): string | null {
  return user.photo ? `/api/profile/photo/${user.id}?v=${encodeURIComponent(user.photo)}` : null;
}

/** Role names in the catalogue's order, unknown names dropped, no duplicates. */
export function sortRoles(names: readonly string[]): RoleName[] {
  const set = new Set(names.filter(isRoleName));
  return ROLE_NAMES.filter((r) => set.has(r));
}

/**
 * By e-mail or by username (both case-insensitive), with the user's roles in `semesterId` —
 * one query, because it runs on every log-in.
 */
export async function findUserForLogin(
  db: Db,
  identifier: string,
  semesterId = '',
): Promise<(UserRow & { roles: RoleName[] }) | null> {
  const key = normalizeEmail(identifier);
  const rows = await db
    .select({
      ...getTableColumns(users),
      // Table-qualified on purpose: inside a sub-select Drizzle renders bare column names.
      roleList: sql<string | null>`(select string_agg(ru.role, ',') from ${roleUser} ru
        where ru.user_id = ${users}.user_id and ru.semester_id = ${semesterId})`,
    })
    .from(users)
    .where(or(eq(users.email, key), eq(users.username, key)))
    .limit(2);
  // An e-mail match wins over someone else's username that happens to look the same.
  const row = rows.find((u) => u.email === key) ?? rows[0];
  if (!row) return null;
  const { roleList, ...user } = row;
  return { ...user, roles: sortRoles(roleList ? roleList.split(',') : []) };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function getUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export interface GrantRole {
  userId: string;
  sekolahId: string;
  semesterId: string;
  role: RoleName;
  source: 'manual' | 'generated';
}

/** Idempotent. */
export async function grantRoles(db: Db, grants: readonly GrantRole[]): Promise<void> {
  if (grants.length === 0) return;
  await db
    .insert(roleUser)
    .values([...grants])
    .onConflictDoNothing();
}

export interface NewUser {
  sekolahId: string;
  name: string;
  email: string;
  username?: string | null;
  passwordHash: string;
  guruId?: string | null;
  pesertaDidikId?: string | null;
  mustChangePassword?: boolean;
}

export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      ...input,
      email: normalizeEmail(input.email),
      username: input.username ? normalizeEmail(input.username) : null,
    })
    .returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

/** Deletes the account with its roles, photo and tokens (cascade). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Deletes every account whose e-mail ends in `@domain` (internal throw-away accounts only). */
export async function deleteUsersByEmailDomain(db: Db, domain: string): Promise<void> {
  await db.delete(users).where(like(users.email, `%@${domain.replace(/[%_\\]/g, '')}`));
}

export async function recordLogin(db: Db, userId: string, ip: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: at, lastLoginIp: ip.slice(0, 64) })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

// --- Profile (the caller's own account) ---

function toProfile(u: UserRow): Profile {
  return { id: u.id, name: u.name, email: u.email, username: u.username, photo_url: photoUrl(u) };
}

async function mine(db: Db, actor: Actor): Promise<UserRow> {
  const u = await getUser(db, actor.userId);
  if (!u) throw notFound();
  return u;
}

export async function getProfile(db: Db, actor: Actor): Promise<Profile> {
  return toProfile(await mine(db, actor));
}

export async function updateProfile(
  db: Db,
  actor: Actor,
  input: { name: string; email: string },
): Promise<Profile> {
  const email = normalizeEmail(input.email);
  const other = await findUserByEmail(db, email);
  if (other && other.id !== actor.userId) throw fieldError('email', MESSAGES.profileEmailTaken);
  try {
    const [row] = await db
      .update(users)
      .set({ name: input.name.trim(), email, updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId))
      .returning();
    if (!row) throw notFound();
    return toProfile(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('email', MESSAGES.profileEmailTaken);
    throw err;
  }
}

export async function setPhoto(
  db: Db,
  actor: Actor,
  photo: { mimeType: string; data: Buffer },
): Promise<Profile> {
  const version = Date.now().toString(36);
  return db.transaction(async (tx) => {
    await tx
      .insert(userPhoto)
      .values({
        userId: actor.userId,
        sekolahId: actor.sekolahId,
        mimeType: photo.mimeType,
        data: photo.data,
      })
      .onConflictDoUpdate({
        target: userPhoto.userId,
        set: { mimeType: photo.mimeType, data: photo.data, updatedAt: sql`now()` },
      });
    const [row] = await tx
      .update(users)
      .set({ photo: version, updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId))
      .returning();
    if (!row) throw notFound();
    return toProfile(row);
  });
}

/** A photo of a user of the caller's own school. */
export async function getPhoto(
  db: Db,
  actor: Actor,
  userId: string,
): Promise<{ mimeType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ mimeType: userPhoto.mimeType, data: userPhoto.data })
    .from(userPhoto)
    .where(and(eq(userPhoto.userId, userId), eq(userPhoto.sekolahId, actor.sekolahId)))
    .limit(1);
  return row ?? null;
}

export async function changePassword(
  db: Db,
  actor: Actor,
  input: { current_password: string; password: string },
): Promise<void> {
  const u = await mine(db, actor);
  if (!(await verifyPassword(u.passwordHash, input.current_password))) {
    throw fieldError('current_password', MESSAGES.currentPasswordWrong);
  }
  await setPasswordHash(db, u.id, await hashPassword(input.password));
}
