import { MESSAGES } from '@erapor/contract/errors';
import {
  BIODATA_FIELDS,
  BIODATA_LABELS,
  BIODATA_MESSAGES,
  type BiodataField,
  type BiodataUsulan,
  type Perubahan,
  type PortalBiodata,
  type Usulan,
  type UsulanRow,
  type UsulanStatus,
} from '@erapor/contract/portal/biodata';
import { PD_MESSAGES } from '@erapor/contract/referensi/peserta-didik';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { users } from '../../db/tables/pengguna';
import { usulanBiodata } from '../../db/tables/portal';
import { anggotaRombel, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { refPekerjaan } from '../../db/tables/referensi-ref';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { getPesertaDidik } from '../referensi/peserta-didik/service';
import { waliRombelIds } from '../referensi/rombel/access';
import { requirePupil } from './service';

/*
 * Biodata (issue #15 items 1, 5; docs/decisions/046-biodata-teman-sekelas.md): the pupil proposes
 * corrections to the fields BIODATA_FIELDS; the proposal waits in usulan_biodata and changes nothing
 * in peserta_didik until the wali kelas of the pupil's class (this semester) or the administrator
 * approves it. These columns are insert-only or not synced at all for the Dapodik sync
 * (sinkronisasi/kinds/peserta-didik.ts, PD_SCHOOL_OWNED), so an approved value survives a re-sync.
 */

/** The peserta_didik column of each field a pupil may propose. */
export const BIODATA_COLUMNS = {
  status: 'status',
  anak_ke: 'anakKe',
  diterima_kelas: 'diterimaKelas',
  email: 'email',
  nama_wali: 'namaWali',
  alamat_wali: 'alamatWali',
  telp_wali: 'telpWali',
  kerja_wali: 'kerjaWali',
} as const satisfies Record<BiodataField, keyof typeof pesertaDidik.$inferSelect>;

type Value = string | number | null;
interface StoredChange {
  field: BiodataField;
  lama: Value;
  baru: Value;
}

async function currentValues(db: Db, sekolahId: string, pesertaDidikId: string) {
  const [row] = await db
    .select({
      nama: pesertaDidik.nama,
      ...Object.fromEntries(BIODATA_FIELDS.map((f) => [f, pesertaDidik[BIODATA_COLUMNS[f]]])),
    } as { nama: typeof pesertaDidik.nama } & Record<BiodataField, typeof pesertaDidik.status>)
    .from(pesertaDidik)
    .where(and(eq(pesertaDidik.pesertaDidikId, pesertaDidikId), eq(pesertaDidik.sekolahId, sekolahId)));
  return row as ({ nama: string } & Record<BiodataField, Value>) | undefined;
}

/** Occupation names for the shown values (the stored value is the reference's id). */
async function pekerjaanNames(db: Db, changes: StoredChange[][]): Promise<Map<number, string>> {
  const ids = [
    ...new Set(
      changes
        .flat()
        .filter((c) => c.field === 'kerja_wali')
        .flatMap((c) => [c.lama, c.baru])
        .filter((v): v is number => typeof v === 'number'),
    ),
  ];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: refPekerjaan.pekerjaanId, nama: refPekerjaan.nama })
    .from(refPekerjaan)
    .where(inArray(refPekerjaan.pekerjaanId, ids));
  return new Map(rows.map((r) => [r.id, r.nama || String(r.id)]));
}

function shown(changes: StoredChange[], pekerjaan: Map<number, string>): Perubahan[] {
  const name = (c: StoredChange, v: Value) =>
    c.field === 'kerja_wali' && typeof v === 'number' ? (pekerjaan.get(v) ?? String(v)) : v;
  return changes.map((c) => ({
    field: c.field,
    label: BIODATA_LABELS[c.field],
    lama: name(c, c.lama),
    baru: name(c, c.baru),
  }));
}

type UsulanDbRow = typeof usulanBiodata.$inferSelect & { pemutus: string | null };

function toUsulan(r: UsulanDbRow, pekerjaan: Map<number, string>): Usulan {
  return {
    usulan_biodata_id: r.usulanBiodataId,
    status: r.status as UsulanStatus,
    perubahan: shown(r.perubahan as StoredChange[], pekerjaan),
    diajukan_at: r.createdAt.toISOString(),
    diputuskan_at: r.diputuskanAt ? r.diputuskanAt.toISOString() : null,
    diputuskan_oleh: r.pemutus,
    alasan: r.alasan,
  };
}

const usulanColumns = { u: usulanBiodata, pemutus: users.name };

async function latestUsulan(db: Db, sekolahId: string, pesertaDidikId: string): Promise<Usulan | null> {
  const [row] = await db
    .select(usulanColumns)
    .from(usulanBiodata)
    .leftJoin(users, eq(users.id, usulanBiodata.diputuskanOleh))
    .where(and(eq(usulanBiodata.pesertaDidikId, pesertaDidikId), eq(usulanBiodata.sekolahId, sekolahId)))
    .orderBy(desc(usulanBiodata.updatedAt))
    .limit(1);
  if (!row) return null;
  const r = { ...row.u, pemutus: row.pemutus };
  return toUsulan(r, await pekerjaanNames(db, [r.perubahan as StoredChange[]]));
}

/** The pupil's data as the school records it (the PD detail), and their newest proposal. */
export async function biodata(db: Db, actor: Actor): Promise<PortalBiodata> {
  const pesertaDidikId = requirePupil(actor);
  const { data, pekerjaan } = await getPesertaDidik(db, actor, pesertaDidikId);
  return { data, pekerjaan, usulan: await latestUsulan(db, actor.sekolahId, pesertaDidikId) };
}

/**
 * "Perbaharui": records the changed fields as a proposal (replacing a pending one). 422 per field
 * for an occupation the reference does not know, 422 when nothing differs from what is recorded.
 */
export async function propose(
  db: Db,
  actor: Actor,
  input: BiodataUsulan,
): Promise<{ message: string; usulan: Usulan }> {
  const pesertaDidikId = requirePupil(actor);
  const current = await currentValues(db, actor.sekolahId, pesertaDidikId);
  if (!current) throw notFound();
  const changes: StoredChange[] = BIODATA_FIELDS.filter((f) => (input[f] ?? null) !== current[f]).map(
    (f) => ({ field: f, lama: current[f], baru: input[f] ?? null }),
  );
  const kerja = changes.find((c) => c.field === 'kerja_wali')?.baru;
  if (typeof kerja === 'number') {
    const [known] = await db
      .select({ id: refPekerjaan.pekerjaanId })
      .from(refPekerjaan)
      .where(eq(refPekerjaan.pekerjaanId, kerja));
    if (!known) {
      throw new AppError(422, 'VALIDATION_ERROR', MESSAGES.validation, {
        kerja_wali: PD_MESSAGES.pekerjaanUnknown,
      });
    }
  }
  if (changes.length === 0) {
    throw new AppError(422, 'VALIDATION_ERROR', BIODATA_MESSAGES.nothingChanged, {
      _: BIODATA_MESSAGES.nothingChanged,
    });
  }
  await db.transaction(async (tx) => {
    const replaced = await tx
      .update(usulanBiodata)
      .set({ perubahan: changes, diajukanOleh: actor.userId, createdAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(usulanBiodata.pesertaDidikId, pesertaDidikId), eq(usulanBiodata.status, 'diajukan')))
      .returning({ id: usulanBiodata.usulanBiodataId });
    if (replaced.length === 0) {
      await tx.insert(usulanBiodata).values({
        sekolahId: actor.sekolahId,
        pesertaDidikId,
        perubahan: changes,
        diajukanOleh: actor.userId,
      });
    }
  });
  const usulan = await latestUsulan(db, actor.sekolahId, pesertaDidikId);
  if (!usulan) throw notFound();
  return { message: BIODATA_MESSAGES.proposed, usulan };
}

/** The pupils whose proposals the caller decides: every pupil (admin), the wali's class members. */
async function decidable(db: Db, actor: Actor): Promise<'all' | string[]> {
  if (actor.roles.includes('admin')) return 'all';
  const rombel = await waliRombelIds(db, actor);
  if (rombel.length === 0) return [];
  const rows = await db
    .select({ pd: anggotaRombel.pesertaDidikId })
    .from(anggotaRombel)
    .where(and(inArray(anggotaRombel.rombonganBelajarId, rombel), isNull(anggotaRombel.deletedAt)));
  return rows.map((r) => r.pd);
}

/** Pending proposals the caller may decide, oldest first, with the pupil's name and class. */
export async function listPending(db: Db, actor: Actor): Promise<UsulanRow[]> {
  const scope = await decidable(db, actor);
  if (scope !== 'all' && scope.length === 0) return [];
  const kelas = sql<string | null>`(select r.nama from ${anggotaRombel} a
    join ${rombonganBelajar} r on r.rombongan_belajar_id = a.rombongan_belajar_id and r.jenis_rombel = 1
      and r.deleted_at is null and r.semester_id = ${actor.semesterId}
    where a.peserta_didik_id = ${usulanBiodata.pesertaDidikId} and a.deleted_at is null limit 1)`;
  const rows = await db
    .select({ ...usulanColumns, nama: pesertaDidik.nama, nisn: pesertaDidik.nisn, kelas })
    .from(usulanBiodata)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, usulanBiodata.pesertaDidikId))
    .leftJoin(users, eq(users.id, usulanBiodata.diputuskanOleh))
    .where(
      and(
        eq(usulanBiodata.sekolahId, actor.sekolahId),
        eq(usulanBiodata.status, 'diajukan'),
        scope === 'all' ? undefined : inArray(usulanBiodata.pesertaDidikId, scope),
      ),
    )
    .orderBy(usulanBiodata.createdAt);
  const pekerjaan = await pekerjaanNames(
    db,
    rows.map((r) => r.u.perubahan as StoredChange[]),
  );
  return rows.map((r) => ({
    ...toUsulan({ ...r.u, pemutus: r.pemutus }, pekerjaan),
    peserta_didik_id: r.u.pesertaDidikId,
    nama: r.nama,
    nisn: r.nisn,
    kelas: r.kelas,
  }));
}

/**
 * Approves (writes the proposed values to peserta_didik) or rejects a pending proposal. Only the
 * administrator or the wali kelas of the pupil's class this semester: anyone else 403. A proposal
 * already decided answers 409, and the decision is taken once even when two arrive together.
 */
export async function decide(
  db: Db,
  actor: Actor,
  usulanBiodataId: string,
  keputusan: 'disetujui' | 'ditolak',
  alasan: string | null,
): Promise<{ message: string }> {
  const [u] = await db
    .select({ u: usulanBiodata, nama: pesertaDidik.nama })
    .from(usulanBiodata)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, usulanBiodata.pesertaDidikId))
    .where(
      and(eq(usulanBiodata.usulanBiodataId, usulanBiodataId), eq(usulanBiodata.sekolahId, actor.sekolahId)),
    );
  if (!u) throw notFound();
  const scope = await decidable(db, actor);
  if (scope !== 'all' && !scope.includes(u.u.pesertaDidikId)) throw forbidden(BIODATA_MESSAGES.notWali);
  await db.transaction(async (tx) => {
    const taken = await tx
      .update(usulanBiodata)
      .set({
        status: keputusan,
        diputuskanOleh: actor.userId,
        diputuskanAt: sql`now()`,
        alasan: keputusan === 'ditolak' ? alasan : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(usulanBiodata.usulanBiodataId, usulanBiodataId), eq(usulanBiodata.status, 'diajukan')))
      .returning({ id: usulanBiodata.usulanBiodataId });
    if (taken.length === 0) throw new AppError(409, 'CONFLICT', BIODATA_MESSAGES.decided);
    if (keputusan === 'ditolak') return;
    const values: Record<string, Value | ReturnType<typeof sql>> = { updatedAt: sql`now()` };
    for (const c of u.u.perubahan as StoredChange[]) values[BIODATA_COLUMNS[c.field]] = c.baru;
    await tx.update(pesertaDidik).set(values).where(eq(pesertaDidik.pesertaDidikId, u.u.pesertaDidikId));
  });
  return {
    message:
      keputusan === 'disetujui' ? BIODATA_MESSAGES.approved(u.nama) : BIODATA_MESSAGES.rejected(u.nama),
  };
}
