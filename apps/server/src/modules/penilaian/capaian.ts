import {
  ASESMEN_MESSAGES,
  type CapaianGrid,
  type CapaianSave,
  checkDeskripsi,
  type DeskripsiPair,
  type SaveResult,
} from '@erapor/contract/penilaian/asesmen';
import { deskripsiCapaian } from '@erapor/contract/penilaian/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { deskripsiMataPelajaran, nilaiAkhir, tpNilai } from '../../db/tables/penilaian';
import { recordChanges } from '../riwayat-nilai/record';
import { gridContext, readablePembelajaran, writablePembelajaran } from './access';
import { assertPenilaianOpen } from './gate';
import {
  beginGridSave,
  type Cell,
  checkPupils,
  lockPembelajaran,
  requireSomeChange,
  subjectOf,
  validationError,
} from './grid-save';
import { pupilsOf, tpOf } from './roster';

/**
 * Capaian Kompetensi: per pupil the "achieved" text (deskripsi_pengetahuan) and the "needs
 * improvement" text (deskripsi_keterampilan). Until the teacher saves, the screen shows the texts
 * generated from the ketercapaian of the mapped TPs (reference-domain §3.3 step 7).
 */

/** The one cell of a pupil's capaian (its Riwayat kunci). */
export const CAPAIAN_KEY = 'deskripsi';
const KEY = CAPAIAN_KEY;

async function storedOf(db: Db, pembelajaranId: string): Promise<Map<string, DeskripsiPair>> {
  const rows = await db
    .select({
      a: deskripsiMataPelajaran.anggotaRombelId,
      deskripsi_pengetahuan: deskripsiMataPelajaran.deskripsiPengetahuan,
      deskripsi_keterampilan: deskripsiMataPelajaran.deskripsiKeterampilan,
    })
    .from(deskripsiMataPelajaran)
    .where(eq(deskripsiMataPelajaran.pembelajaranId, pembelajaranId));
  return new Map(rows.map(({ a, ...pair }) => [`${a}#${KEY}`, pair]));
}

export async function getCapaian(db: Db, actor: Actor, pembelajaranId: string): Promise<CapaianGrid> {
  const p = await readablePembelajaran(db, actor, pembelajaranId);
  const [context, tp, siswa, stored, kompeten, finals] = await Promise.all([
    gridContext(db, actor, p),
    tpOf(db, pembelajaranId),
    pupilsOf(db, p),
    storedOf(db, pembelajaranId),
    db
      .select({ a: tpNilai.anggotaRombelId, tp: tpNilai.tpId, kompeten: tpNilai.kompeten })
      .from(tpNilai)
      .where(eq(tpNilai.pembelajaranId, pembelajaranId)),
    db
      .select({ a: nilaiAkhir.anggotaRombelId, nilai: nilaiAkhir.nilai })
      .from(nilaiAkhir)
      .where(and(eq(nilaiAkhir.pembelajaranId, pembelajaranId), eq(nilaiAkhir.kompetensiId, p.kompetensiId))),
  ]);
  const kompetenOf = new Map(kompeten.map((k) => [`${k.a}#${k.tp}`, k.kompeten]));
  const finalOf = new Map(finals.map((f) => [f.a, f.nilai]));
  return {
    context,
    show_reset: stored.size > 0,
    siswa: siswa.map((s) => {
      const saved = stored.get(`${s.anggota_rombel_id}#${KEY}`) ?? null;
      const generated = deskripsiCapaian(
        tp.map((t) => ({
          deskripsi: t.deskripsi,
          kompeten: kompetenOf.get(`${s.anggota_rombel_id}#${t.tp_id}`) ?? null,
        })),
      );
      return {
        ...s,
        nilai_akhir: finalOf.get(s.anggota_rombel_id) ?? null,
        tersimpan: saved,
        deskripsi_pengetahuan: saved ? saved.deskripsi_pengetahuan : generated.tercapai,
        deskripsi_keterampilan: saved ? saved.deskripsi_keterampilan : generated.perluDitingkatkan,
        generated: saved === null,
      };
    }),
  };
}

function samePair(a: DeskripsiPair | null | undefined, b: DeskripsiPair | null): boolean {
  const x = a ?? null;
  if (x === null || b === null) return x === b;
  return (
    x.deskripsi_pengetahuan === b.deskripsi_pengetahuan &&
    x.deskripsi_keterampilan === b.deskripsi_keterampilan
  );
}

const normalise = (pair: DeskripsiPair | null): DeskripsiPair | null => {
  if (!pair) return null;
  const p = pair.deskripsi_pengetahuan?.trim() || null;
  const k = pair.deskripsi_keterampilan?.trim() || null;
  return p === null && k === null ? null : { deskripsi_pengetahuan: p, deskripsi_keterampilan: k };
};

/** A description pair as the Riwayat Perubahan Nilai records it. */
/** A capaian as the Riwayat records it (both texts, labelled). */
export const capaianText = (pair: DeskripsiPair | null | undefined): string | null =>
  pair
    ? [
        pair.deskripsi_pengetahuan && `Pengetahuan: ${pair.deskripsi_pengetahuan}`,
        pair.deskripsi_keterampilan && `Keterampilan: ${pair.deskripsi_keterampilan}`,
      ]
        .filter(Boolean)
        .join('\n') || null
    : null;

/** Saves the changed rows; a row with both texts empty is deleted (the generated texts show again). */
export async function saveCapaian(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
  input: CapaianSave,
): Promise<SaveResult> {
  const p = await writablePembelajaran(db, actor, pembelajaranId);
  const pupils = await pupilsOf(db, p);
  const names = new Map(pupils.map((s) => [s.anggota_rombel_id, s.nama]));
  const details: Record<string, string> = {};
  checkPupils(input.rows, names, details);
  const seen = new Set<string>();
  const cells: Cell<DeskripsiPair | null>[] = input.rows.map((row, i) => {
    if (seen.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = ASESMEN_MESSAGES.duplicateCell;
    seen.add(row.anggota_rombel_id);
    const value: DeskripsiPair = { deskripsi_pengetahuan: null, deskripsi_keterampilan: null };
    for (const field of ['deskripsi_pengetahuan', 'deskripsi_keterampilan'] as const) {
      const checked = checkDeskripsi(row[field]);
      if (checked.ok) value[field] = checked.value;
      else details[`rows.${i}.${field}`] = checked.message;
    }
    return {
      index: i,
      anggotaRombelId: row.anggota_rombel_id,
      key: KEY,
      value: normalise(value),
      sebelumnya: normalise(row.sebelumnya),
    };
  });
  if (Object.keys(details).length > 0) throw validationError(details);
  requireSomeChange(cells, samePair);
  return db.transaction(async (tx) => {
    const changing = await beginGridSave(
      tx,
      actor,
      p,
      cells,
      () => storedOf(tx, pembelajaranId),
      names,
      samePair,
      (v) => (v ? [v.deskripsi_pengetahuan, v.deskripsi_keterampilan].filter(Boolean).join(' / ') : null),
      {
        field: () => 'deskripsi_pengetahuan',
        audit: { jenis: 'capaian', ...subjectOf(p), sumber: input.sumber, value: capaianText },
      },
    );
    const writes = changing.filter((c) => c.value !== null);
    const deletes = changing.filter((c) => c.value === null);
    if (writes.length > 0) {
      await tx
        .insert(deskripsiMataPelajaran)
        .values(
          writes.map((c) => ({
            sekolahId: p.sekolahId,
            anggotaRombelId: c.anggotaRombelId,
            pembelajaranId,
            deskripsiPengetahuan: c.value?.deskripsi_pengetahuan ?? null,
            deskripsiKeterampilan: c.value?.deskripsi_keterampilan ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: [deskripsiMataPelajaran.anggotaRombelId, deskripsiMataPelajaran.pembelajaranId],
          set: {
            deskripsiPengetahuan: sql`excluded.deskripsi_pengetahuan`,
            deskripsiKeterampilan: sql`excluded.deskripsi_keterampilan`,
            updatedAt: sql`now()`,
          },
        });
    }
    if (deletes.length > 0) {
      await tx.delete(deskripsiMataPelajaran).where(
        and(
          eq(deskripsiMataPelajaran.pembelajaranId, pembelajaranId),
          sql`${deskripsiMataPelajaran.anggotaRombelId} in (${sql.join(
            deletes.map((c) => sql`${c.anggotaRombelId}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    }
    return { message: ASESMEN_MESSAGES.savedCapaian, saved: writes.length, deleted: deletes.length };
  });
}

/** "Reset Capaian Kompetensi": deletes every saved description of the pembelajaran. */
export async function resetCapaian(db: Db, actor: Actor, pembelajaranId: string): Promise<SaveResult> {
  const p = await writablePembelajaran(db, actor, pembelajaranId);
  return db.transaction(async (tx) => {
    await lockPembelajaran(tx, pembelajaranId);
    await assertPenilaianOpen(tx, actor, p.rombonganBelajarId);
    const gone = await tx
      .delete(deskripsiMataPelajaran)
      .where(eq(deskripsiMataPelajaran.pembelajaranId, pembelajaranId))
      .returning({
        anggotaRombelId: deskripsiMataPelajaran.anggotaRombelId,
        deskripsi_pengetahuan: deskripsiMataPelajaran.deskripsiPengetahuan,
        deskripsi_keterampilan: deskripsiMataPelajaran.deskripsiKeterampilan,
      });
    await recordChanges(
      tx,
      actor,
      { jenis: 'capaian', ...subjectOf(p) },
      gone.map((row) => ({ pupilId: row.anggotaRombelId, kunci: KEY, lama: capaianText(row), baru: null })),
    );
    return { message: ASESMEN_MESSAGES.resetCapaian, saved: 0, deleted: gone.length };
  });
}
