import { MESSAGES } from '@erapor/contract/errors';
import { faseOf, kelasOfFlags } from '@erapor/contract/kurikulum/common';
import {
  TP_IN_USE_CODE,
  TP_MESSAGES,
  type TpCreate,
  type TpListQuery,
  type TpRow,
  type TpSaved,
  type TpSumber,
  type TpSumberTarget,
  type TpUpdate,
} from '@erapor/contract/kurikulum/tp';
import type { ListResponse } from '@erapor/contract/list';
import type { JenisRiwayat } from '@erapor/contract/riwayat-nilai';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { cpSekolah, kdSekolah, tujuanPembelajaran as tp, tpMapel } from '../../db/tables/kurikulum';
import { nilaiTp, tpNilai } from '../../db/tables/penilaian';
import { nilaiPkl, praktikKerjaLapangan, tpPkl } from '../../db/tables/pkl';
import { pembelajaran, rombonganBelajar } from '../../db/tables/referensi';
import {
  refCapaianPembelajaran as cp,
  refKompetensiDasar as kd,
  refMataPelajaran,
} from '../../db/tables/referensi-ref';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/list';
import { lockPembelajaran } from '../penilaian/grid-save';
import { recomputeClasses } from '../pkl/nilai-akhir';
import { withScoreLossRecorded } from '../riwayat-nilai/cells';
import {
  findPembelajaran,
  isAdmin,
  isTeacher,
  ownedBy,
  ownPembelajaran,
  type PembelajaranInfo,
  requireReader,
  requireTeacher,
  taughtPembelajaran,
  taughtSubject,
} from './access';
import { cpAktif, cpSekolahJoin, cpVisible } from './cp';
import { buildTpTemplate, parseTpWorkbook, tpImportNotices } from './excel';
import { kdAktif, kdSekolahJoin, kdVisible } from './kd';
import { faseSql, inIds, kdForTingkat, scopeOf } from './service';

/** The grades hanging off a TP (riwayat-nilai/cells.ts): scores, ketercapaian, PKL scores. */
const TP_KINDS: readonly JenisRiwayat[] = ['nilai_tp', 'ketercapaian', 'pkl'];

/*
 * Tujuan pembelajaran: the school's TPs under a CP (Merdeka) or a KD (K13), and their links to the
 * pembelajaran they are graded in (tp_mapel). Writes are the subject teacher's: they add TPs of the
 * subjects they teach and map them only to pembelajaran they teach themselves.
 */

const mapelId = sql<number>`coalesce(${cp.mataPelajaranId}, ${kd.mataPelajaranId})`;
const mapelNama = sql<string>`coalesce(${refMataPelajaran.nama}, ${mapelId}::text)`;
const sumberKode = sql<string>`coalesce(${cp.elemen}, ${kd.idKompetensi}, '')`;
const kdTeks = sql<string>`coalesce(${kdSekolah.kompetensiDasarAlias}, ${kd.kompetensiDasar})`;

/** The classes (login's semester) a TP is mapped to, by name. */
const mappedRombel = (actor: Actor) => sql<string[] | null>`(select json_agg(r.nama order by r.nama)
  from ${tpMapel} tm
  join ${pembelajaran} p on p.pembelajaran_id = tm.pembelajaran_id
  join ${rombonganBelajar} r on r.rombongan_belajar_id = p.rombongan_belajar_id
  where tm.tp_id = ${tp.tpId} and p.semester_id = ${actor.semesterId}
    and p.deleted_at is null and r.deleted_at is null)`;

/** FROM tujuan_pembelajaran with its CP or KD, the school's KD alias and the subject's name. */
function tpFrom<T extends Parameters<Db['select']>[0]>(db: Db, actor: Actor, fields: NonNullable<T>) {
  return db
    .select(fields)
    .from(tp)
    .leftJoin(cp, eq(cp.cpId, tp.cpId))
    .leftJoin(kd, eq(kd.kompetensiDasarId, tp.kdId))
    .leftJoin(kdSekolah, kdSekolahJoin(actor))
    .leftJoin(refMataPelajaran, eq(refMataPelajaran.mataPelajaranId, mapelId));
}

export async function listTp(db: Db, actor: Actor, query: TpListQuery): Promise<ListResponse<TpRow>> {
  requireReader(actor);
  const scope = await scopeOf(db, actor, query);
  const forTingkat = (t: number): SQL =>
    sql`((${tp.cpId} is not null and ${cp.fase} = ${faseSql(t)}) or (${tp.kdId} is not null and ${kdForTingkat(t)}))`;
  const where = and(
    eq(tp.sekolahId, actor.sekolahId),
    isAdmin(actor) ? undefined : taughtSubject(actor, mapelId),
    scope.mapelIds ? inIds(mapelId, scope.mapelIds) : undefined,
    scope.tingkat ? forTingkat(scope.tingkat) : undefined,
    scope.merdeka === undefined
      ? undefined
      : scope.merdeka
        ? sql`${tp.cpId} is not null`
        : sql`${tp.kdId} is not null`,
  );
  const fase = sql`coalesce(${cp.fase}, concat_ws(',', ${kd.kelas10}, ${kd.kelas11}, ${kd.kelas12}, ${kd.kelas13}))`;
  const page = await paginate(
    db,
    {
      query: tpFrom(db, actor, {
        tp_id: tp.tpId,
        mata_pelajaran_id: mapelId,
        mata_pelajaran: mapelNama,
        cp_id: tp.cpId,
        kd_id: tp.kdId,
        sumber: sumberKode,
        sumber_deskripsi: sql<string>`coalesce(${cp.deskripsi}, ${kdTeks}, '')`,
        fase: cp.fase,
        kelas_10: kd.kelas10,
        kelas_11: kd.kelas11,
        kelas_12: kd.kelas12,
        kelas_13: kd.kelas13,
        deskripsi: tp.deskripsi,
        rombel: mappedRombel(actor),
      }).$dynamic(),
      where,
      search: [tp.deskripsi, mapelNama, cp.elemen, cp.deskripsi, kd.idKompetensi, kd.kompetensiDasar],
      sort: {
        // TPs in the order they were written, under their subject and CP/KD.
        mata_pelajaran: sql`(${mapelNama}, ${sumberKode}, ${tp.createdAt})`,
        sumber: sql`(${sumberKode}, ${tp.createdAt})`,
        fase: sql`(${fase}, ${mapelNama}, ${tp.createdAt})`,
        deskripsi: tp.deskripsi,
      },
      defaultSort: 'mata_pelajaran',
      key: [tp.tpId],
    },
    query,
  );
  const teacher = isTeacher(actor);
  return {
    ...page,
    data: page.data.map(({ kelas_10, kelas_11, kelas_12, kelas_13, rombel, ...r }) => ({
      ...r,
      mata_pelajaran_id: Number(r.mata_pelajaran_id),
      kelas: r.kd_id ? kelasOfFlags({ kelas_10, kelas_11, kelas_12, kelas_13 }) : [],
      rombel: Array.isArray(rombel)
        ? rombel
        : typeof rombel === 'string'
          ? (JSON.parse(rombel) as string[])
          : [],
      can_edit: teacher,
    })),
  };
}

/** A CP or KD chosen for a pembelajaran, checked to fit it. */
interface Sumber {
  jenis: 'cp' | 'kd';
  cpId: number | null;
  kdId: string | null;
  kode: string;
  teks: string;
}

/**
 * The CP (Merdeka class: same subject, the class's fase) or KD (K13 class: same subject, taught at
 * the class's level) a TP of this pembelajaran may hang under; inactive ones are refused.
 */
async function sumberFor(db: Db, actor: Actor, p: PembelajaranInfo, target: TpSumberTarget): Promise<Sumber> {
  if (target.cp_id !== undefined) {
    const [row] = await db
      .select({
        mapel: cp.mataPelajaranId,
        fase: cp.fase,
        elemen: cp.elemen,
        deskripsi: cp.deskripsi,
        aktif: cpAktif,
      })
      .from(cp)
      .leftJoin(cpSekolah, cpSekolahJoin(actor))
      .where(and(eq(cp.cpId, target.cp_id), cpVisible(actor)));
    if (!row) throw fieldError('cp_id', TP_MESSAGES.sumberNotFound);
    if (!p.merdeka || row.mapel !== p.mataPelajaranId || row.fase !== faseOf(p.tingkat))
      throw fieldError('cp_id', TP_MESSAGES.sumberNotForPembelajaran);
    if (!row.aktif) throw fieldError('cp_id', TP_MESSAGES.sumberInactive);
    return {
      jenis: 'cp',
      cpId: target.cp_id,
      kdId: null,
      kode: String(target.cp_id),
      teks: `${row.elemen}: ${row.deskripsi}`,
    };
  }
  const kdId = target.kd_id;
  if (!kdId) throw fieldError('kd_id', TP_MESSAGES.sumberRequired);
  const [row] = await db
    .select({
      mapel: kd.mataPelajaranId,
      kode: kd.idKompetensi,
      teks: kdTeks,
      aktif: kdAktif,
      fits: sql<boolean>`${kdForTingkat(p.tingkat)}`.mapWith(Boolean),
    })
    .from(kd)
    .leftJoin(kdSekolah, kdSekolahJoin(actor))
    .where(and(eq(kd.kompetensiDasarId, kdId), kdVisible(actor)));
  if (!row) throw fieldError('kd_id', TP_MESSAGES.sumberNotFound);
  if (p.merdeka || row.mapel !== p.mataPelajaranId || !row.fits)
    throw fieldError('kd_id', TP_MESSAGES.sumberNotForPembelajaran);
  if (!row.aktif) throw fieldError('kd_id', TP_MESSAGES.sumberInactive);
  return { jenis: 'kd', cpId: null, kdId, kode: kdId, teks: `${row.kode} ${row.teks}` };
}

/** The CP/KD picker of the "Tambah Data" form for a pembelajaran of the caller (admin: any). */
export async function tpSumber(db: Db, actor: Actor, pembelajaranId: string): Promise<TpSumber> {
  requireReader(actor);
  const p = await findPembelajaran(db, actor, pembelajaranId);
  if (!isAdmin(actor) && !p.owned) throw forbidden(MESSAGES.forbidden);
  const jumlahTp = (column: SQL) =>
    sql<number>`(select count(*) from ${tp} t where t.sekolah_id = ${actor.sekolahId} and ${column})`.mapWith(
      Number,
    );
  let data: TpSumber['data'];
  if (p.merdeka) {
    const rows = await db
      .select({
        id: cp.cpId,
        kode: cp.elemen,
        deskripsi: cp.deskripsi,
        jumlah_tp: jumlahTp(sql`t.cp_id = ${cp.cpId}`),
      })
      .from(cp)
      .leftJoin(cpSekolah, cpSekolahJoin(actor))
      .where(
        and(
          cpVisible(actor),
          eq(cp.mataPelajaranId, p.mataPelajaranId),
          eq(cp.fase, faseSql(p.tingkat)),
          cpAktif,
        ),
      )
      .orderBy(cp.cpId);
    data = rows.map((r) => ({ ...r, id: String(r.id), kompetensi_id: null }));
  } else {
    data = await db
      .select({
        id: kd.kompetensiDasarId,
        kode: kd.idKompetensi,
        deskripsi: kdTeks,
        kompetensi_id: kd.kompetensiId,
        jumlah_tp: jumlahTp(sql`t.kd_id = ${kd.kompetensiDasarId}`),
      })
      .from(kd)
      .leftJoin(kdSekolah, kdSekolahJoin(actor))
      .where(
        and(kdVisible(actor), eq(kd.mataPelajaranId, p.mataPelajaranId), kdForTingkat(p.tingkat), kdAktif),
      )
      .orderBy(kd.kompetensiId, kd.idKompetensi, kd.kompetensiDasarId);
  }
  return {
    jenis: p.merdeka ? 'cp' : 'kd',
    pembelajaran: {
      pembelajaran_id: p.pembelajaranId,
      mata_pelajaran_id: p.mataPelajaranId,
      mata_pelajaran: p.namaMataPelajaran,
      rombel: p.rombel,
      tingkat: p.tingkat,
      fase: p.merdeka ? faseOf(p.tingkat) : null,
    },
    data,
  };
}

/**
 * Upserts TPs by (CP or KD, text) and links each to the pembelajaran, in the caller's transaction.
 * created_at is the statement's clock, so TPs keep the order they were typed or listed in.
 */
async function saveTps(tx: Db, actor: Actor, p: PembelajaranInfo, s: Sumber, lines: readonly string[]) {
  let baru = 0;
  let dipetakan = 0;
  for (const deskripsi of lines) {
    const [row] = await tx
      .insert(tp)
      .values({
        sekolahId: actor.sekolahId,
        cpId: s.cpId,
        kdId: s.kdId,
        deskripsi,
        createdBy: actor.userId,
        createdAt: sql`clock_timestamp()`,
      })
      .onConflictDoUpdate({
        target: [tp.sekolahId, tp.cpId, tp.kdId, tp.deskripsi],
        set: { updatedAt: sql`${tp.updatedAt}` },
      })
      .returning({ tpId: tp.tpId, inserted: sql<boolean>`(xmax = 0)` });
    if (!row) continue;
    if (row.inserted) baru++;
    const linked = await tx
      .insert(tpMapel)
      .values({ sekolahId: actor.sekolahId, tpId: row.tpId, pembelajaranId: p.pembelajaranId })
      .onConflictDoNothing({ target: [tpMapel.tpId, tpMapel.pembelajaranId] })
      .returning({ id: tpMapel.tpMapelId });
    dipetakan += linked.length;
  }
  return { jumlah: lines.length, baru, dipetakan };
}

/** "Tambah Data" by form: the textarea's lines become TPs of the CP/KD, mapped to the pembelajaran. */
export async function createTp(db: Db, actor: Actor, input: TpCreate): Promise<TpSaved> {
  const p = await ownPembelajaran(db, actor, input.pembelajaran_id);
  if (p.rombonganBelajarId !== input.rombongan_belajar_id)
    throw fieldError('pembelajaran_id', TP_MESSAGES.rombelMismatch);
  if (p.tingkat !== input.tingkat) throw fieldError('tingkat', TP_MESSAGES.tingkatMismatch);
  const s = await sumberFor(db, actor, p, input);
  const counts = await db.transaction((tx) => saveTps(tx, actor, p, s, input.tp));
  return { message: TP_MESSAGES.saved, ...counts };
}

/** The Excel template of a CP/KD for one of the caller's pembelajaran. */
export async function tpTemplate(
  db: Db,
  actor: Actor,
  target: TpSumberTarget,
): Promise<{ data: Buffer; filename: string }> {
  const p = await ownPembelajaran(db, actor, target.pembelajaran_id);
  const s = await sumberFor(db, actor, p, target);
  const data = await buildTpTemplate({
    mapelNama: p.namaMataPelajaran,
    mapelKode: p.mataPelajaranId,
    jenis: s.jenis,
    sumberTeks: s.teks,
    sumberKode: s.kode,
    rombel: p.rombel,
  });
  const safe = (v: string) => v.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return { data, filename: `template_tp_${safe(p.namaMataPelajaran)}_${safe(p.rombel)}.xlsx` };
}

/** Upload of a filled-in template: all its TPs, or none (one transaction). */
export async function importTp(
  db: Db,
  actor: Actor,
  target: TpSumberTarget,
  file: { data: Buffer; filename: string },
): Promise<TpSaved> {
  const p = await ownPembelajaran(db, actor, target.pembelajaran_id);
  const s = await sumberFor(db, actor, p, target);
  const read = await parseTpWorkbook(file.data, file.filename, {
    mapelKode: p.mataPelajaranId,
    jenis: s.jenis,
    sumberKode: s.kode,
  });
  const counts = await db.transaction((tx) => saveTps(tx, actor, p, s, read.tp));
  const catatan = tpImportNotices(read, p.rombel);
  return { message: TP_MESSAGES.saved, ...counts, ...(catatan.length ? { catatan } : {}) };
}

interface TpRecord {
  tpId: string;
  cpId: number | null;
  kdId: string | null;
  deskripsi: string;
  mataPelajaranId: number;
  mapel: string;
  fase: string | null;
  kelas: number[];
}

/** A TP of the school (404 otherwise), with its subject and where it fits. */
async function findTp(db: Db, actor: Actor, tpId: string): Promise<TpRecord> {
  const [row] = await tpFrom(db, actor, {
    tpId: tp.tpId,
    cpId: tp.cpId,
    kdId: tp.kdId,
    deskripsi: tp.deskripsi,
    mataPelajaranId: mapelId,
    mapel: mapelNama,
    fase: cp.fase,
    kelas_10: kd.kelas10,
    kelas_11: kd.kelas11,
    kelas_12: kd.kelas12,
    kelas_13: kd.kelas13,
  }).where(and(eq(tp.tpId, tpId), eq(tp.sekolahId, actor.sekolahId)));
  if (!row) throw notFound(TP_MESSAGES.notFound);
  const { kelas_10, kelas_11, kelas_12, kelas_13, ...r } = row;
  return {
    ...r,
    mataPelajaranId: Number(r.mataPelajaranId),
    kelas: kelasOfFlags({ kelas_10, kelas_11, kelas_12, kelas_13 }),
  };
}

/** A TP whose subject the caller teaches (403 otherwise). */
async function teachersTp(
  db: Db,
  actor: Actor,
  tpId: string,
): Promise<{ record: TpRecord; taught: PembelajaranInfo[] }> {
  requireTeacher(actor);
  const record = await findTp(db, actor, tpId);
  const taught = await taughtPembelajaran(db, actor);
  if (!taught.some((p) => p.mataPelajaranId === record.mataPelajaranId)) throw forbidden(MESSAGES.forbidden);
  return { record, taught };
}

/** Whether a TP may be graded in a pembelajaran: same subject, curriculum, and fase / KD level. */
export function fits(
  record: Pick<TpRecord, 'cpId' | 'mataPelajaranId' | 'fase' | 'kelas'>,
  p: PembelajaranInfo,
): boolean {
  if (record.mataPelajaranId !== p.mataPelajaranId) return false;
  if (record.cpId !== null) return p.merdeka && record.fase === faseOf(p.tingkat);
  return !p.merdeka && record.kelas.includes(p.tingkat);
}

export async function updateTp(
  db: Db,
  actor: Actor,
  tpId: string,
  input: TpUpdate,
): Promise<{ message: string }> {
  const { record } = await teachersTp(db, actor, tpId);
  if (record.deskripsi === input.deskripsi) return { message: TP_MESSAGES.updated };
  const [same] = await db
    .select({ id: tp.tpId })
    .from(tp)
    .where(
      and(
        eq(tp.sekolahId, actor.sekolahId),
        record.cpId === null ? sql`${tp.cpId} is null` : eq(tp.cpId, record.cpId),
        record.kdId === null ? sql`${tp.kdId} is null` : eq(tp.kdId, record.kdId),
        eq(tp.deskripsi, input.deskripsi),
        ne(tp.tpId, tpId),
      ),
    );
  if (same) throw fieldError('deskripsi', TP_MESSAGES.duplicateText);
  await db.update(tp).set({ deskripsi: input.deskripsi, updatedAt: sql`now()` }).where(eq(tp.tpId, tpId));
  return { message: TP_MESSAGES.updated };
}

/** Grades hanging off a TP (optionally in one pembelajaran). */
async function gradesOf(tx: Db, tpId: string, pembelajaranId?: string) {
  const inP = (column: typeof nilaiTp.pembelajaranId | typeof tpNilai.pembelajaranId) =>
    pembelajaranId ? eq(column, pembelajaranId) : undefined;
  const [n] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(nilaiTp)
    .where(and(eq(nilaiTp.tpId, tpId), inP(nilaiTp.pembelajaranId)));
  const [k] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tpNilai)
    .where(and(eq(tpNilai.tpId, tpId), inP(tpNilai.pembelajaranId)));
  return { nilai: n?.n ?? 0, capaian: k?.n ?? 0 };
}

/** PKL scores of a TP (nilai_pkl rows; they cascade away with the TP, decision 034). */
async function pklGradesOf(tx: Db, tpId: string): Promise<number> {
  const [n] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(nilaiPkl)
    .where(eq(nilaiPkl.tpId, tpId));
  return n?.n ?? 0;
}

/** The classes of the PKL plans holding a TP: their PKL nilai akhir is computed from its scores. */
async function pklClassesOf(tx: Db, tpId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ rombel: praktikKerjaLapangan.rombonganBelajarId })
    .from(tpPkl)
    .innerJoin(praktikKerjaLapangan, eq(praktikKerjaLapangan.pklId, tpPkl.pklId))
    .where(eq(tpPkl.tpId, tpId));
  return rows.map((r) => r.rombel);
}

function inUse(g: { nilai: number; capaian: number; pkl?: number }): AppError {
  return new AppError(409, TP_IN_USE_CODE, TP_MESSAGES.inUse(g.nilai, g.capaian, g.pkl), {
    nilai_tp: String(g.nilai),
    tp_nilai: String(g.capaian),
    ...(g.pkl ? { nilai_pkl: String(g.pkl) } : {}),
  });
}

/**
 * "Hapus Data". Refused while the TP is mapped to a class another teacher teaches this semester
 * (their grading would lose it). When scores or ketercapaian hang off it, answers 409 TP_DIPAKAI
 * with the counts, and deletes only when the user confirmed (force) — the grades go with it.
 */
export async function deleteTp(
  db: Db,
  actor: Actor,
  tpId: string,
  force: boolean,
): Promise<{ message: string }> {
  await teachersTp(db, actor, tpId);
  await db.transaction(async (tx) => {
    // The PKL classes' save locks first (a PKL score save takes its class lock, then the TP's share
    // lock through the FK), so the two never wait for each other crosswise.
    const pklKelas = await pklClassesOf(tx, tpId);
    for (const rombel of pklKelas) await lockPembelajaran(tx, `pkl:${rombel}`);
    // Locks the TP: a grade written meanwhile (its FK takes a share lock) waits for this decision.
    await tx.select({ id: tp.tpId }).from(tp).where(eq(tp.tpId, tpId)).for('update');
    const [elsewhere] = await tx
      .select({ id: tpMapel.tpMapelId })
      .from(tpMapel)
      .innerJoin(pembelajaran, eq(pembelajaran.pembelajaranId, tpMapel.pembelajaranId))
      .where(
        and(
          eq(tpMapel.tpId, tpId),
          eq(pembelajaran.semesterId, actor.semesterId),
          sql`${pembelajaran.deletedAt} is null`,
          sql`not (${ownedBy(actor)})`,
        ),
      )
      .limit(1);
    if (elsewhere) throw new AppError(422, 'VALIDATION_ERROR', TP_MESSAGES.mappedElsewhere);
    const grades = { ...(await gradesOf(tx, tpId)), pkl: await pklGradesOf(tx, tpId) };
    if (!force && grades.nilai + grades.capaian + grades.pkl > 0) throw inUse(grades);
    // Its scores and ketercapaian follow (FK cascade), recorded as removed.
    const remove = () => tx.delete(tp).where(eq(tp.tpId, tpId));
    await (grades.nilai + grades.capaian + grades.pkl > 0
      ? withScoreLossRecorded(tx, actor, TP_KINDS, remove)
      : remove());
    // The PKL scores went with the TP (FK cascade): the report must not keep a grade made of them.
    if (grades.pkl > 0) await recomputeClasses(tx, actor, pklKelas);
  });
  return { message: TP_MESSAGES.deleted };
}

/** "Mapping Rombel": where the TP is taught this semester, and the caller's classes it may be added to. */
export async function getTpMapel(db: Db, actor: Actor, tpId: string) {
  requireReader(actor);
  const record = await findTp(db, actor, tpId);
  const taught = await taughtPembelajaran(db, actor);
  if (!isAdmin(actor) && !taught.some((p) => p.mataPelajaranId === record.mataPelajaranId))
    throw forbidden(MESSAGES.forbidden);
  const rows = await db
    .select({
      pembelajaran_id: pembelajaran.pembelajaranId,
      rombel: rombonganBelajar.nama,
      mata_pelajaran: pembelajaran.namaMataPelajaran,
      semester_id: pembelajaran.semesterId,
      can_remove: sql<boolean>`${ownedBy(actor)}`.mapWith(Boolean),
    })
    .from(tpMapel)
    .innerJoin(pembelajaran, eq(pembelajaran.pembelajaranId, tpMapel.pembelajaranId))
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
    .where(
      and(
        eq(tpMapel.tpId, tpId),
        eq(pembelajaran.semesterId, actor.semesterId),
        sql`${pembelajaran.deletedAt} is null`,
        sql`${rombonganBelajar.deletedAt} is null`,
      ),
    )
    .orderBy(rombonganBelajar.tingkat, rombonganBelajar.nama);
  const mapped = new Set(rows.map((r) => r.pembelajaran_id));
  return {
    tp: { tp_id: record.tpId, deskripsi: record.deskripsi, mata_pelajaran: record.mapel },
    data: rows,
    pilihan: taught
      .filter((p) => !mapped.has(p.pembelajaranId) && fits(record, p))
      .map((p) => ({ value: p.pembelajaranId, label: p.rombel, tingkat: p.tingkat })),
  };
}

/** Maps a TP to pembelajaran the caller teaches (and where it fits). Already mapped ones stay as they are. */
export async function mapTp(db: Db, actor: Actor, tpId: string, pembelajaranIds: readonly string[]) {
  const { record } = await teachersTp(db, actor, tpId);
  const targets: PembelajaranInfo[] = [];
  for (const id of new Set(pembelajaranIds)) targets.push(await ownPembelajaran(db, actor, id));
  const details: Record<string, string> = {};
  targets.forEach((p, i) => {
    if (!fits(record, p)) details[`pembelajaran_ids.${i}`] = TP_MESSAGES.mapNotAllowed(p.rombel);
  });
  if (Object.keys(details).length) {
    throw new AppError(422, 'VALIDATION_ERROR', Object.values(details)[0] ?? MESSAGES.validation, details);
  }
  let dipetakan = 0;
  await db.transaction(async (tx) => {
    for (const p of targets) {
      const linked = await tx
        .insert(tpMapel)
        .values({ sekolahId: actor.sekolahId, tpId, pembelajaranId: p.pembelajaranId })
        .onConflictDoNothing({ target: [tpMapel.tpId, tpMapel.pembelajaranId] })
        .returning({ id: tpMapel.tpMapelId });
      dipetakan += linked.length;
    }
  });
  return { message: TP_MESSAGES.mapped, dipetakan };
}

/**
 * Removes a TP from one of the caller's pembelajaran. Its scores and ketercapaian in that
 * pembelajaran would no longer be shown (and would still weigh in averages), so they go too — after
 * the same 409 TP_DIPAKAI confirmation as a delete.
 */
export async function unmapTp(
  db: Db,
  actor: Actor,
  tpId: string,
  pembelajaranId: string,
  force: boolean,
): Promise<{ message: string }> {
  const p = await ownPembelajaran(db, actor, pembelajaranId);
  await findTp(db, actor, tpId);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: tpMapel.tpMapelId })
      .from(tpMapel)
      .where(and(eq(tpMapel.tpId, tpId), eq(tpMapel.pembelajaranId, p.pembelajaranId)))
      .for('update');
    if (!link) throw notFound(TP_MESSAGES.notMapped);
    const grades = await gradesOf(tx, tpId, p.pembelajaranId);
    if (!force && grades.nilai + grades.capaian > 0) throw inUse(grades);
    const remove = async () => {
      await tx
        .delete(nilaiTp)
        .where(and(eq(nilaiTp.tpId, tpId), eq(nilaiTp.pembelajaranId, p.pembelajaranId)));
      await tx
        .delete(tpNilai)
        .where(and(eq(tpNilai.tpId, tpId), eq(tpNilai.pembelajaranId, p.pembelajaranId)));
    };
    await (grades.nilai + grades.capaian > 0 ? withScoreLossRecorded(tx, actor, TP_KINDS, remove) : remove());
    await tx.delete(tpMapel).where(eq(tpMapel.tpMapelId, link.id));
  });
  return { message: TP_MESSAGES.unmapped };
}
