import { ERROR_CODES } from '@erapor/contract/errors';
import type { ListQuery, ListResponse } from '@erapor/contract/list';
import {
  checkGtkInput,
  GTK_MESSAGES,
  GTK_SORT_COLUMNS,
  type GtkDetail,
  type GtkField,
  type GtkInput,
  type GtkKind,
  type GtkOptions,
  type GtkRow,
  type ImportPreview,
  JENIS_PTK_OF,
  jenisPtkOfKind,
  kindOfJenisPtk,
  type LocalGtkKind,
  namaLengkap,
  normalizeGtkInput,
  type UpdateGelar,
} from '@erapor/contract/referensi/gtk';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { users } from '../../../db/tables/pengguna';
import { gelarPtk, guru } from '../../../db/tables/referensi';
import { refAgama, refGelarAkademik, refMstWilayah } from '../../../db/tables/referensi-ref';
import { AppError, fieldError, notFound } from '../../../lib/errors';
import * as dudiService from '../dudi/service';
import { likePattern } from '../dudi/service';
import { agamaLookup, buildTemplate, parseGtkWorkbook } from './excel';

const SORT = {
  nama: guru.nama,
  nuptk: guru.nuptk,
  jenis_kelamin: guru.jenisKelamin,
  tempat_lahir: guru.tempatLahir,
  tanggal_lahir: guru.tanggalLahir,
  email: guru.email,
} as const satisfies Record<(typeof GTK_SORT_COLUMNS)[number], unknown>;

/** Live PTK rows of the school that did not leave in the caller's semester. */
function livePtk(actor: Actor) {
  return and(
    eq(guru.sekolahId, actor.sekolahId),
    isNull(guru.deletedAt),
    notExists(
      sql`(select 1 from ptk_keluar k where k.guru_id = "guru"."guru_id" and k.semester_id = ${actor.semesterId})`,
    ),
  );
}

/** Titles of some PTK, in their order: guru_id → front / back codes and ids. */
async function gelarOf(db: Db, guruIds: readonly string[]) {
  const out = new Map<
    string,
    { depan: { id: number; kode: string }[]; belakang: { id: number; kode: string }[] }
  >();
  if (guruIds.length === 0) return out;
  const rows = await db
    .select({
      guruId: gelarPtk.guruId,
      id: refGelarAkademik.gelarAkademikId,
      kode: refGelarAkademik.kode,
      posisi: refGelarAkademik.posisiGelar,
    })
    .from(gelarPtk)
    .innerJoin(refGelarAkademik, eq(refGelarAkademik.gelarAkademikId, gelarPtk.gelarAkademikId))
    .where(and(inArray(gelarPtk.guruId, [...guruIds]), isNull(gelarPtk.deletedAt)))
    .orderBy(asc(gelarPtk.noUrut), asc(refGelarAkademik.kode));
  for (const r of rows) {
    const entry = out.get(r.guruId) ?? { depan: [], belakang: [] };
    (r.posisi === 1 ? entry.depan : entry.belakang).push({ id: r.id, kode: r.kode });
    out.set(r.guruId, entry);
  }
  return out;
}

export async function listGtk(
  db: Db,
  actor: Actor,
  kind: GtkKind,
  query: ListQuery,
): Promise<ListResponse<GtkRow>> {
  const sortBy = query.sort_by ?? 'nama';
  if (!(GTK_SORT_COLUMNS as readonly string[]).includes(sortBy)) {
    throw fieldError('sort_by', `Kolom ${sortBy} tidak dapat diurutkan`, 400);
  }
  const q = query.q ? likePattern(query.q) : null;
  const where = and(
    livePtk(actor),
    inArray(guru.jenisPtkId, [...jenisPtkOfKind(kind)]),
    q ? or(ilike(guru.nama, q), ilike(guru.nuptk, q), ilike(guru.nik, q)) : undefined,
  );
  const dir = query.sort_dir === 'desc' ? desc : asc;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        guru_id: guru.guruId,
        nama: guru.nama,
        nuptk: guru.nuptk,
        nik: guru.nik,
        jenis_kelamin: guru.jenisKelamin,
        tempat_lahir: guru.tempatLahir,
        tanggal_lahir: guru.tanggalLahir,
        email: guru.email,
        dudi_id: guru.dudiId,
      })
      .from(guru)
      .where(where)
      .orderBy(dir(SORT[sortBy as keyof typeof SORT]), asc(guru.guruId))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(guru).where(where),
  ]);
  const gelar = await gelarOf(
    db,
    rows.map((r) => r.guru_id),
  );
  const dudiNames = await dudiService.dudiNames(
    db,
    actor.sekolahId,
    rows.flatMap((r) => (r.dudi_id ? [r.dudi_id] : [])),
  );
  return {
    data: rows.map(({ dudi_id, ...r }) => {
      const g = gelar.get(r.guru_id);
      return {
        ...r,
        nama_lengkap: namaLengkap(
          r.nama,
          g?.depan.map((x) => x.kode) ?? [],
          g?.belakang.map((x) => x.kode) ?? [],
        ),
        dudi: dudi_id ? (dudiNames.get(dudi_id) ?? null) : null,
      };
    }),
    total: count?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

async function findPtk(db: Db, actor: Actor, guruId: string) {
  const [row] = await db
    .select()
    .from(guru)
    .where(and(eq(guru.guruId, guruId), eq(guru.sekolahId, actor.sekolahId), isNull(guru.deletedAt)));
  if (!row) throw notFound('Data PTK tidak ditemukan');
  return row;
}

export async function getGtk(db: Db, actor: Actor, guruId: string): Promise<GtkDetail> {
  const row = await findPtk(db, actor, guruId);
  const g = (await gelarOf(db, [guruId])).get(guruId) ?? { depan: [], belakang: [] };
  const [agama] = row.agamaId
    ? await db.select({ nama: refAgama.nama }).from(refAgama).where(eq(refAgama.id, row.agamaId))
    : [];
  const dudiName = row.dudiId
    ? (await dudiService.dudiNames(db, actor.sekolahId, [row.dudiId])).get(row.dudiId)
    : null;
  const jenis = kindOfJenisPtk(row.jenisPtkId);
  return {
    guru_id: row.guruId,
    nama: row.nama,
    nama_lengkap: namaLengkap(
      row.nama,
      g.depan.map((x) => x.kode),
      g.belakang.map((x) => x.kode),
    ),
    nuptk: row.nuptk,
    nik: row.nik,
    jenis_kelamin: row.jenisKelamin,
    tempat_lahir: row.tempatLahir,
    tanggal_lahir: row.tanggalLahir,
    email: row.email,
    dudi: dudiName ?? null,
    jenis,
    jenis_ptk_id: row.jenisPtkId,
    nip: row.nip,
    niy: row.niy,
    agama_id: row.agamaId,
    agama: agama?.nama ?? null,
    alamat: row.alamat,
    rt: row.rt,
    rw: row.rw,
    desa_kelurahan: row.desaKelurahan,
    kecamatan: row.kecamatan,
    kode_pos: row.kodePos,
    no_hp: row.noHp,
    dudi_id: row.dudiId,
    gelar_depan: g.depan.map((x) => x.id),
    gelar_belakang: g.belakang.map((x) => x.id),
    is_dapodik: row.isDapodik,
    editable: jenis === 'instruktur' || jenis === 'asesor',
  };
}

async function agamaRows(db: Db) {
  return db
    .select({ id: refAgama.id, nama: refAgama.nama })
    .from(refAgama)
    .where(and(isNull(refAgama.deletedAt), sql`${refAgama.id} < 98`))
    .orderBy(asc(refAgama.id));
}

export async function gtkOptions(db: Db, actor: Actor): Promise<GtkOptions> {
  const [gelar, agama, dudi] = await Promise.all([
    db
      .select({
        value: refGelarAkademik.gelarAkademikId,
        kode: refGelarAkademik.kode,
        nama: refGelarAkademik.nama,
        posisi: refGelarAkademik.posisiGelar,
      })
      .from(refGelarAkademik)
      .where(isNull(refGelarAkademik.expiredDate))
      .orderBy(asc(refGelarAkademik.kode)),
    agamaRows(db),
    dudiService.dudiOptions(db, actor.sekolahId),
  ]);
  const label = (g: (typeof gelar)[number]) => (g.nama ? `${g.kode} (${g.nama})` : g.kode);
  return {
    gelar_depan: gelar.filter((g) => g.posisi === 1).map((g) => ({ value: g.value, label: label(g) })),
    gelar_belakang: gelar.filter((g) => g.posisi === 2).map((g) => ({ value: g.value, label: label(g) })),
    agama: agama.map((a) => ({ value: a.id, label: a.nama })),
    dudi,
  };
}

export async function updateGelar(db: Db, actor: Actor, guruId: string, input: UpdateGelar): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPtk(tx, actor, guruId);
    const ids = [...new Set([...input.gelar_depan, ...input.gelar_belakang])];
    const known = ids.length
      ? await tx
          .select({ id: refGelarAkademik.gelarAkademikId, posisi: refGelarAkademik.posisiGelar })
          .from(refGelarAkademik)
          .where(inArray(refGelarAkademik.gelarAkademikId, ids))
      : [];
    const posisi = new Map(known.map((k) => [k.id, k.posisi]));
    if (input.gelar_depan.some((id) => posisi.get(id) !== 1)) {
      throw fieldError('gelar_depan', 'Gelar Depan tidak ditemukan!');
    }
    if (input.gelar_belakang.some((id) => posisi.get(id) !== 2)) {
      throw fieldError('gelar_belakang', 'Gelar Belakang tidak ditemukan!');
    }
    if (row.jenisPtkId === JENIS_PTK_OF.asesor && input.dudi_id !== undefined) {
      const dudiId = input.dudi_id || null;
      if (!dudiId) throw fieldError('dudi_id', GTK_MESSAGES.dudiRequired);
      if (!(await dudiService.existingDudiIds(tx, actor.sekolahId, [dudiId])).has(dudiId)) {
        throw fieldError('dudi_id', GTK_MESSAGES.dudiNotFound);
      }
      await tx.update(guru).set({ dudiId, updatedAt: new Date() }).where(eq(guru.guruId, guruId));
    }
    // NIY is the school's own number for any PTK (Dapodik rows included): the sync does not own it.
    if (input.niy !== undefined) {
      await tx
        .update(guru)
        .set({ niy: input.niy || null, updatedAt: new Date() })
        .where(eq(guru.guruId, guruId));
    }
    // Existing rows (also those from Dapodik, keyed by their Dapodik id) are reused or soft-deleted,
    // never duplicated: a later sync then finds its own rows again.
    const now = new Date();
    const existing = await tx.select().from(gelarPtk).where(eq(gelarPtk.guruId, guruId));
    const chosen = [...input.gelar_depan, ...input.gelar_belakang];
    const kept = new Set<string>();
    for (const [i, gelarAkademikId] of chosen.entries()) {
      const row = existing.find((e) => e.gelarAkademikId === gelarAkademikId && !kept.has(e.gelarPtkId));
      if (row) {
        kept.add(row.gelarPtkId);
        await tx
          .update(gelarPtk)
          .set({ noUrut: i + 1, deletedAt: null, updatedAt: now })
          .where(eq(gelarPtk.gelarPtkId, row.gelarPtkId));
      } else {
        await tx
          .insert(gelarPtk)
          .values({ sekolahId: actor.sekolahId, guruId, gelarAkademikId, noUrut: i + 1 });
      }
    }
    const dropped = existing.filter((e) => !kept.has(e.gelarPtkId) && !e.deletedAt).map((e) => e.gelarPtkId);
    if (dropped.length) {
      await tx
        .update(gelarPtk)
        .set({ deletedAt: now, updatedAt: now })
        .where(inArray(gelarPtk.gelarPtkId, dropped));
    }
  });
}

type RowErrors = Partial<Record<GtkField, string>>;

/**
 * Every check of some rows: the pure ones (contract), the region code of each NIK, agama and
 * DUDI existence, and uniqueness of e-mail and NIK within the rows and against the school's
 * PTK (`exceptGuruId`: the row being edited).
 */
export async function checkRows(
  db: Db,
  actor: Actor,
  kind: LocalGtkKind,
  rows: readonly GtkInput[],
  exceptGuruId?: string,
): Promise<RowErrors[]> {
  const niks = [...new Set(rows.map((r) => r.nik).filter((n) => /^\d{16}$/.test(n)))];
  const regions = [...new Set(niks.map((n) => n.slice(0, 6)))];
  const knownRegions = new Set(
    regions.length
      ? (
          await db
            .select({ code: sql<string>`left(trim(${refMstWilayah.kodeDagri}), 6)` })
            .from(refMstWilayah)
            .where(
              and(
                eq(refMstWilayah.idLevelWilayah, 3),
                inArray(sql`left(trim(${refMstWilayah.kodeDagri}), 6)`, regions),
              ),
            )
        ).map((r) => r.code)
      : [],
  );
  const agamaIds = new Set((await agamaRows(db)).map((a) => a.id));
  const dudiIds = await dudiService.existingDudiIds(
    db,
    actor.sekolahId,
    rows.flatMap((r) => (r.dudi_id ? [r.dudi_id] : [])),
  );
  const emails = [...new Set(rows.map((r) => r.email).filter(Boolean))];
  const others = and(
    eq(guru.sekolahId, actor.sekolahId),
    isNull(guru.deletedAt),
    exceptGuruId ? ne(guru.guruId, exceptGuruId) : undefined,
  );
  const takenEmails = new Set(
    emails.length
      ? (
          await db
            .select({ email: sql<string>`lower(${guru.email})` })
            .from(guru)
            .where(and(others, inArray(sql`lower(${guru.email})`, emails)))
        ).map((r) => r.email)
      : [],
  );
  // A log-in account with that e-mail (the administrator's, a pupil's...) would clash when
  // generatePengguna creates the PTK's account; the PTK's own account is no clash.
  for (const email of emails) {
    if (takenEmails.has(email)) continue;
    // The users table read directly (as pengguna's findUserByEmail does): accounts sit above reference data.
    const [user] = await db
      .select({ guruId: users.guruId })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    if (user && (!exceptGuruId || user.guruId !== exceptGuruId)) takenEmails.add(email);
  }
  const takenNiks = new Set(
    niks.length
      ? (
          await db
            .select({ nik: guru.nik })
            .from(guru)
            .where(and(others, inArray(guru.nik, niks)))
        ).map((r) => r.nik)
      : [],
  );

  const firstEmail = new Map<string, number>();
  const firstNik = new Map<string, number>();
  return rows.map((row, i) => {
    const errors: RowErrors = checkGtkInput(row, kind, (code) => knownRegions.has(code));
    if (row.agama_id !== null && !agamaIds.has(row.agama_id)) errors.agama_id = GTK_MESSAGES.agamaNotFound;
    if (kind === 'asesor' && row.dudi_id && !dudiIds.has(row.dudi_id))
      errors.dudi_id = GTK_MESSAGES.dudiNotFound;
    if (!errors.email) {
      const seen = firstEmail.get(row.email);
      if (takenEmails.has(row.email)) errors.email = GTK_MESSAGES.emailTaken;
      else if (seen !== undefined) errors.email = GTK_MESSAGES.emailDuplicateInFile(seen + 1);
      else firstEmail.set(row.email, i);
    }
    if (!errors.nik) {
      const seen = firstNik.get(row.nik);
      if (takenNiks.has(row.nik)) errors.nik = GTK_MESSAGES.nikTaken;
      else if (seen !== undefined) errors.nik = GTK_MESSAGES.nikDuplicateInFile(seen + 1);
      else firstNik.set(row.nik, i);
    }
    return errors;
  });
}

function toColumns(actor: Actor, kind: LocalGtkKind, r: GtkInput) {
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    sekolahId: actor.sekolahId,
    nama: r.nama,
    nuptk: orNull(r.nuptk),
    nip: orNull(r.nip),
    nik: r.nik,
    jenisKelamin: r.jenis_kelamin,
    tempatLahir: r.tempat_lahir,
    tanggalLahir: r.tanggal_lahir,
    jenisPtkId: JENIS_PTK_OF[kind],
    agamaId: r.agama_id,
    alamat: orNull(r.alamat),
    rt: orNull(r.rt),
    rw: orNull(r.rw),
    desaKelurahan: orNull(r.desa_kelurahan),
    kecamatan: orNull(r.kecamatan),
    kodePos: orNull(r.kode_pos),
    noHp: orNull(r.no_hp),
    email: r.email,
    dudiId: kind === 'asesor' ? r.dudi_id : null,
    isDapodik: false,
  };
}

/** Serialises writers of a school's instruktur/asesor so two imports cannot both pass the uniqueness check. */
async function lockSchoolPtk(tx: Db, sekolahId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gtk:${sekolahId}`}))`);
}

function rowsError(errors: RowErrors[], prefix: (i: number) => string): AppError | null {
  const details: Record<string, string> = {};
  let bad = 0;
  errors.forEach((e, i) => {
    const entries = Object.entries(e);
    if (entries.length) bad++;
    for (const [field, message] of entries) details[`${prefix(i)}${field}`] = message;
  });
  if (!bad) return null;
  const first = Object.values(details)[0] ?? GTK_MESSAGES.invalidRows(bad);
  const message = errors.length === 1 ? first : GTK_MESSAGES.invalidRows(bad);
  return new AppError(422, ERROR_CODES.VALIDATION, message, details);
}

export async function createGtk(db: Db, actor: Actor, kind: LocalGtkKind, input: GtkInput): Promise<string> {
  const row = normalizeGtkInput(input);
  return db.transaction(async (tx) => {
    await lockSchoolPtk(tx, actor.sekolahId);
    const err = rowsError(await checkRows(tx, actor, kind, [row]), () => '');
    if (err) throw err;
    const [created] = await tx
      .insert(guru)
      .values(toColumns(actor, kind, row))
      .returning({ id: guru.guruId });
    if (!created) throw new Error('insert guru returned nothing');
    return created.id;
  });
}

async function findLocal(db: Db, actor: Actor, guruId: string): Promise<LocalGtkKind> {
  const row = await findPtk(db, actor, guruId);
  const kind = kindOfJenisPtk(row.jenisPtkId);
  if (kind !== 'instruktur' && kind !== 'asesor') {
    throw new AppError(403, ERROR_CODES.FORBIDDEN, GTK_MESSAGES.notLocal);
  }
  return kind;
}

export async function updateGtk(
  db: Db,
  actor: Actor,
  guruId: string,
  input: GtkInput,
): Promise<LocalGtkKind> {
  const row = normalizeGtkInput(input);
  return db.transaction(async (tx) => {
    await lockSchoolPtk(tx, actor.sekolahId);
    const kind = await findLocal(tx, actor, guruId);
    const err = rowsError(await checkRows(tx, actor, kind, [row], guruId), () => '');
    if (err) throw err;
    const { sekolahId: _s, jenisPtkId: _j, isDapodik: _d, ...columns } = toColumns(actor, kind, row);
    await tx
      .update(guru)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(guru.guruId, guruId));
    return kind;
  });
}

/** Soft delete: an asesor may already be named on UKK plans. */
export async function deleteGtk(db: Db, actor: Actor, guruId: string, now: Date): Promise<LocalGtkKind> {
  const kind = await findLocal(db, actor, guruId);
  await db.update(guru).set({ deletedAt: now, updatedAt: now }).where(eq(guru.guruId, guruId));
  return kind;
}

export async function previewImport(
  db: Db,
  actor: Actor,
  kind: LocalGtkKind,
  file: { data: Buffer; filename: string },
): Promise<ImportPreview> {
  const agama = agamaLookup(await agamaRows(db));
  const dudis = await dudiService.dudiOptions(db, actor.sekolahId);
  const byName = new Map(dudis.map((d) => [d.label.trim().toLowerCase(), d.value]));
  const ids = new Set(dudis.map((d) => d.value));
  const parsed = await parseGtkWorkbook(file.data, file.filename, kind, {
    agama,
    dudi: (v) => (ids.has(v) ? v : (byName.get(v.trim().toLowerCase()) ?? null)),
  });
  const values = parsed.map((p) => normalizeGtkInput(p.values));
  const checked = await checkRows(db, actor, kind, values);
  return {
    jenis: kind,
    rows: parsed.map((p, i) => ({
      row: p.row,
      values: values[i] as GtkInput,
      // What went wrong while reading wins (it names the value that was in the file).
      errors: { ...checked[i], ...p.errors },
    })),
  };
}

/** All rows in one transaction, or none: one invalid row refuses the whole save. */
export async function saveImport(
  db: Db,
  actor: Actor,
  kind: LocalGtkKind,
  input: readonly GtkInput[],
): Promise<number> {
  if (input.length === 0) throw fieldError('rows', GTK_MESSAGES.noRows);
  const rows = input.map(normalizeGtkInput);
  return db.transaction(async (tx) => {
    await lockSchoolPtk(tx, actor.sekolahId);
    const err = rowsError(await checkRows(tx, actor, kind, rows), (i) => `rows.${i}.`);
    if (err) throw err;
    await tx.insert(guru).values(rows.map((r) => toColumns(actor, kind, r)));
    return rows.length;
  });
}

export async function template(db: Db, actor: Actor, kind: LocalGtkKind): Promise<Buffer> {
  const agama = await agamaRows(db);
  const dudis = await dudiService.dudiOptions(db, actor.sekolahId);
  return buildTemplate(
    kind,
    agama.map((a) => a.nama),
    dudis.map((d) => d.label),
  );
}
