import type { ListResponse } from '@erapor/contract/list';
import {
  type OneTimeCredential,
  PASSWORD_PD_SORTS,
  type PasswordPdItem,
  PENGGUNA_MESSAGES,
} from '@erapor/contract/pengguna';
import { and, asc, desc, eq, ilike, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { users } from '../../db/tables/pengguna';
import { anggotaRombel, pdKeluar, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { forbidden, notFound } from '../../lib/errors';
import { waliRombelIds } from '../referensi/rombel/access';
import { likeTerm, loginOf, resetUserPassword, sortColumn } from './admin';
import { generatePdAccount } from './generate';

/**
 * "Password PD" (reference-screens §6.3): pupils' accounts. The administrator sees every active
 * pupil; a wali kelas only the pupils of their own regular class(es) in the semester — checked
 * here on the server, whatever the browser sends.
 */
export type PasswordPdScope = { all: true } | { all: false; rombelIds: string[] };

export async function scopeOf(db: Db, actor: Actor): Promise<PasswordPdScope> {
  if (actor.roles.includes('admin')) return { all: true };
  if (!actor.roles.includes('wali') || !actor.guruId) throw forbidden();
  return { all: false, rombelIds: await waliRombelIds(db, actor) };
}

/**
 * The pupil's regular class in the semester (id and name). Outer columns are written
 * table-qualified: inside a select list Drizzle renders `${column}` bare, which would bind to
 * the sub-select's own table.
 */
function regularClass(semesterId: string) {
  return sql`(select r.rombongan_belajar_id as id, r.nama from ${anggotaRombel} ar
    join ${rombonganBelajar} r on r.rombongan_belajar_id = ar.rombongan_belajar_id
    where ar.peserta_didik_id = ${pesertaDidik}.peserta_didik_id and ar.semester_id = ${semesterId}
      and ar.deleted_at is null and r.deleted_at is null and r.jenis_rombel = 1
    order by r.nama limit 1)`;
}

function inRombels(ids: readonly string[], semesterId: string): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`exists (select 1 from ${anggotaRombel} ar where ar.peserta_didik_id = ${pesertaDidik}.peserta_didik_id
    and ar.semester_id = ${semesterId} and ar.deleted_at is null
    and ar.rombongan_belajar_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
}

export async function rombelOptions(db: Db, actor: Actor): Promise<{ value: string; label: string }[]> {
  const scope = await scopeOf(db, actor);
  const where = [
    eq(rombonganBelajar.sekolahId, actor.sekolahId),
    eq(rombonganBelajar.semesterId, actor.semesterId),
    eq(rombonganBelajar.jenisRombel, 1),
    isNull(rombonganBelajar.deletedAt),
  ];
  if (!scope.all) {
    if (scope.rombelIds.length === 0) return [];
    where.push(or(...scope.rombelIds.map((id) => eq(rombonganBelajar.rombonganBelajarId, id))) as SQL);
  }
  return db
    .select({ value: rombonganBelajar.rombonganBelajarId, label: rombonganBelajar.nama })
    .from(rombonganBelajar)
    .where(and(...where))
    .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.nama));
}

export async function listPasswordPd(
  db: Db,
  actor: Actor,
  query: {
    page: number;
    per_page: number;
    q?: string;
    sort_by?: string;
    sort_dir: 'asc' | 'desc';
    rombongan_belajar_id?: string;
  },
): Promise<ListResponse<PasswordPdItem>> {
  const scope = await scopeOf(db, actor);
  const sortBy = sortColumn(query.sort_by, PASSWORD_PD_SORTS, 'nama');
  const where: SQL[] = [
    eq(pesertaDidik.sekolahId, actor.sekolahId),
    eq(pesertaDidik.active, true),
    notExists(
      db
        .select({ one: sql`1` })
        .from(pdKeluar)
        .where(eq(pdKeluar.pesertaDidikId, pesertaDidik.pesertaDidikId)),
    ),
  ];
  if (!scope.all) where.push(inRombels(scope.rombelIds, actor.semesterId));
  if (query.rombongan_belajar_id) {
    if (!scope.all && !scope.rombelIds.includes(query.rombongan_belajar_id)) throw forbidden();
    where.push(inRombels([query.rombongan_belajar_id], actor.semesterId));
  }
  if (query.q) {
    const term = likeTerm(query.q);
    where.push(or(ilike(pesertaDidik.nama, term), ilike(pesertaDidik.nisn, term)) as SQL);
  }
  const kelas = sql<string | null>`(select c.nama from ${regularClass(actor.semesterId)} c)`;
  const column = { nama: pesertaDidik.nama, nisn: pesertaDidik.nisn, kelas }[sortBy];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        pd: pesertaDidik,
        kelas,
        userId: users.id,
        email: users.email,
        username: users.username,
        mustChange: users.mustChangePassword,
      })
      .from(pesertaDidik)
      .leftJoin(
        users,
        and(eq(users.pesertaDidikId, pesertaDidik.pesertaDidikId), eq(users.sekolahId, actor.sekolahId)),
      )
      .where(and(...where))
      .orderBy(query.sort_dir === 'desc' ? desc(column) : asc(column), asc(pesertaDidik.pesertaDidikId))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: sql<number>`count(*)` })
      .from(pesertaDidik)
      .where(and(...where)),
  ]);
  return {
    data: rows.map((r) => ({
      peserta_didik_id: r.pd.pesertaDidikId,
      user_id: r.userId,
      nama: r.pd.nama,
      nisn: r.pd.nisn,
      jenis_kelamin: r.pd.jenisKelamin,
      tempat_lahir: r.pd.tempatLahir,
      tanggal_lahir: r.pd.tanggalLahir,
      kelas: r.kelas,
      login: r.email ? loginOf({ email: r.email, username: r.username }) : null,
      password_status: r.userId ? (r.mustChange ? 'default' : 'custom') : null,
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    per_page: query.per_page,
  };
}

/**
 * A new one-time password for a pupil (the account is created when the pupil has none yet).
 * Wali kelas: only for a pupil of their own class.
 */
export async function resetPupilPassword(
  db: Db,
  actor: Actor,
  pesertaDidikId: string,
  now: Date,
): Promise<OneTimeCredential> {
  const scope = await scopeOf(db, actor);
  const where: SQL[] = [
    eq(pesertaDidik.pesertaDidikId, pesertaDidikId),
    eq(pesertaDidik.sekolahId, actor.sekolahId),
  ];
  const kelas = sql<string | null>`(select c.nama from ${regularClass(actor.semesterId)} c)`;
  const [pd] = await db
    .select({
      id: pesertaDidik.pesertaDidikId,
      kelas,
      mine: scope.all ? sql<boolean>`true` : inRombels(scope.rombelIds, actor.semesterId),
    })
    .from(pesertaDidik)
    .where(and(...where))
    .limit(1);
  if (!pd) throw notFound(PENGGUNA_MESSAGES.pdNotFound);
  if (!scope.all && !pd.mine) throw forbidden();
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.pesertaDidikId, pd.id), eq(users.sekolahId, actor.sekolahId)))
    .limit(1);
  if (!account) {
    const created = await generatePdAccount(db, actor, pd.id);
    if (!created) throw notFound(PENGGUNA_MESSAGES.pdNotFound);
    return created;
  }
  return resetUserPassword(db, actor, account.id, now, pd.kelas);
}
