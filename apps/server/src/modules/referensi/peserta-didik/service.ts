import { MESSAGES } from '@erapor/contract/errors';
import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { validateNik } from '@erapor/contract/referensi/nik';
import {
  PD_EDIT_ALL_ROLES,
  PD_MESSAGES,
  PD_READ_ALL_ROLES,
  PD_SORT_COLUMNS,
  type PdDetail,
  type PdDetailResponse,
  type PdFilter,
  type PdFilterOptions,
  type PdRow,
  type PdUpdate,
} from '@erapor/contract/referensi/peserta-didik';
import type { RoleName } from '@erapor/contract/roles';
import { and, asc, desc, eq, exists, inArray, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import {
  anggotaRombel,
  ekstrakurikuler,
  jurusanSp,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  rombonganBelajar,
} from '../../../db/tables/referensi';
import { refAgama, refPekerjaan } from '../../../db/tables/referensi-ref';
import { AppError, fieldError, forbidden, notFound } from '../../../lib/errors';
import { hasAnyRole, likePattern, waliRombelIds } from '../rombel/access';

/** Which pupils the caller may see, and whose they may edit. */
type Scope =
  | { kind: 'all' }
  | { kind: 'rombel'; read: string[]; edit: string[] }
  | { kind: 'self'; pesertaDidikId: string };

/** Roles of a school's teachers (they all hold a PTK): each reads the pupils they teach. */
const TEACHER_ROLES: readonly RoleName[] = [
  'guru',
  'wali',
  'pilihan',
  'guru-p5',
  'pembimbing',
  'pembina_ekskul',
  'kaprog',
];

/**
 * The rombel (any jenis) of the semester whose pupils a teacher works with: the classes of their
 * pembelajaran (guru or guru pengajar), the classes they are wali of, the ekskul they lead.
 */
async function teacherRombelIds(db: Db, actor: Actor): Promise<string[]> {
  if (!actor.guruId) return [];
  const me = actor.guruId;
  const rows = await db
    .select({ id: rombonganBelajar.rombonganBelajarId })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
        or(
          eq(rombonganBelajar.guruId, me),
          exists(sql`(select 1 from ${pembelajaran} p where p.rombongan_belajar_id = ${rombonganBelajar.rombonganBelajarId}
            and p.deleted_at is null and (p.guru_id = ${me} or p.guru_pengajar_id = ${me}))`),
          exists(sql`(select 1 from ${ekstrakurikuler} e where e.rombongan_belajar_id = ${rombonganBelajar.rombonganBelajarId}
            and e.deleted_at is null and e.guru_id = ${me})`),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Administrator, TU and Waka see every pupil; a teacher (reference: guru holds Ref_Siswa) the
 * pupils of the classes and ekskul they teach or lead, read-only, and a wali kelas may edit those of
 * their own class; a pupil only themself (the PD Aktif page is under `Web`). Anyone else: 403.
 * (docs/decisions/010-referensi-access-and-grid-saves.md)
 */
async function scopeOf(db: Db, actor: Actor): Promise<Scope> {
  if (hasAnyRole(actor, PD_READ_ALL_ROLES)) return { kind: 'all' };
  if (actor.guruId && hasAnyRole(actor, TEACHER_ROLES)) {
    const [read, edit] = await Promise.all([teacherRombelIds(db, actor), waliRombelIds(db, actor)]);
    return { kind: 'rombel', read: [...new Set([...read, ...edit])], edit };
  }
  if (actor.roles.includes('siswa') && actor.pesertaDidikId) {
    return { kind: 'self', pesertaDidikId: actor.pesertaDidikId };
  }
  throw forbidden(MESSAGES.forbidden);
}

/** The pupil is a live member of one of these rombel of the semester. */
const memberOf = (rombelIds: string[]) =>
  exists(
    sql`(select 1 from ${anggotaRombel} m where m.peserta_didik_id = ${pesertaDidik.pesertaDidikId}
      and m.deleted_at is null and m.rombongan_belajar_id in (${sql.join(
        rombelIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
  );

/** The regular (jenis 1) class of a pupil in the caller's semester, as a join condition. */
function regularClassJoin(actor: Actor): SQL {
  return and(
    eq(anggotaRombel.pesertaDidikId, pesertaDidik.pesertaDidikId),
    eq(anggotaRombel.semesterId, actor.semesterId),
    isNull(anggotaRombel.deletedAt),
  ) as SQL;
}

const rombelOfAnggota = (actor: Actor) =>
  and(
    eq(rombonganBelajar.rombonganBelajarId, anggotaRombel.rombonganBelajarId),
    eq(rombonganBelajar.semesterId, actor.semesterId),
    eq(rombonganBelajar.jenisRombel, 1),
    isNull(rombonganBelajar.deletedAt),
  );

const hasLeft = () =>
  exists(sql`(select 1 from ${pdKeluar} where ${pdKeluar.pesertaDidikId} = ${pesertaDidik.pesertaDidikId})`);

const SORTS: Record<(typeof PD_SORT_COLUMNS)[number], AnyPgColumn> = {
  nama: pesertaDidik.nama,
  nisn: pesertaDidik.nisn,
  jenis_kelamin: pesertaDidik.jenisKelamin,
  tanggal_lahir: pesertaDidik.tanggalLahir,
  agama: refAgama.nama,
  kelas: rombonganBelajar.nama,
};

function sortKey(sortBy: string | undefined): (typeof PD_SORT_COLUMNS)[number] {
  if (sortBy === undefined) return 'nama';
  if (!(PD_SORT_COLUMNS as readonly string[]).includes(sortBy)) {
    throw new AppError(400, 'VALIDATION_ERROR', MESSAGES.validation, {
      sort_by: `Kolom pengurutan harus salah satu dari ${PD_SORT_COLUMNS.join(', ')}`,
    });
  }
  return sortBy as (typeof PD_SORT_COLUMNS)[number];
}

const rowColumns = {
  peserta_didik_id: pesertaDidik.pesertaDidikId,
  nama: pesertaDidik.nama,
  nisn: pesertaDidik.nisn,
  no_induk: pesertaDidik.noInduk,
  jenis_kelamin: pesertaDidik.jenisKelamin,
  tempat_lahir: pesertaDidik.tempatLahir,
  tanggal_lahir: pesertaDidik.tanggalLahir,
  agama: refAgama.nama,
  kelas: rombonganBelajar.nama,
  rombongan_belajar_id: rombonganBelajar.rombonganBelajarId,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/**
 * The pupil list of a status, searched (nama, NISN, NIS, NIK), filtered (tingkat → jurusan →
 * rombel), sorted and paginated in SQL. One query: the total comes with the page (count over()).
 */
export async function listPesertaDidik(
  db: Db,
  actor: Actor,
  query: ListQuery & PdFilter,
): Promise<ListResponse<PdRow>> {
  const keluar = query.status === 'keluar';
  // Pupils who left are the Administrator's list only (route resource Administrator).
  const scope: Scope = keluar
    ? hasAnyRole(actor, ['admin'])
      ? { kind: 'all' }
      : (() => {
          throw forbidden(MESSAGES.forbidden);
        })()
    : await scopeOf(db, actor);
  const where: (SQL | undefined)[] = [eq(pesertaDidik.sekolahId, actor.sekolahId)];
  if (scope.kind === 'rombel') {
    if (scope.read.length === 0) return { data: [], total: 0, page: query.page, per_page: query.per_page };
    where.push(memberOf(scope.read));
  }
  if (scope.kind === 'self') where.push(eq(pesertaDidik.pesertaDidikId, scope.pesertaDidikId));
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      sql`(${pesertaDidik.nama} ilike ${p} or ${pesertaDidik.nisn} like ${p} or ${pesertaDidik.noInduk} like ${p} or ${pesertaDidik.nik} like ${p})`,
    );
  }
  const key = sortKey(query.sort_by);
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const order = [dir(SORTS[key]), asc(pesertaDidik.nama), asc(pesertaDidik.pesertaDidikId)];
  const offset = (query.page - 1) * query.per_page;

  let rows: (PdRow & { total: number })[];
  if (keluar) {
    where.push(hasLeft());
    // The last regular class the pupil was in (any semester, also a class Dapodik since removed).
    const lastClass = db
      .select({
        pesertaDidikId: anggotaRombel.pesertaDidikId,
        rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
        nama: rombonganBelajar.nama,
      })
      .from(anggotaRombel)
      .innerJoin(
        rombonganBelajar,
        and(
          eq(rombonganBelajar.rombonganBelajarId, anggotaRombel.rombonganBelajarId),
          eq(rombonganBelajar.jenisRombel, 1),
        ),
      )
      .where(eq(anggotaRombel.pesertaDidikId, pesertaDidik.pesertaDidikId))
      .orderBy(desc(anggotaRombel.semesterId))
      .limit(1)
      .as('last_class');
    rows = (await db
      .select({
        ...rowColumns,
        kelas: sql<string | null>`${lastClass.nama}`,
        rombongan_belajar_id: sql<string | null>`${lastClass.rombonganBelajarId}`,
      })
      .from(pesertaDidik)
      .leftJoinLateral(lastClass, sql`true`)
      .leftJoin(refAgama, eq(refAgama.id, pesertaDidik.agamaId))
      .where(and(...where))
      .orderBy(...(key === 'kelas' ? [dir(sql`${lastClass.nama}`), ...order.slice(1)] : order))
      .limit(query.per_page)
      .offset(offset)) as (PdRow & { total: number })[];
  } else {
    where.push(
      notExists(
        sql`(select 1 from ${pdKeluar} where ${pdKeluar.pesertaDidikId} = ${pesertaDidik.pesertaDidikId})`,
      ),
    );
    if (query.tingkat) where.push(eq(rombonganBelajar.tingkat, query.tingkat));
    if (query.jurusan_sp_id) where.push(eq(rombonganBelajar.jurusanSpId, query.jurusan_sp_id));
    if (query.rombongan_belajar_id) {
      where.push(eq(rombonganBelajar.rombonganBelajarId, query.rombongan_belajar_id));
    }
    rows = (await db
      .select(rowColumns)
      .from(pesertaDidik)
      .innerJoin(anggotaRombel, regularClassJoin(actor))
      .innerJoin(rombonganBelajar, rombelOfAnggota(actor))
      .leftJoin(refAgama, eq(refAgama.id, pesertaDidik.agamaId))
      .where(and(...where))
      .orderBy(...order)
      .limit(query.per_page)
      .offset(offset)) as (PdRow & { total: number })[];
  }

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the window count is not there, ask for it.
    total = (await listPesertaDidik(db, actor, { ...query, page: 1, per_page: 10 })).total;
  }
  return {
    data: rows.map(({ total: _t, ...r }) => r),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

/**
 * Options of the cascading filters: tingkat of the classes; programmes with classes at the chosen
 * tingkat; classes of the chosen tingkat and programme. A wali kelas gets only their own class.
 */
export async function filterOptions(
  db: Db,
  actor: Actor,
  filter: Pick<PdFilter, 'tingkat' | 'jurusan_sp_id'>,
): Promise<PdFilterOptions> {
  const scope = await scopeOf(db, actor);
  if (scope.kind === 'self') return { tingkat: [], jurusan: [], rombel: [] };
  const base: (SQL | undefined)[] = [
    eq(rombonganBelajar.sekolahId, actor.sekolahId),
    eq(rombonganBelajar.semesterId, actor.semesterId),
    eq(rombonganBelajar.jenisRombel, 1),
    isNull(rombonganBelajar.deletedAt),
  ];
  if (scope.kind === 'rombel') {
    // The regular classes of the pupils the caller may see (an elective or ekskul is no class filter).
    if (scope.read.length === 0) return { tingkat: [], jurusan: [], rombel: [] };
    base.push(
      sql`${rombonganBelajar.rombonganBelajarId} in (select m2.rombongan_belajar_id from ${anggotaRombel} m2
        join ${anggotaRombel} m on m.peserta_didik_id = m2.peserta_didik_id and m.deleted_at is null
        where m2.deleted_at is null and m.rombongan_belajar_id in (${sql.join(
          scope.read.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    );
  }
  const rows = await db
    .select({
      id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      jurusanSpId: rombonganBelajar.jurusanSpId,
      jurusan: jurusanSp.namaJurusanSp,
    })
    .from(rombonganBelajar)
    .leftJoin(jurusanSp, eq(jurusanSp.jurusanSpId, rombonganBelajar.jurusanSpId))
    .where(and(...base))
    .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.nama));
  const tingkat = [...new Set(rows.map((r) => r.tingkat))].map((t) => ({
    value: String(t),
    label: `Kelas ${t}`,
  }));
  const atTingkat = filter.tingkat ? rows.filter((r) => r.tingkat === filter.tingkat) : rows;
  const jurusan = new Map<string, string>();
  for (const r of atTingkat) if (r.jurusanSpId) jurusan.set(r.jurusanSpId, r.jurusan ?? r.jurusanSpId);
  const rombel = (
    filter.jurusan_sp_id ? atTingkat.filter((r) => r.jurusanSpId === filter.jurusan_sp_id) : atTingkat
  )
    // Without a tingkat the list of every class is long: ask for a tingkat first.
    .filter(() => filter.tingkat !== undefined || scope.kind === 'rombel');
  return {
    tingkat,
    jurusan: [...jurusan]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    rombel: rombel.map((r) => ({ value: r.id, label: r.nama })),
  };
}

/** Whether the caller may see this pupil (and may edit: admin/tu, or the wali of the class). */
async function access(db: Db, actor: Actor, pesertaDidikId: string): Promise<{ canEdit: boolean }> {
  const scope = await scopeOf(db, actor);
  if (scope.kind === 'all') return { canEdit: hasAnyRole(actor, PD_EDIT_ALL_ROLES) };
  if (scope.kind === 'self') {
    if (scope.pesertaDidikId !== pesertaDidikId) throw forbidden(MESSAGES.forbidden);
    return { canEdit: false };
  }
  if (scope.read.length === 0) throw forbidden(MESSAGES.forbidden);
  const memberships = await db
    .select({ rombel: anggotaRombel.rombonganBelajarId })
    .from(anggotaRombel)
    .where(
      and(
        eq(anggotaRombel.pesertaDidikId, pesertaDidikId),
        inArray(anggotaRombel.rombonganBelajarId, scope.read),
        isNull(anggotaRombel.deletedAt),
      ),
    );
  if (memberships.length === 0) throw forbidden(MESSAGES.forbidden);
  return { canEdit: memberships.some((m) => scope.edit.includes(m.rombel)) };
}

const detailColumns = {
  peserta_didik_id: pesertaDidik.pesertaDidikId,
  nama: pesertaDidik.nama,
  no_induk: pesertaDidik.noInduk,
  nisn: pesertaDidik.nisn,
  nik: pesertaDidik.nik,
  jenis_kelamin: pesertaDidik.jenisKelamin,
  tempat_lahir: pesertaDidik.tempatLahir,
  tanggal_lahir: pesertaDidik.tanggalLahir,
  agama: refAgama.nama,
  status: pesertaDidik.status,
  anak_ke: pesertaDidik.anakKe,
  alamat: pesertaDidik.alamat,
  rt: pesertaDidik.rt,
  rw: pesertaDidik.rw,
  desa_kelurahan: pesertaDidik.desaKelurahan,
  kecamatan: pesertaDidik.kecamatan,
  kode_pos: pesertaDidik.kodePos,
  no_telp: pesertaDidik.noTelp,
  sekolah_asal: pesertaDidik.sekolahAsal,
  diterima_kelas: pesertaDidik.diterimaKelas,
  diterima: pesertaDidik.diterima,
  email: pesertaDidik.email,
  nama_ayah: pesertaDidik.namaAyah,
  kerja_ayah: pesertaDidik.kerjaAyah,
  nama_ibu: pesertaDidik.namaIbu,
  kerja_ibu: pesertaDidik.kerjaIbu,
  nama_wali: pesertaDidik.namaWali,
  alamat_wali: pesertaDidik.alamatWali,
  telp_wali: pesertaDidik.telpWali,
  kerja_wali: pesertaDidik.kerjaWali,
  updated_at: pesertaDidik.updatedAt,
};

async function loadDetail(db: Db, actor: Actor, pesertaDidikId: string): Promise<PdDetail | null> {
  const kelas = db
    .select({ nama: rombonganBelajar.nama })
    .from(anggotaRombel)
    .innerJoin(rombonganBelajar, rombelOfAnggota(actor))
    .where(
      and(
        eq(anggotaRombel.pesertaDidikId, pesertaDidik.pesertaDidikId),
        eq(anggotaRombel.semesterId, actor.semesterId),
        isNull(anggotaRombel.deletedAt),
      ),
    )
    .limit(1)
    .as('kelas');
  const [row] = await db
    .select({ ...detailColumns, kelas: sql<string | null>`${kelas.nama}` })
    .from(pesertaDidik)
    .leftJoinLateral(kelas, sql`true`)
    .leftJoin(refAgama, eq(refAgama.id, pesertaDidik.agamaId))
    .where(and(eq(pesertaDidik.pesertaDidikId, pesertaDidikId), eq(pesertaDidik.sekolahId, actor.sekolahId)));
  if (!row) return null;
  return { ...row, updated_at: row.updated_at.toISOString() };
}

export async function getPesertaDidik(
  db: Db,
  actor: Actor,
  pesertaDidikId: string,
): Promise<PdDetailResponse> {
  const { canEdit } = await access(db, actor, pesertaDidikId);
  const data = await loadDetail(db, actor, pesertaDidikId);
  if (!data) throw notFound();
  // Current codes stay choosable even when retired or unknown to the reference: opening and saving
  // the form must never empty a value Dapodik sent.
  const inUse = [data.kerja_ayah, data.kerja_ibu, data.kerja_wali].filter((v): v is number => v !== null);
  const pekerjaan = await db
    .select({ id: refPekerjaan.pekerjaanId, nama: refPekerjaan.nama })
    .from(refPekerjaan)
    .where(
      or(
        and(isNull(refPekerjaan.expiredDate), sql`${refPekerjaan.nama} <> ''`),
        inUse.length > 0 ? inArray(refPekerjaan.pekerjaanId, inUse) : undefined,
      ),
    )
    .orderBy(asc(refPekerjaan.pekerjaanId));
  const options = pekerjaan.map((p) => ({ value: String(p.id), label: p.nama || String(p.id) }));
  for (const id of new Set(inUse)) {
    if (!pekerjaan.some((p) => p.id === id)) options.push({ value: String(id), label: String(id) });
  }
  return { data, pekerjaan: options, can_edit: canEdit };
}

/**
 * Saves the fields e-Rapor may edit. 403 for callers who may not; 422 with the field for a NIK or
 * an occupation the rules refuse; 409 when someone saved the pupil after the caller loaded it.
 */
export async function updatePesertaDidik(
  db: Db,
  actor: Actor,
  pesertaDidikId: string,
  input: PdUpdate,
): Promise<{ message: string; data: PdDetail }> {
  const { canEdit } = await access(db, actor, pesertaDidikId);
  if (!canEdit) throw forbidden(MESSAGES.forbidden);
  const [current] = await db
    .select({
      nama: pesertaDidik.nama,
      nik: pesertaDidik.nik,
      tanggalLahir: pesertaDidik.tanggalLahir,
      jenisKelamin: pesertaDidik.jenisKelamin,
      kerjaAyah: pesertaDidik.kerjaAyah,
      kerjaIbu: pesertaDidik.kerjaIbu,
      kerjaWali: pesertaDidik.kerjaWali,
    })
    .from(pesertaDidik)
    .where(and(eq(pesertaDidik.pesertaDidikId, pesertaDidikId), eq(pesertaDidik.sekolahId, actor.sekolahId)));
  if (!current) throw notFound();

  const details: Record<string, string> = {};
  // A NIK Dapodik sent stays as it is; a NIK typed here must follow the rule (region, birth date, sex).
  if (input.nik !== null && input.nik !== current.nik) {
    const problem = validateNik(input.nik, {
      tanggalLahir: current.tanggalLahir,
      jenisKelamin: current.jenisKelamin,
    });
    if (problem) details.nik = problem;
  }
  // Only a changed occupation must exist in the reference (a code Dapodik sent may be newer than it).
  const unchanged = {
    kerja_ayah: current.kerjaAyah,
    kerja_ibu: current.kerjaIbu,
    kerja_wali: current.kerjaWali,
  };
  const kerja = Object.fromEntries(
    (['kerja_ayah', 'kerja_ibu', 'kerja_wali'] as const)
      .filter((f) => input[f] !== unchanged[f])
      .map((f) => [f, input[f]]),
  ) as Record<string, number | null>;
  const ids = [...new Set(Object.values(kerja).filter((v): v is number => v !== null))];
  if (ids.length > 0) {
    const known = new Set(
      (
        await db
          .select({ id: refPekerjaan.pekerjaanId })
          .from(refPekerjaan)
          .where(inArray(refPekerjaan.pekerjaanId, ids))
      ).map((r) => r.id),
    );
    for (const [field, id] of Object.entries(kerja)) {
      if (id !== null && !known.has(id)) details[field] = PD_MESSAGES.pekerjaanUnknown;
    }
  }
  if (Object.keys(details).length > 0) {
    throw new AppError(422, 'VALIDATION_ERROR', MESSAGES.validation, details);
  }

  const { updated_at: loadedAt, ...fields } = input;
  if (Number.isNaN(Date.parse(loadedAt))) throw fieldError('updated_at', PD_MESSAGES.conflict, 400);
  const updated = await db
    .update(pesertaDidik)
    .set({
      nik: fields.nik,
      status: fields.status,
      anakKe: fields.anak_ke,
      alamat: fields.alamat,
      rt: fields.rt,
      rw: fields.rw,
      desaKelurahan: fields.desa_kelurahan,
      kecamatan: fields.kecamatan,
      kodePos: fields.kode_pos,
      noTelp: fields.no_telp,
      diterimaKelas: fields.diterima_kelas,
      namaAyah: fields.nama_ayah,
      kerjaAyah: fields.kerja_ayah,
      namaIbu: fields.nama_ibu,
      kerjaIbu: fields.kerja_ibu,
      namaWali: fields.nama_wali,
      alamatWali: fields.alamat_wali,
      telpWali: fields.telp_wali,
      kerjaWali: fields.kerja_wali,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(pesertaDidik.pesertaDidikId, pesertaDidikId),
        eq(pesertaDidik.sekolahId, actor.sekolahId),
        // The browser holds milliseconds; the column has microseconds.
        sql`date_trunc('milliseconds', ${pesertaDidik.updatedAt}) = ${loadedAt}::timestamptz`,
      ),
    )
    .returning({ id: pesertaDidik.pesertaDidikId });
  if (updated.length === 0) throw new AppError(409, 'CONFLICT', PD_MESSAGES.conflict);
  const data = await loadDetail(db, actor, pesertaDidikId);
  if (!data) throw notFound();
  return { message: PD_MESSAGES.updated(current.nama), data };
}
