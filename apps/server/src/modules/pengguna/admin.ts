import type { ListResponse } from '@erapor/contract/list';
import {
  type JenisPengguna,
  type OneTimeCredential,
  PENGGUNA_MESSAGES,
  USER_SORTS,
  type UserDetail,
  type UserListItem,
  type UserListQuery,
} from '@erapor/contract/pengguna';
import { MANUAL_ROLES, type RoleName } from '@erapor/contract/roles';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { roleUser, users } from '../../db/tables/pengguna';
import { fieldError, notFound } from '../../lib/errors';
import { getSemester } from '../sekolah/service';
import { hashMany, oneTimePassword } from './one-time';
import { grantRoles, isOperator, sortRoles } from './service';
import { revokeUserSessions } from './sessions';

type UserRow = typeof users.$inferSelect;

export function jenisOf(u: Pick<UserRow, 'guruId' | 'pesertaDidikId'>): JenisPengguna {
  if (u.pesertaDidikId) return 'pd';
  if (u.guruId) return 'ptk';
  return 'operator';
}

/** What to type at log-in: the username when there is one, else the e-mail. */
export function loginOf(u: Pick<UserRow, 'username' | 'email'>): string {
  return u.username ?? u.email;
}

/** `%term%` for ILIKE with the user's wildcards taken literally. */
export function likeTerm(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function sortColumn<T extends string>(
  sortBy: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (sortBy === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(sortBy)) {
    throw fieldError('sort_by', `Kolom pengurutan tidak dikenal: ${sortBy}`, 400);
  }
  return sortBy as T;
}

const rolesOfUser = (semesterId: string) =>
  sql<string | null>`(select string_agg(ru.role, ',') from ${roleUser} ru
    where ru.user_id = ${users}.user_id and ru.semester_id = ${semesterId})`;

function toItem(row: UserRow & { roleList: string | null }): UserListItem {
  return {
    user_id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    jenis: jenisOf(row),
    roles: sortRoles(row.roleList ? row.roleList.split(',') : []),
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    password_status: row.mustChangePassword ? 'default' : 'custom',
  };
}

/** Users of the caller's school with their roles in the caller's semester; SQL search/sort/paging. */
export async function listUsers(
  db: Db,
  actor: Actor,
  query: UserListQuery,
): Promise<ListResponse<UserListItem>> {
  const sortBy = sortColumn(query.sort_by, USER_SORTS, 'name');
  const where: SQL[] = [eq(users.sekolahId, actor.sekolahId)];
  if (query.q) {
    const term = likeTerm(query.q);
    const match = or(ilike(users.name, term), ilike(users.email, term), ilike(users.username, term));
    if (match) where.push(match);
  }
  if (query.role) {
    where.push(sql`exists (select 1 from ${roleUser} ru where ru.user_id = ${users.id}
      and ru.semester_id = ${actor.semesterId} and ru.role = ${query.role})`);
  }
  const column = { name: users.name, email: users.email, last_login_at: users.lastLoginAt }[sortBy];
  const order = query.sort_dir === 'desc' ? desc(column) : asc(column);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, roleList: rolesOfUser(actor.semesterId) })
      .from(users)
      .where(and(...where))
      .orderBy(order, asc(users.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(and(...where)),
  ]);
  return {
    data: rows.map((r) => toItem({ ...r.user, roleList: r.roleList })),
    total: Number(total?.n ?? 0),
    page: query.page,
    per_page: query.per_page,
  };
}

async function userOfSchool(db: Db, actor: Actor, userId: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.sekolahId, actor.sekolahId)))
    .limit(1);
  if (!row) throw notFound(PENGGUNA_MESSAGES.userNotFound);
  return row;
}

export async function getUserDetail(db: Db, actor: Actor, userId: string): Promise<UserDetail> {
  const u = await userOfSchool(db, actor, userId);
  const roleRows = await db
    .select({ role: roleUser.role })
    .from(roleUser)
    .where(and(eq(roleUser.userId, u.id), eq(roleUser.semesterId, actor.semesterId)));
  const roles = sortRoles(roleRows.map((r) => r.role));
  const semester = await getSemester(db, actor.semesterId);
  return {
    ...toItem({ ...u, roleList: roles.join(',') }),
    semester_nama: semester?.nama ?? actor.semesterId,
    role_details: roles.map((role) => ({ role, removable: MANUAL_ROLES.includes(role) })),
    addable_roles: u.guruId ? MANUAL_ROLES.filter((r) => !roles.includes(r)) : [],
  };
}

export async function addManualRole(
  db: Db,
  actor: Actor,
  userId: string,
  role: RoleName,
): Promise<UserDetail> {
  if (!MANUAL_ROLES.includes(role)) throw fieldError('role', PENGGUNA_MESSAGES.manualRoleOnly);
  const u = await userOfSchool(db, actor, userId);
  if (!u.guruId) throw fieldError('role', PENGGUNA_MESSAGES.manualRoleStaffOnly);
  await grantRoles(db, [
    { userId: u.id, sekolahId: actor.sekolahId, semesterId: actor.semesterId, role, source: 'manual' },
  ]);
  return getUserDetail(db, actor, userId);
}

export async function removeManualRole(
  db: Db,
  actor: Actor,
  userId: string,
  role: RoleName,
): Promise<UserDetail> {
  if (!MANUAL_ROLES.includes(role)) throw fieldError('role', PENGGUNA_MESSAGES.manualRoleOnly);
  const u = await userOfSchool(db, actor, userId);
  await db
    .delete(roleUser)
    .where(
      and(eq(roleUser.userId, u.id), eq(roleUser.semesterId, actor.semesterId), eq(roleUser.role, role)),
    );
  return getUserDetail(db, actor, userId);
}

/**
 * A new random one-time password for an account: stored only as its argon2id hash, returned
 * once, to be changed at the next log-in; every open session of that account ends.
 */
export async function resetUserPassword(
  db: Db,
  actor: Actor,
  userId: string,
  now: Date,
  kelas: string | null = null,
): Promise<OneTimeCredential> {
  const u = await userOfSchool(db, actor, userId);
  const password = oneTimePassword();
  const [hash] = await hashMany([password], 1);
  await db
    .update(users)
    .set({ passwordHash: hash as string, mustChangePassword: true, updatedAt: sql`now()` })
    .where(eq(users.id, u.id));
  // The administrator resetting their own password stays logged in here.
  await revokeUserSessions(db, u.id, now, u.id === actor.userId ? actor.familyId : undefined);
  return { user_id: u.id, name: u.name, login: loginOf(u), password, kelas };
}

export { isOperator };
