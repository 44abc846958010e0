import { MESSAGES } from '@erapor/contract/errors';
import { faseOf } from '@erapor/contract/kurikulum/common';
import {
  CP_MESSAGES,
  CP_SEKOLAH_ID_START,
  type CpCreate,
  type CpListQuery,
  type CpRow,
} from '@erapor/contract/kurikulum/cp';
import type { ListResponse } from '@erapor/contract/list';
import { and, eq, gte, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { cpSekolah, tujuanPembelajaran } from '../../db/tables/kurikulum';
import { refCapaianPembelajaran as cp, refMataPelajaran } from '../../db/tables/referensi-ref';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/list';
import { canManageSubject, findPembelajaran, isAdmin, requireReader, taughtSubject } from './access';
import { faseSql, inIds, scopeOf } from './service';

/*
 * Capaian Pembelajaran (Kurikulum Merdeka). As for KD: national rows are shared, the school's
 * on/off switch lives in cp_sekolah, and CPs a school writes carry its sekolah_id (is_dir 0).
 */

export const cpVisible = (actor: Actor): SQL =>
  or(isNull(cp.sekolahId), eq(cp.sekolahId, actor.sekolahId)) as SQL;

export const cpAktif = sql<boolean>`coalesce(${cpSekolah.aktif}, ${cp.aktif} = 1)`;

export const cpSekolahJoin = (actor: Actor) =>
  and(eq(cpSekolah.cpId, cp.cpId), eq(cpSekolah.sekolahId, actor.sekolahId));

const mapelNama = sql<string>`coalesce(${refMataPelajaran.nama}, ${cp.mataPelajaranId}::text)`;

export async function listCp(db: Db, actor: Actor, query: CpListQuery): Promise<ListResponse<CpRow>> {
  requireReader(actor);
  const scope = await scopeOf(db, actor, query);
  const jumlahTp = sql<number>`(select count(*) from ${tujuanPembelajaran} t
    where t.cp_id = ${cp.cpId} and t.sekolah_id = ${actor.sekolahId})`;
  const where = and(
    cpVisible(actor),
    isAdmin(actor) ? undefined : taughtSubject(actor, cp.mataPelajaranId),
    scope.mapelIds ? inIds(cp.mataPelajaranId, scope.mapelIds) : undefined,
    scope.tingkat ? eq(cp.fase, faseSql(scope.tingkat)) : undefined,
  );
  const page = await paginate(
    db,
    {
      query: db
        .select({
          cp_id: cp.cpId,
          mata_pelajaran_id: cp.mataPelajaranId,
          mata_pelajaran: mapelNama,
          fase: cp.fase,
          elemen: cp.elemen,
          deskripsi: cp.deskripsi,
          jumlah_tp: jumlahTp.mapWith(Number),
          aktif: cpAktif.mapWith(Boolean),
          sekolah_id: cp.sekolahId,
        })
        .from(cp)
        .leftJoin(cpSekolah, cpSekolahJoin(actor))
        .leftJoin(refMataPelajaran, eq(refMataPelajaran.mataPelajaranId, cp.mataPelajaranId))
        .$dynamic(),
      where,
      search: [mapelNama, cp.elemen, cp.deskripsi],
      sort: {
        // Within a subject: fase, then the order the CPs were published (or written) in.
        mata_pelajaran: sql`(${mapelNama}, ${cp.fase}, ${cp.cpId})`,
        fase: sql`(${cp.fase}, ${mapelNama}, ${cp.cpId})`,
        elemen: cp.elemen,
        deskripsi: cp.deskripsi,
        jumlah_tp: jumlahTp,
        aktif: cpAktif,
      },
      defaultSort: 'mata_pelajaran',
      key: [cp.cpId],
    },
    query,
  );
  return {
    ...page,
    data: page.data.map(({ sekolah_id, ...r }) => ({
      ...r,
      milik_sekolah: sekolah_id !== null,
      can_edit: true,
    })),
  };
}

export async function setCpStatus(
  db: Db,
  actor: Actor,
  cpId: number,
  aktif: boolean,
): Promise<{ message: string }> {
  requireReader(actor);
  const [row] = await db
    .select({ mataPelajaranId: cp.mataPelajaranId })
    .from(cp)
    .where(and(eq(cp.cpId, cpId), cpVisible(actor)));
  if (!row) throw notFound(CP_MESSAGES.notFound);
  if (!(await canManageSubject(db, actor, row.mataPelajaranId))) throw forbidden(MESSAGES.forbidden);
  await db
    .insert(cpSekolah)
    .values({ sekolahId: actor.sekolahId, cpId, aktif })
    .onConflictDoUpdate({
      target: [cpSekolah.sekolahId, cpSekolah.cpId],
      set: { aktif, updatedAt: sql`now()` },
    });
  return { message: CP_MESSAGES.status(aktif) };
}

/** Serialises the choice of new school CP ids across processes (any constant distinct from the others). */
const CP_ID_LOCK = 73102029;

/**
 * A CP written by the school for the subject of a Merdeka class, in the fase of the class level.
 * Its id is the next free one from CP_SEKOLAH_ID_START (under an advisory lock, so two schools
 * adding at once never pick the same).
 */
export async function createCp(
  db: Db,
  actor: Actor,
  input: CpCreate,
): Promise<{ message: string; cp_id: number }> {
  requireReader(actor);
  const p = await findPembelajaran(db, actor, input.pembelajaran_id);
  if (!isAdmin(actor) && !p.owned) throw forbidden(MESSAGES.forbidden);
  if (p.rombonganBelajarId !== input.rombongan_belajar_id)
    throw fieldError('pembelajaran_id', CP_MESSAGES.rombelMismatch);
  if (p.tingkat !== input.tingkat) throw fieldError('tingkat', CP_MESSAGES.tingkatMismatch);
  if (!p.merdeka) throw fieldError('rombongan_belajar_id', CP_MESSAGES.notMerdeka);
  const fase = faseOf(p.tingkat);
  if (!fase) throw fieldError('tingkat', CP_MESSAGES.tingkatRequired);

  const cpId = await db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: cp.cpId })
      .from(cp)
      .where(
        and(
          cpVisible(actor),
          eq(cp.mataPelajaranId, p.mataPelajaranId),
          eq(cp.fase, fase),
          sql`lower(${cp.elemen}) = lower(${input.elemen})`,
          sql`lower(regexp_replace(trim(${cp.deskripsi}), '\\s+', ' ', 'g')) = lower(${input.deskripsi})`,
        ),
      )
      .limit(1);
    if (same) throw fieldError('deskripsi', CP_MESSAGES.duplicate);
    await tx.execute(sql`select pg_advisory_xact_lock(${CP_ID_LOCK})`);
    const [top] = await tx
      .select({ top: max(cp.cpId) })
      .from(cp)
      .where(gte(cp.cpId, CP_SEKOLAH_ID_START));
    const id = Math.max(CP_SEKOLAH_ID_START, Number(top?.top ?? 0) + 1);
    await tx.insert(cp).values({
      cpId: id,
      mataPelajaranId: p.mataPelajaranId,
      kelas: p.tingkat,
      fase,
      elemen: input.elemen,
      deskripsi: input.deskripsi,
      aktif: 1,
      isDir: 0,
      sekolahId: actor.sekolahId,
    });
    return id;
  });
  return { message: CP_MESSAGES.saved, cp_id: cpId };
}
