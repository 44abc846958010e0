import { MESSAGES } from '@erapor/contract/errors';
import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { GURU_JENIS_PTK } from '@erapor/contract/referensi/gtk';
import type { Option } from '@erapor/contract/referensi/peserta-didik';
import {
  ANGGOTA_MESSAGES,
  ANGGOTA_SORT_COLUMNS,
  type AnggotaResponse,
  checkPembelajaranGrid,
  PEMBELAJARAN_MESSAGES,
  type PembelajaranResponse,
  type PembelajaranRow,
  type PembelajaranSave,
  ROMBEL_MANAGE_ROLES,
  ROMBEL_READ_ALL_ROLES,
  ROMBEL_SORT_COLUMNS,
  type RombelFilter,
  type RombelRow,
  type RombelSummary,
} from '@erapor/contract/referensi/rombel';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import {
  anggotaRombel,
  guru,
  jurusanSp,
  pembelajaran,
  pesertaDidik,
  ptkKeluar,
  rombonganBelajar,
} from '../../../db/tables/referensi';
import { refAgama, refKelompok, refKurikulum, refMataPelajaran } from '../../../db/tables/referensi-ref';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { hasAnyRole, likePattern, ownsRombel, requireAnyRole } from './access';

type SortKey = (typeof ROMBEL_SORT_COLUMNS)[number];
const SORTS: Record<SortKey, AnyPgColumn> = {
  nama: rombonganBelajar.nama,
  wali_kelas: guru.nama,
  tingkat: rombonganBelajar.tingkat,
  jurusan: jurusanSp.namaJurusanSp,
  kurikulum: refKurikulum.namaKurikulum,
};

export function sortKeyOf<K extends string>(
  allowed: readonly K[],
  sortBy: string | undefined,
  fallback: K,
): K {
  if (sortBy === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(sortBy)) {
    throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.validation, {
      sort_by: `Kolom pengurutan harus salah satu dari ${allowed.join(', ')}`,
    });
  }
  return sortBy as K;
}

const kurikulumName = sql<
  string | null
>`coalesce(${refKurikulum.namaKurikulum}, ${rombonganBelajar.kurikulumId}::text)`;

/** Regular or elective classes of the semester (Rombel resource: admin, TU, Waka). */
export async function listRombel(
  db: Db,
  actor: Actor,
  query: ListQuery & RombelFilter,
): Promise<ListResponse<RombelRow>> {
  requireAnyRole(actor, ROMBEL_READ_ALL_ROLES);
  const where: (SQL | undefined)[] = [
    eq(rombonganBelajar.sekolahId, actor.sekolahId),
    eq(rombonganBelajar.semesterId, actor.semesterId),
    eq(rombonganBelajar.jenisRombel, query.jenis_rombel),
    isNull(rombonganBelajar.deletedAt),
  ];
  if (query.tingkat) where.push(eq(rombonganBelajar.tingkat, query.tingkat));
  if (query.jurusan_sp_id) where.push(eq(rombonganBelajar.jurusanSpId, query.jurusan_sp_id));
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      sql`(${rombonganBelajar.nama} ilike ${p} or ${guru.nama} ilike ${p} or ${jurusanSp.namaJurusanSp} ilike ${p})`,
    );
  }
  const key = sortKeyOf(ROMBEL_SORT_COLUMNS, query.sort_by, 'nama');
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const rows = await db
    .select({
      rombongan_belajar_id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      wali_kelas: guru.nama,
      tingkat: rombonganBelajar.tingkat,
      jurusan: jurusanSp.namaJurusanSp,
      kurikulum: kurikulumName,
      jenis_rombel: rombonganBelajar.jenisRombel,
      jumlah_anggota: sql<number>`(select count(*) from ${anggotaRombel} a
        where a.rombongan_belajar_id = ${rombonganBelajar}.rombongan_belajar_id and a.deleted_at is null)`.mapWith(
        Number,
      ),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(rombonganBelajar)
    .leftJoin(guru, eq(guru.guruId, rombonganBelajar.guruId))
    .leftJoin(jurusanSp, eq(jurusanSp.jurusanSpId, rombonganBelajar.jurusanSpId))
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(and(...where))
    .orderBy(
      dir(SORTS[key]),
      asc(rombonganBelajar.tingkat),
      asc(rombonganBelajar.nama),
      asc(rombonganBelajar.rombonganBelajarId),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) total = (await listRombel(db, actor, { ...query, page: 1 })).total;
  return { data: rows.map(({ total: _t, ...r }) => r), total, page: query.page, per_page: query.per_page };
}

export async function rombelFilterOptions(
  db: Db,
  actor: Actor,
  filter: Pick<RombelFilter, 'jenis_rombel' | 'tingkat'>,
): Promise<{ tingkat: Option[]; jurusan: Option[] }> {
  requireAnyRole(actor, ROMBEL_READ_ALL_ROLES);
  const rows = await db
    .selectDistinct({
      tingkat: rombonganBelajar.tingkat,
      jurusanSpId: rombonganBelajar.jurusanSpId,
      jurusan: jurusanSp.namaJurusanSp,
    })
    .from(rombonganBelajar)
    .leftJoin(jurusanSp, eq(jurusanSp.jurusanSpId, rombonganBelajar.jurusanSpId))
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        eq(rombonganBelajar.jenisRombel, filter.jenis_rombel),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  const tingkat = [...new Set(rows.map((r) => r.tingkat))].sort((a, b) => a - b);
  const jurusan = new Map<string, string>();
  for (const r of rows) {
    if (r.jurusanSpId && (!filter.tingkat || r.tingkat === filter.tingkat)) {
      jurusan.set(r.jurusanSpId, r.jurusan ?? r.jurusanSpId);
    }
  }
  return {
    tingkat: tingkat.map((t) => ({ value: String(t), label: `Kelas ${t}` })),
    jurusan: [...jurusan]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

async function rombelSummary(db: Db, actor: Actor, rombonganBelajarId: string) {
  const [row] = await db
    .select({
      rombongan_belajar_id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      jenis_rombel: rombonganBelajar.jenisRombel,
      tingkat: rombonganBelajar.tingkat,
      kurikulum: kurikulumName,
      kurikulum_id: rombonganBelajar.kurikulumId,
      semester_id: rombonganBelajar.semesterId,
    })
    .from(rombonganBelajar)
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        // Classes are managed per semester: the one chosen at login.
        eq(rombonganBelajar.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  return row ?? null;
}

const summaryOf = (r: NonNullable<Awaited<ReturnType<typeof rombelSummary>>>): RombelSummary => ({
  rombongan_belajar_id: r.rombongan_belajar_id,
  nama: r.nama,
  jenis_rombel: r.jenis_rombel,
  tingkat: r.tingkat,
  kurikulum: r.kurikulum,
});

/**
 * Members of a rombel. Admin/TU/Waka: any rombel of the school; a wali kelas, elective-class
 * wali or ekskul pembina: only their own (403 otherwise).
 */
export async function listAnggota(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
  query: ListQuery,
): Promise<AnggotaResponse> {
  const readAll = hasAnyRole(actor, ROMBEL_READ_ALL_ROLES);
  if (!readAll && !(await ownsRombel(db, actor, rombonganBelajarId))) throw forbidden(MESSAGES.forbidden);
  const rombel = await rombelSummary(db, actor, rombonganBelajarId);
  if (!rombel) throw notFound();
  // The pupil's regular class of the rombel's semester (shown for elective and ekskul groups).
  const kelas = sql<string | null>`(select r.nama from ${anggotaRombel} a2
    join ${rombonganBelajar} r on r.rombongan_belajar_id = a2.rombongan_belajar_id
    where a2.peserta_didik_id = ${pesertaDidik}.peserta_didik_id and a2.semester_id = ${rombel.semester_id}
      and a2.deleted_at is null and r.jenis_rombel = 1 and r.deleted_at is null limit 1)`;
  const sorts: Record<(typeof ANGGOTA_SORT_COLUMNS)[number], AnyPgColumn | SQL> = {
    nama: pesertaDidik.nama,
    nisn: pesertaDidik.nisn,
    jenis_kelamin: pesertaDidik.jenisKelamin,
    tanggal_lahir: pesertaDidik.tanggalLahir,
    agama: refAgama.nama,
    kelas,
  };
  const key = sortKeyOf(ANGGOTA_SORT_COLUMNS, query.sort_by, 'nama');
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const where: (SQL | undefined)[] = [
    eq(anggotaRombel.rombonganBelajarId, rombonganBelajarId),
    isNull(anggotaRombel.deletedAt),
  ];
  if (query.q) {
    const p = likePattern(query.q);
    where.push(sql`(${pesertaDidik.nama} ilike ${p} or ${pesertaDidik.nisn} like ${p})`);
  }
  const offset = (query.page - 1) * query.per_page;
  const rows = await db
    .select({
      anggota_rombel_id: anggotaRombel.anggotaRombelId,
      peserta_didik_id: pesertaDidik.pesertaDidikId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
      jenis_kelamin: pesertaDidik.jenisKelamin,
      tempat_lahir: pesertaDidik.tempatLahir,
      tanggal_lahir: pesertaDidik.tanggalLahir,
      agama: refAgama.nama,
      kelas,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(anggotaRombel)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .leftJoin(refAgama, eq(refAgama.id, pesertaDidik.agamaId))
    .where(and(...where))
    .orderBy(dir(sorts[key]), asc(pesertaDidik.nama), asc(pesertaDidik.pesertaDidikId))
    .limit(query.per_page)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    total = (await listAnggota(db, actor, rombonganBelajarId, { ...query, page: 1 })).total;
  }
  return {
    rombel: summaryOf(rombel),
    data: rows.map(({ total: _t, ...r }, i) => ({ no: offset + i + 1, ...r })),
    total,
    page: query.page,
    per_page: query.per_page,
    can_manage: hasAnyRole(actor, ROMBEL_MANAGE_ROLES),
  };
}

/**
 * "Keluarkan": removes a pupil from a rombel of the caller's semester (administrator only). The
 * membership is soft-deleted, so grades that hang off it are kept and a re-sync can revive it.
 */
export async function removeAnggota(
  db: Db,
  actor: Actor,
  anggotaRombelId: string,
): Promise<{ message: string }> {
  requireAnyRole(actor, ROMBEL_MANAGE_ROLES);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ semesterId: anggotaRombel.semesterId })
      .from(anggotaRombel)
      .where(
        and(
          eq(anggotaRombel.anggotaRombelId, anggotaRombelId),
          eq(anggotaRombel.sekolahId, actor.sekolahId),
          isNull(anggotaRombel.deletedAt),
        ),
      )
      .for('update');
    if (!row) throw notFound(ANGGOTA_MESSAGES.notFound);
    if (row.semesterId !== actor.semesterId)
      throw new AppError(422, 'VALIDATION_ERROR', ANGGOTA_MESSAGES.otherSemester);
    await tx
      .update(anggotaRombel)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(anggotaRombel.anggotaRombelId, anggotaRombelId));
    return { message: ANGGOTA_MESSAGES.removed };
  });
}

/** Kelompok offered for a curriculum: 2022 groups for Merdeka classes, else 2017 and 0 (reference-screens §6.2). */
async function kelompokOptions(db: Db, kurikulumName: string | null): Promise<Option[]> {
  const merdeka = /merdeka/i.test(kurikulumName ?? '');
  const rows = await db
    .select({ id: refKelompok.id, nama: refKelompok.namaKelompok })
    .from(refKelompok)
    .where(merdeka ? eq(refKelompok.kurikulum, 2022) : inArray(refKelompok.kurikulum, [2017, 0]))
    .orderBy(asc(refKelompok.id));
  return rows.map((r) => ({ value: String(r.id), label: r.nama }));
}

/** Active guru of the school (no tendik, no instruktur/asesor, not left in the semester). */
async function guruOptions(db: Db, actor: Actor, semesterId: string): Promise<Option[]> {
  const rows = await db
    .select({ id: guru.guruId, nama: guru.nama })
    .from(guru)
    .where(
      and(
        eq(guru.sekolahId, actor.sekolahId),
        isNull(guru.deletedAt),
        inArray(guru.jenisPtkId, [...GURU_JENIS_PTK]),
        sql`not exists (select 1 from ${ptkKeluar} k where k.guru_id = ${guru}.guru_id and k.semester_id = ${semesterId})`,
      ),
    )
    .orderBy(asc(guru.nama));
  return rows.map((r) => ({ value: r.id, label: r.nama }));
}

async function pembelajaranRows(db: Db, rombonganBelajarId: string): Promise<PembelajaranRow[]> {
  const rows = await db
    .select({
      pembelajaran_id: pembelajaran.pembelajaranId,
      mata_pelajaran_id: pembelajaran.mataPelajaranId,
      nama_mata_pelajaran: pembelajaran.namaMataPelajaran,
      nama_referensi: refMataPelajaran.nama,
      guru: guru.nama,
      guru_id: pembelajaran.guruId,
      guru_pengajar_id: pembelajaran.guruPengajarId,
      kelompok_id: pembelajaran.kelompokId,
      no_urut: pembelajaran.noUrut,
      induk_pembelajaran_id: pembelajaran.indukPembelajaranId,
      updated_at: pembelajaran.updatedAt,
    })
    .from(pembelajaran)
    .leftJoin(guru, eq(guru.guruId, pembelajaran.guruId))
    .leftJoin(refMataPelajaran, eq(refMataPelajaran.mataPelajaranId, pembelajaran.mataPelajaranId))
    .where(and(eq(pembelajaran.rombonganBelajarId, rombonganBelajarId), isNull(pembelajaran.deletedAt)))
    .orderBy(
      sql`${pembelajaran.kelompokId} asc nulls last`,
      sql`${pembelajaran.noUrut} asc nulls last`,
      asc(pembelajaran.mataPelajaranId),
      asc(pembelajaran.pembelajaranId),
    );
  return orderParentsFirst(rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })));
}

/** Each parent followed by its sub-subjects (in their own order); orphans at the end. */
export function orderParentsFirst<
  T extends { pembelajaran_id: string; induk_pembelajaran_id: string | null },
>(rows: readonly T[]): T[] {
  const ids = new Set(rows.map((r) => r.pembelajaran_id));
  const children = new Map<string, T[]>();
  const top: T[] = [];
  for (const r of rows) {
    if (r.induk_pembelajaran_id && ids.has(r.induk_pembelajaran_id)) {
      const list = children.get(r.induk_pembelajaran_id) ?? [];
      list.push(r);
      children.set(r.induk_pembelajaran_id, list);
    } else top.push(r);
  }
  const out: T[] = [];
  const visit = (r: T) => {
    out.push(r);
    for (const c of children.get(r.pembelajaran_id) ?? []) visit(c);
  };
  for (const r of top) visit(r);
  return out;
}

async function readableRombel(db: Db, actor: Actor, rombonganBelajarId: string) {
  if (!hasAnyRole(actor, ROMBEL_READ_ALL_ROLES) && !(await ownsRombel(db, actor, rombonganBelajarId))) {
    throw forbidden(MESSAGES.forbidden);
  }
  const rombel = await rombelSummary(db, actor, rombonganBelajarId);
  if (!rombel) throw notFound();
  return rombel;
}

/** The pembelajaran grid of a rombel with the choices of its selects. */
export async function getPembelajaran(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
): Promise<PembelajaranResponse> {
  const rombel = await readableRombel(db, actor, rombonganBelajarId);
  const [data, guruList, kelompok] = await Promise.all([
    pembelajaranRows(db, rombonganBelajarId),
    guruOptions(db, actor, rombel.semester_id),
    kelompokOptions(db, rombel.kurikulum),
  ]);
  return {
    rombel: summaryOf(rombel),
    data,
    ...(await withValuesInUse(db, data, guruList, kelompok)),
    can_manage: hasAnyRole(actor, ROMBEL_MANAGE_ROLES),
  };
}

/**
 * Adds the guru pengajar and kelompok already set on a row (a teacher who left since, a kelompok
 * of another curriculum) to the choices, so the grid shows them and saving keeps them.
 */
async function withValuesInUse(
  db: Db,
  rows: readonly PembelajaranRow[],
  guruList: Option[],
  kelompok: Option[],
): Promise<{ guru: Option[]; kelompok: Option[] }> {
  const missingGuru = [
    ...new Set(rows.flatMap((r) => (r.guru_pengajar_id ? [r.guru_pengajar_id] : []))),
  ].filter((id) => !guruList.some((g) => g.value === id));
  const missingKelompok = [
    ...new Set(rows.flatMap((r) => (r.kelompok_id === null ? [] : [r.kelompok_id]))),
  ].filter((id) => !kelompok.some((k) => k.value === String(id)));
  const extraGuru = missingGuru.length
    ? await db
        .select({ value: guru.guruId, label: guru.nama })
        .from(guru)
        .where(inArray(guru.guruId, missingGuru))
    : [];
  const names = missingKelompok.length
    ? new Map(
        (
          await db
            .select({ id: refKelompok.id, nama: refKelompok.namaKelompok })
            .from(refKelompok)
            .where(inArray(refKelompok.id, missingKelompok))
        ).map((k) => [k.id, k.nama]),
      )
    : new Map<number, string>();
  return {
    guru: [...guruList, ...extraGuru],
    kelompok: [
      ...kelompok,
      ...missingKelompok.map((id) => ({ value: String(id), label: names.get(id) ?? String(id) })),
    ],
  };
}

function validationError(details: Record<string, string>): AppError {
  return new AppError(422, 'VALIDATION_ERROR', MESSAGES.validation, details);
}

/**
 * Saves the whole grid in one transaction. Every row is checked (belongs to the rombel, guru of
 * the school, kelompok of the rombel's curriculum) and all problems are reported at once, keyed
 * `rows.<i>.<field>`; a row changed by someone else since it was loaded makes the whole save
 * answer 409 and nothing is written.
 */
export async function savePembelajaran(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
  input: PembelajaranSave,
): Promise<{ message: string; data: PembelajaranRow[] }> {
  requireAnyRole(actor, ROMBEL_MANAGE_ROLES);
  const rombel = await rombelSummary(db, actor, rombonganBelajarId);
  if (!rombel) throw notFound();
  const details = checkPembelajaranGrid(input.rows);
  const [guruList, kelompok] = await Promise.all([
    guruOptions(db, actor, rombel.semester_id),
    kelompokOptions(db, rombel.kurikulum),
  ]);
  const guruIds = new Set(guruList.map((g) => g.value));
  const kelompokIds = new Set(kelompok.map((k) => Number(k.value)));

  await db.transaction(async (tx) => {
    const current = await tx
      .select({
        id: pembelajaran.pembelajaranId,
        updatedAt: pembelajaran.updatedAt,
        guruPengajarId: pembelajaran.guruPengajarId,
        kelompokId: pembelajaran.kelompokId,
      })
      .from(pembelajaran)
      .where(and(eq(pembelajaran.rombonganBelajarId, rombonganBelajarId), isNull(pembelajaran.deletedAt)))
      .for('update');
    const byId = new Map(current.map((r) => [r.id, r]));
    let conflict = false;
    input.rows.forEach((row, i) => {
      const cur = byId.get(row.pembelajaran_id);
      if (!cur) {
        details[`rows.${i}.pembelajaran_id`] = PEMBELAJARAN_MESSAGES.notInRombel;
        return;
      }
      if (cur.updatedAt.toISOString() !== row.updated_at) conflict = true;
      // A teacher who left may stay where Dapodik put them, but cannot be newly chosen.
      if (
        row.guru_pengajar_id &&
        !guruIds.has(row.guru_pengajar_id) &&
        row.guru_pengajar_id !== cur.guruPengajarId
      ) {
        details[`rows.${i}.guru_pengajar_id`] = PEMBELAJARAN_MESSAGES.guruUnknown;
      }
      if (
        row.kelompok_id !== null &&
        !kelompokIds.has(row.kelompok_id) &&
        row.kelompok_id !== cur.kelompokId
      ) {
        details[`rows.${i}.kelompok_id`] = PEMBELAJARAN_MESSAGES.kelompokUnknown;
      }
    });
    if (conflict) throw new AppError(409, 'CONFLICT', PEMBELAJARAN_MESSAGES.conflict);
    if (Object.keys(details).length > 0) throw validationError(details);
    for (const row of input.rows) {
      await tx
        .update(pembelajaran)
        .set({
          namaMataPelajaran: row.nama_mata_pelajaran,
          guruPengajarId: row.guru_pengajar_id,
          kelompokId: row.kelompok_id,
          noUrut: row.no_urut,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(pembelajaran.pembelajaranId, row.pembelajaran_id),
            eq(pembelajaran.rombonganBelajarId, rombonganBelajarId),
          ),
        );
    }
  });
  return { message: PEMBELAJARAN_MESSAGES.saved, data: await pembelajaranRows(db, rombonganBelajarId) };
}

/**
 * "Reset": guru pengajar, kelompok and no urut emptied, the name back to the national reference
 * name (when the reference knows the subject), as Dapodik delivers it.
 */
export async function resetPembelajaran(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
): Promise<{ message: string; data: PembelajaranRow }> {
  requireAnyRole(actor, ROMBEL_MANAGE_ROLES);
  const [row] = await db
    .select({
      rombelId: pembelajaran.rombonganBelajarId,
      nama: pembelajaran.namaMataPelajaran,
      semesterId: pembelajaran.semesterId,
    })
    .from(pembelajaran)
    .where(
      and(
        eq(pembelajaran.pembelajaranId, pembelajaranId),
        eq(pembelajaran.sekolahId, actor.sekolahId),
        eq(pembelajaran.semesterId, actor.semesterId),
        isNull(pembelajaran.deletedAt),
      ),
    );
  if (!row) throw notFound();
  await db
    .update(pembelajaran)
    .set({
      guruPengajarId: null,
      kelompokId: null,
      noUrut: null,
      namaMataPelajaran: sql`coalesce((select r.nama from ${refMataPelajaran} r where r.mata_pelajaran_id = ${pembelajaran}.mata_pelajaran_id), ${pembelajaran}.nama_mata_pelajaran)`,
      updatedAt: sql`now()`,
    })
    .where(eq(pembelajaran.pembelajaranId, pembelajaranId));
  const data = (await pembelajaranRows(db, row.rombelId)).find((r) => r.pembelajaran_id === pembelajaranId);
  if (!data) throw notFound();
  return { message: PEMBELAJARAN_MESSAGES.reset(row.nama), data };
}
