import { MESSAGES } from '@erapor/contract/errors';
import { kelasOfFlags, kurikulumKdOf, normalizeText } from '@erapor/contract/kurikulum/common';
import {
  KD_MESSAGES,
  type KdAlias,
  type KdCreate,
  type KdListQuery,
  type KdRow,
} from '@erapor/contract/kurikulum/kd';
import type { ListResponse } from '@erapor/contract/list';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { kdSekolah, tujuanPembelajaran } from '../../db/tables/kurikulum';
import { refKompetensiDasar as kd, refMataPelajaran } from '../../db/tables/referensi-ref';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/list';
import { canManageSubject, findPembelajaran, isAdmin, requireReader, taughtSubject } from './access';
import { inIds, kdForTingkat, scopeOf } from './service';

/*
 * Kompetensi Dasar (K13). National rows (sekolah_id null) are shared by every school of the
 * installation; a school's own rows carry its sekolah_id. A school's alias and on/off switch —
 * for either kind — live in kd_sekolah, so one school never changes what another one sees.
 */

/** A KD this school may see: national or its own, not retired. */
export const kdVisible = (actor: Actor): SQL =>
  and(or(isNull(kd.sekolahId), eq(kd.sekolahId, actor.sekolahId)), isNull(kd.deletedAt)) as SQL;

/** Active for this school: its switch, else the published flag. */
export const kdAktif = sql<boolean>`coalesce(${kdSekolah.aktif}, ${kd.aktif} = 1)`;

export const kdSekolahJoin = (actor: Actor) =>
  and(eq(kdSekolah.kompetensiDasarId, kd.kompetensiDasarId), eq(kdSekolah.sekolahId, actor.sekolahId));

const mapelNama = sql<string>`coalesce(${refMataPelajaran.nama}, ${kd.mataPelajaranId}::text)`;

export async function listKd(db: Db, actor: Actor, query: KdListQuery): Promise<ListResponse<KdRow>> {
  requireReader(actor);
  const scope = await scopeOf(db, actor, query);
  const admin = isAdmin(actor);
  const where = and(
    kdVisible(actor),
    admin ? undefined : taughtSubject(actor, kd.mataPelajaranId),
    scope.mapelIds ? inIds(kd.mataPelajaranId, scope.mapelIds) : undefined,
    scope.tingkat ? kdForTingkat(scope.tingkat) : undefined,
  );
  const teks = sql`coalesce(${kdSekolah.kompetensiDasarAlias}, ${kd.kompetensiDasar})`;
  const query_ = db
    .select({
      kompetensi_dasar_id: kd.kompetensiDasarId,
      mata_pelajaran_id: kd.mataPelajaranId,
      mata_pelajaran: mapelNama,
      id_kompetensi: kd.idKompetensi,
      kompetensi_id: kd.kompetensiId,
      kelas_10: kd.kelas10,
      kelas_11: kd.kelas11,
      kelas_12: kd.kelas12,
      kelas_13: kd.kelas13,
      kompetensi_dasar: kd.kompetensiDasar,
      kompetensi_dasar_alias: kdSekolah.kompetensiDasarAlias,
      kurikulum: kd.kurikulum,
      aktif: kdAktif.mapWith(Boolean),
      sekolah_id: kd.sekolahId,
    })
    .from(kd)
    .leftJoin(kdSekolah, kdSekolahJoin(actor))
    .leftJoin(refMataPelajaran, eq(refMataPelajaran.mataPelajaranId, kd.mataPelajaranId))
    .$dynamic();
  const page = await paginate(
    db,
    {
      query: query_,
      where,
      search: [mapelNama, kd.idKompetensi, kd.kompetensiDasar, kdSekolah.kompetensiDasarAlias],
      sort: {
        // Within a subject: pengetahuan before keterampilan, then by code.
        mata_pelajaran: sql`(${mapelNama}, ${kd.kompetensiId}, ${kd.idKompetensi})`,
        id_kompetensi: sql`(${kd.idKompetensi}, ${mapelNama})`,
        kompetensi_dasar: teks,
        kurikulum: kd.kurikulum,
        aktif: kdAktif,
      },
      defaultSort: 'mata_pelajaran',
      key: [kd.kompetensiDasarId],
    },
    query,
  );
  return {
    ...page,
    data: page.data.map(({ kelas_10, kelas_11, kelas_12, kelas_13, sekolah_id, ...r }) => ({
      ...r,
      kelas: kelasOfFlags({ kelas_10, kelas_11, kelas_12, kelas_13 }),
      milik_sekolah: sekolah_id !== null,
      // Teachers see only the subjects they teach, which they may manage.
      can_edit: true,
    })),
  };
}

interface KdRecord {
  id: string;
  mataPelajaranId: number;
  mapel: string;
}

/** A KD the caller may manage (alias, status): 404 when the school cannot see it, 403 when not their subject. */
async function manageableKd(db: Db, actor: Actor, id: string): Promise<KdRecord> {
  requireReader(actor);
  const [row] = await db
    .select({ id: kd.kompetensiDasarId, mataPelajaranId: kd.mataPelajaranId, mapel: mapelNama })
    .from(kd)
    .leftJoin(refMataPelajaran, eq(refMataPelajaran.mataPelajaranId, kd.mataPelajaranId))
    .where(and(eq(kd.kompetensiDasarId, id), kdVisible(actor)));
  if (!row) throw notFound(KD_MESSAGES.notFound);
  if (!(await canManageSubject(db, actor, row.mataPelajaranId))) throw forbidden(MESSAGES.forbidden);
  return row;
}

async function upsertKdSekolah(
  db: Db,
  actor: Actor,
  id: string,
  set: { aktif?: boolean; kompetensiDasarAlias?: string | null },
): Promise<void> {
  await db
    .insert(kdSekolah)
    .values({ sekolahId: actor.sekolahId, kompetensiDasarId: id, ...set })
    .onConflictDoUpdate({
      target: [kdSekolah.sekolahId, kdSekolah.kompetensiDasarId],
      set: { ...set, updatedAt: sql`now()` },
    });
}

export async function setKdStatus(
  db: Db,
  actor: Actor,
  id: string,
  aktif: boolean,
): Promise<{ message: string }> {
  await manageableKd(db, actor, id);
  await upsertKdSekolah(db, actor, id, { aktif });
  return { message: KD_MESSAGES.status(aktif) };
}

export async function setKdAlias(
  db: Db,
  actor: Actor,
  id: string,
  input: KdAlias,
): Promise<{ message: string }> {
  await manageableKd(db, actor, id);
  await upsertKdSekolah(db, actor, id, { kompetensiDasarAlias: input.kompetensi_dasar_alias });
  return { message: KD_MESSAGES.aliasSaved };
}

export async function resetKdAlias(db: Db, actor: Actor, id: string): Promise<{ message: string }> {
  await manageableKd(db, actor, id);
  await db
    .update(kdSekolah)
    .set({ kompetensiDasarAlias: null, updatedAt: sql`now()` })
    .where(and(eq(kdSekolah.sekolahId, actor.sekolahId), eq(kdSekolah.kompetensiDasarId, id)));
  return { message: KD_MESSAGES.aliasReset };
}

/**
 * "Hapus Data Ganda": among the active KDs of this KD's subject, those with the same aspect, code,
 * class levels, curriculum and text (ignoring case and spacing) are one KD published twice. One is
 * kept — the one with most TPs of this school, then a national one, then the oldest id — and the
 * others are switched off for this school only (TPs keep pointing at them; nothing is deleted).
 */
export async function hapusKdGanda(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ message: string; jumlah: number }> {
  const target = await manageableKd(db, actor, id);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: kd.kompetensiDasarId,
        kompetensiId: kd.kompetensiId,
        kode: kd.idKompetensi,
        teks: kd.kompetensiDasar,
        kelas: sql<string>`concat_ws(',', ${kd.kelas10}, ${kd.kelas11}, ${kd.kelas12}, ${kd.kelas13})`,
        kurikulum: kd.kurikulum,
        national: sql<boolean>`${kd.sekolahId} is null`.mapWith(Boolean),
        tp: sql<number>`(select count(*) from ${tujuanPembelajaran} t
          where t.kd_id = ${kd.kompetensiDasarId} and t.sekolah_id = ${actor.sekolahId})`.mapWith(Number),
      })
      .from(kd)
      .leftJoin(kdSekolah, kdSekolahJoin(actor))
      .where(and(kdVisible(actor), eq(kd.mataPelajaranId, target.mataPelajaranId), kdAktif));
    const groups = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = JSON.stringify([
        r.kompetensiId,
        r.kode.trim(),
        normalizeText(r.teks).toLowerCase(),
        r.kelas,
        r.kurikulum,
      ]);
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    let jumlah = 0;
    for (const list of groups.values()) {
      if (list.length < 2) continue;
      const [, ...duplicates] = [...list].sort(
        (a, b) => b.tp - a.tp || Number(b.national) - Number(a.national) || a.id.localeCompare(b.id),
      );
      for (const d of duplicates) {
        await upsertKdSekolah(tx, actor, d.id, { aktif: false });
        jumlah++;
      }
    }
    return {
      message: jumlah ? KD_MESSAGES.gandaDone(target.mapel, jumlah) : KD_MESSAGES.gandaNone(target.mapel),
      jumlah,
    };
  });
}

/**
 * A KD written by the school for the subject of a K13 class (its pembelajaran), for that class
 * level. The caller must teach that pembelajaran (or be the administrator).
 */
export async function createKd(
  db: Db,
  actor: Actor,
  input: KdCreate,
): Promise<{ message: string; kompetensi_dasar_id: string }> {
  requireReader(actor);
  const p = await findPembelajaran(db, actor, input.pembelajaran_id);
  if (!isAdmin(actor) && !p.owned) throw forbidden(MESSAGES.forbidden);
  if (p.rombonganBelajarId !== input.rombongan_belajar_id)
    throw fieldError('pembelajaran_id', KD_MESSAGES.rombelMismatch);
  if (p.tingkat !== input.tingkat) throw fieldError('tingkat', KD_MESSAGES.tingkatMismatch);
  if (p.merdeka) throw fieldError('rombongan_belajar_id', KD_MESSAGES.notK13);

  const teks = input.kompetensi_dasar;
  const [same] = await db
    .select({ id: kd.kompetensiDasarId })
    .from(kd)
    .where(
      and(
        kdVisible(actor),
        eq(kd.mataPelajaranId, p.mataPelajaranId),
        eq(kd.kompetensiId, input.kompetensi_id),
        eq(kd.idKompetensi, input.id_kompetensi),
        kdForTingkat(p.tingkat),
        sql`lower(regexp_replace(trim(${kd.kompetensiDasar}), '\\s+', ' ', 'g')) = lower(${teks})`,
      ),
    )
    .limit(1);
  if (same) throw fieldError('kompetensi_dasar', KD_MESSAGES.duplicate);

  const flag = (t: number) => (p.tingkat === t ? 1 : 0);
  const [row] = await db
    .insert(kd)
    .values({
      kompetensiDasarId: crypto.randomUUID(),
      idKompetensi: input.id_kompetensi,
      kompetensiId: input.kompetensi_id,
      mataPelajaranId: p.mataPelajaranId,
      kelas10: flag(10),
      kelas11: flag(11),
      kelas12: flag(12),
      kelas13: flag(13),
      kompetensiDasar: teks,
      userId: actor.userId,
      aktif: 1,
      kurikulum: kurikulumKdOf(p.kurikulum),
      createdAt: sql`now()::timestamp`,
      updatedAt: sql`now()::timestamp`,
      sekolahId: actor.sekolahId,
    })
    .returning({ id: kd.kompetensiDasarId });
  return { message: KD_MESSAGES.saved, kompetensi_dasar_id: row?.id ?? '' };
}
