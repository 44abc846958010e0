import { MESSAGES } from '@erapor/contract/errors';
import type { ListQuery, ListResponse } from '@erapor/contract/list';
import {
  localDate,
  OPSI_SIKAP,
  SIKAP_MESSAGES,
  SIKAP_READ_ALL_ROLES,
  SIKAP_SORT_COLUMNS,
  type SikapCreate,
  type SikapDetail,
  type SikapKelasResponse,
  type SikapListFilter,
  type SikapPdResponse,
  type SikapReferensi,
  type SikapRombel,
  type SikapRow,
  type SikapUpdate,
  tanggalSikapError,
} from '@erapor/contract/penilaian/sikap';
import { P5_KODE_DIMENSI_TO_NO } from '@erapor/reference-data/p5';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { nilaiSikap } from '../../../db/tables/penilaian';
import { anggotaRombel, guru, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { refP5Dimensi, refP5Elemen } from '../../../db/tables/referensi-ref';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { hasAnyRole, likePattern } from '../../referensi/rombel/access';
import { sortKeyOf } from '../../referensi/rombel/service';
import { recordChanges } from '../../riwayat-nilai/record';
import { getSettings } from '../../sekolah/service';
import { SETTING_KEYS } from '../../sekolah/settings';
import { assertPenilaianOpen } from '../gate';
import { gateMessages, requireSikapRombel, requireWriter, sikapRombels } from './access';

const DEFAULT_ZONE = 'Asia/Jakarta';

function validationError(details: Record<string, string>): AppError {
  return new AppError(422, 'VALIDATION_ERROR', MESSAGES.validation, details);
}

/** Today in the school's time zone (Pengaturan Umum "Zona Waktu"). */
async function schoolToday(db: Db, actor: Actor, now: Date): Promise<string> {
  const zona = (await getSettings(db, actor, actor.semesterId))[SETTING_KEYS.zona] ?? DEFAULT_ZONE;
  try {
    return localDate(now, zona);
  } catch {
    return localDate(now, DEFAULT_ZONE);
  }
}

/**
 * Dimensions with their elements. The published element sheet numbers its dimensions differently
 * from the dimension sheet (ref-tables.ts), so elements are grouped through P5_KODE_DIMENSI_TO_NO.
 */
async function loadReferensi(db: Db): Promise<SikapReferensi['dimensi']> {
  const [dimensi, elemen] = await Promise.all([
    db.select().from(refP5Dimensi).orderBy(asc(refP5Dimensi.no)),
    db.select().from(refP5Elemen).orderBy(asc(refP5Elemen.no)),
  ]);
  return dimensi.map((d) => ({
    dimensi_id: d.no,
    nama: d.dimensi,
    elemen: elemen
      .filter((e) => (P5_KODE_DIMENSI_TO_NO[e.kodeDimensi] ?? e.kodeDimensi) === d.no)
      .map((e) => ({ elemen_id: e.no, nama: e.elemen })),
  }));
}

/** Anyone who writes or reads notes may read the dimensions. */
export async function getReferensi(db: Db, actor: Actor): Promise<SikapReferensi> {
  if (!hasAnyRole(actor, ['guru', ...SIKAP_READ_ALL_ROLES])) throw forbidden();
  return { dimensi: await loadReferensi(db), opsi: OPSI_SIKAP.map((o) => ({ ...o })) };
}

/** The classes of the pickers (tingkat → rombel), with the gate of each. */
export async function listRombel(db: Db, actor: Actor): Promise<{ data: SikapRombel[] }> {
  const writer = requireWriter(actor);
  const rombels = await sikapRombels(db, writer);
  const gates = await gateMessages(db, actor, rombels);
  return {
    data: rombels.map((r, i) => ({
      rombongan_belajar_id: r.rombonganBelajarId,
      nama: r.nama,
      tingkat: r.tingkat,
      penilaian_tertutup: gates[i] ?? null,
    })),
  };
}

/** Members of one of the caller's classes. */
export async function listPesertaDidik(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
): Promise<SikapPdResponse> {
  const writer = requireWriter(actor);
  await requireSikapRombel(db, writer, rombonganBelajarId);
  const data = await db
    .select({
      anggota_rombel_id: anggotaRombel.anggotaRombelId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
    })
    .from(anggotaRombel)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .where(and(eq(anggotaRombel.rombonganBelajarId, rombonganBelajarId), isNull(anggotaRombel.deletedAt)))
    .orderBy(asc(pesertaDidik.nama), asc(anggotaRombel.anggotaRombelId));
  return { data };
}

// --- reading notes ---

const rowColumns = {
  nilai_sikap_id: nilaiSikap.nilaiSikapId,
  tanggal: nilaiSikap.tanggal,
  anggota_rombel_id: nilaiSikap.anggotaRombelId,
  nama: pesertaDidik.nama,
  nisn: pesertaDidik.nisn,
  kelas: rombonganBelajar.nama,
  dimensi_id: nilaiSikap.dimensiId,
  dimensi: refP5Dimensi.dimensi,
  elemen_id: nilaiSikap.elemenId,
  elemen: refP5Elemen.elemen,
  opsi_id: nilaiSikap.opsiId,
  deskripsi: nilaiSikap.deskripsi,
  guru: guru.nama,
  updated_at: nilaiSikap.updatedAt,
  tingkat: rombonganBelajar.tingkat,
  rombongan_belajar_id: rombonganBelajar.rombonganBelajarId,
  guru_id: nilaiSikap.guruId,
  semester_id: nilaiSikap.semesterId,
  wali_id: rombonganBelajar.guruId,
};

/** Notes joined with pupil, class, dimension, element and author (LEFT JOINs on the reference). */
function notesQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(nilaiSikap)
    .innerJoin(anggotaRombel, eq(anggotaRombel.anggotaRombelId, nilaiSikap.anggotaRombelId))
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, anggotaRombel.rombonganBelajarId))
    .leftJoin(refP5Dimensi, eq(refP5Dimensi.no, nilaiSikap.dimensiId))
    .leftJoin(refP5Elemen, eq(refP5Elemen.no, nilaiSikap.elemenId))
    .leftJoin(guru, eq(guru.guruId, nilaiSikap.guruId))
    .where(where);
}

type NoteRecord = Omit<Awaited<ReturnType<ReturnType<typeof notesQuery>['execute']>>[number], 'total'>;

function toRow(r: NoteRecord): SikapRow {
  return {
    nilai_sikap_id: r.nilai_sikap_id,
    tanggal: r.tanggal,
    anggota_rombel_id: r.anggota_rombel_id,
    nama: r.nama,
    nisn: r.nisn,
    kelas: r.kelas,
    dimensi_id: r.dimensi_id,
    dimensi: r.dimensi,
    elemen_id: r.elemen_id,
    elemen: r.elemen,
    opsi_id: r.opsi_id,
    deskripsi: r.deskripsi,
    guru: r.guru,
    updated_at: r.updated_at.toISOString(),
  };
}

const SORTS: Record<(typeof SIKAP_SORT_COLUMNS)[number], AnyPgColumn | SQL> = {
  tanggal: nilaiSikap.tanggal,
  nama: pesertaDidik.nama,
  kelas: rombonganBelajar.nama,
  dimensi: nilaiSikap.dimensiId,
  elemen: refP5Elemen.elemen,
  opsi: nilaiSikap.opsiId,
  guru: guru.nama,
};

async function pageOfNotes(db: Db, base: SQL[], query: ListQuery): Promise<ListResponse<SikapRow>> {
  const where = [...base];
  if (query.q) {
    const p = likePattern(query.q);
    where.push(
      sql`(${pesertaDidik.nama} ilike ${p} or ${pesertaDidik.nisn} like ${p} or ${rombonganBelajar.nama} ilike ${p}
        or ${nilaiSikap.deskripsi} ilike ${p} or ${refP5Elemen.elemen} ilike ${p})`,
    );
  }
  // Newest first unless the user sorts: the list is a diary.
  const key = sortKeyOf(SIKAP_SORT_COLUMNS, query.sort_by, 'tanggal');
  const dir = query.sort_by === undefined || query.sort_dir === 'desc' ? desc : asc;
  const rows = await notesQuery(db, and(...where))
    .orderBy(dir(SORTS[key]), desc(nilaiSikap.createdAt), asc(nilaiSikap.nilaiSikapId))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await notesQuery(db, and(...where)).limit(1);
    total = count?.total ?? 0;
  }
  return { data: rows.map(toRow), total, page: query.page, per_page: query.per_page };
}

/** The caller's own notes of the login's semester. */
export async function listOwn(
  db: Db,
  actor: Actor,
  query: ListQuery & SikapListFilter,
): Promise<ListResponse<SikapRow>> {
  const writer = requireWriter(actor);
  const base = [
    eq(nilaiSikap.sekolahId, actor.sekolahId),
    eq(nilaiSikap.semesterId, actor.semesterId),
    eq(nilaiSikap.guruId, writer.guruId),
  ];
  if (query.rombongan_belajar_id)
    base.push(eq(rombonganBelajar.rombonganBelajarId, query.rombongan_belajar_id));
  return pageOfNotes(db, base, query);
}

/** Every teacher's notes on the pupils of a class: its wali kelas, or admin and waka. */
export async function listKelas(
  db: Db,
  actor: Actor,
  rombonganBelajarId: string,
  query: ListQuery,
): Promise<SikapKelasResponse> {
  const [rombel] = await db
    .select({
      nama: rombonganBelajar.nama,
      guruId: rombonganBelajar.guruId,
      jenis: rombonganBelajar.jenisRombel,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  const isWali =
    rombel?.jenis === 1 && actor.roles.includes('wali') && !!actor.guruId && rombel.guruId === actor.guruId;
  if (!isWali && !hasAnyRole(actor, SIKAP_READ_ALL_ROLES)) throw forbidden();
  if (!rombel) throw notFound();
  const page = await pageOfNotes(
    db,
    [eq(nilaiSikap.sekolahId, actor.sekolahId), eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId)],
    query,
  );
  return { ...page, rombel: { rombongan_belajar_id: rombonganBelajarId, nama: rombel.nama } };
}

async function findNote(db: Db, actor: Actor, id: string): Promise<NoteRecord> {
  const [row] = await notesQuery(
    db,
    and(eq(nilaiSikap.nilaiSikapId, id), eq(nilaiSikap.sekolahId, actor.sekolahId)),
  );
  if (!row) throw notFound(SIKAP_MESSAGES.notFound);
  const { total: _t, ...note } = row;
  return note;
}

const isAuthor = (actor: Actor, note: NoteRecord) =>
  !!actor.guruId && actor.roles.includes('guru') && note.guru_id === actor.guruId;

function toDetail(actor: Actor, note: NoteRecord): SikapDetail {
  return {
    ...toRow(note),
    tingkat: note.tingkat,
    rombongan_belajar_id: note.rombongan_belajar_id,
    can_edit: isAuthor(actor, note) && note.semester_id === actor.semesterId,
  };
}

/** One note: its author, the wali of the pupil's class, admin and waka. */
export async function getNote(db: Db, actor: Actor, id: string): Promise<SikapDetail> {
  const note = await findNote(db, actor, id);
  const isWali = actor.roles.includes('wali') && !!actor.guruId && note.wali_id === actor.guruId;
  if (!isAuthor(actor, note) && !isWali && !hasAnyRole(actor, SIKAP_READ_ALL_ROLES)) throw forbidden();
  return toDetail(actor, note);
}

// --- writing notes ---

/** Field checks that need the database or the clock: dimension/element pair and the date. */
async function checkNoteFields(
  db: Db,
  actor: Actor,
  input: Pick<SikapCreate, 'tanggal' | 'dimensi_id' | 'elemen_id'>,
  now: Date,
): Promise<Record<string, string>> {
  const details: Record<string, string> = {};
  const tanggal = tanggalSikapError(input.tanggal, actor.semesterId, await schoolToday(db, actor, now));
  if (tanggal) details.tanggal = tanggal;
  const dimensi = (await loadReferensi(db)).find((d) => d.dimensi_id === input.dimensi_id);
  if (!dimensi) details.dimensi_id = SIKAP_MESSAGES.dimensiUnknown;
  const [elemen] = await db.select().from(refP5Elemen).where(eq(refP5Elemen.no, input.elemen_id));
  if (!elemen) details.elemen_id = SIKAP_MESSAGES.elemenUnknown;
  else if (dimensi && !dimensi.elemen.some((e) => e.elemen_id === input.elemen_id)) {
    details.elemen_id = SIKAP_MESSAGES.elemenNotInDimensi;
  }
  return details;
}

/**
 * A new note. The class must be one the caller teaches in the login's semester (403 otherwise),
 * the pupil a member of it, the date within the semester and not in the future, and grade entry
 * open for the class (423).
 */
export async function createNote(
  db: Db,
  actor: Actor,
  input: SikapCreate,
  now: Date,
): Promise<{ message: string; data: SikapDetail }> {
  const writer = requireWriter(actor);
  const rombel = await requireSikapRombel(
    db,
    writer,
    input.rombongan_belajar_id,
    SIKAP_MESSAGES.rombelNotTaught,
  );
  const details = await checkNoteFields(db, actor, input, now);
  if (rombel.tingkat !== input.tingkat) details.rombongan_belajar_id = SIKAP_MESSAGES.rombelTingkat;
  const [anggota] = await db
    .select({ id: anggotaRombel.anggotaRombelId })
    .from(anggotaRombel)
    .where(
      and(
        eq(anggotaRombel.anggotaRombelId, input.anggota_rombel_id),
        eq(anggotaRombel.rombonganBelajarId, input.rombongan_belajar_id),
        isNull(anggotaRombel.deletedAt),
      ),
    );
  if (!anggota) details.anggota_rombel_id = SIKAP_MESSAGES.pdNotInRombel;
  if (Object.keys(details).length > 0) throw validationError(details);

  const id = await db.transaction(async (tx) => {
    await assertPenilaianOpen(tx, actor, input.rombongan_belajar_id);
    const [row] = await tx
      .insert(nilaiSikap)
      .values({
        sekolahId: actor.sekolahId,
        semesterId: actor.semesterId,
        anggotaRombelId: input.anggota_rombel_id,
        guruId: writer.guruId,
        tanggal: input.tanggal,
        dimensiId: input.dimensi_id,
        elemenId: input.elemen_id,
        opsiId: input.opsi_id,
        deskripsi: input.deskripsi,
      })
      .returning({ id: nilaiSikap.nilaiSikapId });
    if (!row) throw new Error('nilai_sikap not written');
    await recordChanges(tx, actor, sikapAudit(input.rombongan_belajar_id), [
      { pupilId: input.anggota_rombel_id, kunci: row.id, lama: null, baru: noteText(input) },
    ]);
    return row.id;
  });
  return { message: SIKAP_MESSAGES.saved, data: toDetail(actor, await findNote(db, actor, id)) };
}

/** A note as the Riwayat Perubahan Nilai records it (kunci: the note's id). */
type NoteFields = {
  tanggal: string;
  dimensi_id: number;
  elemen_id: number;
  opsi_id: number;
  deskripsi: string;
};
const noteText = (n: NoteFields) =>
  `${n.tanggal} · dimensi ${n.dimensi_id} · elemen ${n.elemen_id} · opsi ${n.opsi_id}: ${n.deskripsi}`;
const sikapAudit = (rombonganBelajarId: string) =>
  ({ jenis: 'sikap', rombonganBelajarId, pembelajaranId: null }) as const;

/** The note, if the caller wrote it in the login's semester (403 otherwise). */
async function ownNote(db: Db, actor: Actor, id: string): Promise<NoteRecord> {
  requireWriter(actor);
  const note = await findNote(db, actor, id);
  if (!isAuthor(actor, note)) throw forbidden(SIKAP_MESSAGES.notAuthor);
  if (note.semester_id !== actor.semesterId) throw forbidden(SIKAP_MESSAGES.otherSemester);
  return note;
}

/** Locks the note and refuses (409) when it changed since `loadedAt` was read. */
async function lockNote(tx: Db, id: string, loadedAt?: string): Promise<void> {
  const [current] = await tx
    .select({ updatedAt: nilaiSikap.updatedAt })
    .from(nilaiSikap)
    .where(eq(nilaiSikap.nilaiSikapId, id))
    .for('update');
  if (!current) throw notFound(SIKAP_MESSAGES.notFound);
  if (loadedAt !== undefined && current.updatedAt.toISOString() !== loadedAt) {
    throw new AppError(409, 'CONFLICT', SIKAP_MESSAGES.conflict);
  }
}

/** Edits the author's note (the pupil stays); refused when someone changed it since it was loaded. */
export async function updateNote(
  db: Db,
  actor: Actor,
  id: string,
  input: SikapUpdate,
  now: Date,
): Promise<{ message: string; data: SikapDetail }> {
  const note = await ownNote(db, actor, id);
  const details = await checkNoteFields(db, actor, input, now);
  if (Object.keys(details).length > 0) throw validationError(details);
  await db.transaction(async (tx) => {
    await lockNote(tx, id, input.updated_at);
    await assertPenilaianOpen(tx, actor, note.rombongan_belajar_id);
    await tx
      .update(nilaiSikap)
      .set({
        tanggal: input.tanggal,
        dimensiId: input.dimensi_id,
        elemenId: input.elemen_id,
        opsiId: input.opsi_id,
        deskripsi: input.deskripsi,
        updatedAt: sql`now()`,
      })
      .where(eq(nilaiSikap.nilaiSikapId, id));
    await recordChanges(tx, actor, sikapAudit(note.rombongan_belajar_id), [
      { pupilId: note.anggota_rombel_id, kunci: id, lama: noteText(note), baru: noteText(input) },
    ]);
  });
  return { message: SIKAP_MESSAGES.updated, data: toDetail(actor, await findNote(db, actor, id)) };
}

export async function deleteNote(db: Db, actor: Actor, id: string): Promise<{ message: string }> {
  const note = await ownNote(db, actor, id);
  await db.transaction(async (tx) => {
    await lockNote(tx, id);
    await assertPenilaianOpen(tx, actor, note.rombongan_belajar_id);
    await tx.delete(nilaiSikap).where(eq(nilaiSikap.nilaiSikapId, id));
    await recordChanges(tx, actor, sikapAudit(note.rombongan_belajar_id), [
      { pupilId: note.anggota_rombel_id, kunci: id, lama: noteText(note), baru: null },
    ]);
  });
  return { message: SIKAP_MESSAGES.deleted };
}
