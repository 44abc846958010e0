import { isMerdeka, KOMPETENSI, MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import { type NilaiPklScore, nilaiAkhirPkl } from '@erapor/contract/pkl/rules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { deskripsiMataPelajaran, nilaiAkhir } from '../../db/tables/penilaian';
import { anggotaRombel, pembelajaran, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { refKurikulum } from '../../db/tables/referensi-ref';
import { CAPAIAN_KEY, capaianText } from '../penilaian/capaian';
import { lockPembelajaran } from '../penilaian/grid-save';
import { NILAI_AKHIR_KEY } from '../penilaian/nilai-akhir';
import { recordChanges } from '../riwayat-nilai/record';

/*
 * The PKL subject's nilai akhir on the semester report (issue #12 item 5; rule nilaiAkhirPkl in
 * contract pkl/rules.ts): for each pupil of a class, the rounded mean of their non-zero PKL TP
 * scores over every plan of that class, stored under the class's PKL pembelajaran (mapel
 * 800001000) with kompetensi 4 (Merdeka) or 1 (K13), and its description as the subject's
 * capaian (deskripsi_mata_pelajaran.deskripsi_pengetahuan) — where the report, the ledger and
 * Kirim Nilai read every subject's grade. No non-zero score: the rows are removed, never a 0.
 * Called inside the transaction of every PKL score save and by Generate Nilai, so the grade can
 * never drift from the scores. Every grade and text it changes joins the Riwayat Perubahan Nilai
 * (decision 045) as the Nilai Akhir and Capaian grids record them, under the caller's name.
 */

export interface RecomputeResult {
  /** anggota_rombel_id of the pupils given a grade / left without one (with their names). */
  graded: string[];
  ungraded: { anggota_rombel_id: string; nama: string }[];
}

/** Recompute for the pupils `pesertaDidikIds` of the class (all its pupils when omitted). */
export async function recomputeNilaiAkhirPkl(
  tx: Db,
  actor: Actor,
  rombonganBelajarId: string,
  pesertaDidikIds?: readonly string[],
): Promise<RecomputeResult> {
  const sekolahId = actor.sekolahId;
  const none: RecomputeResult = { graded: [], ungraded: [] };
  if (pesertaDidikIds && pesertaDidikIds.length === 0) return none;
  const subjects = await tx
    .select({ id: pembelajaran.pembelajaranId, kurikulum: refKurikulum.namaKurikulum })
    .from(pembelajaran)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, pembelajaran.rombonganBelajarId))
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(
      and(
        eq(pembelajaran.rombonganBelajarId, rombonganBelajarId),
        eq(pembelajaran.mataPelajaranId, MAPEL_PKL),
        isNull(pembelajaran.deletedAt),
      ),
    );
  if (subjects.length === 0) return none;

  const pupils = await tx
    .select({
      anggota: anggotaRombel.anggotaRombelId,
      pd: anggotaRombel.pesertaDidikId,
      nama: pesertaDidik.nama,
    })
    .from(anggotaRombel)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .where(
      and(
        eq(anggotaRombel.rombonganBelajarId, rombonganBelajarId),
        isNull(anggotaRombel.deletedAt),
        pesertaDidikIds ? inArray(anggotaRombel.pesertaDidikId, [...pesertaDidikIds]) : undefined,
      ),
    );
  if (pupils.length === 0) return none;

  // Plans in date order, then TPs as written: the description keeps that order (first wins).
  type Row = { pd: string; nilai: number; deskripsi: string | null };
  const { rows } = (await tx.execute(sql`
    select n.peserta_didik_id pd, n.nilai, n.deskripsi
    from nilai_pkl n
    join praktik_kerja_lapangan k on k.pkl_id = n.pkl_id
    join tujuan_pembelajaran t on t.tp_id = n.tp_id
    where k.rombongan_belajar_id = ${rombonganBelajarId}
      and n.peserta_didik_id in (${sql.join(
        pupils.map((p) => sql`${p.pd}::uuid`),
        sql`, `,
      )})
    order by k.tanggal_mulai, k.pkl_id, t.created_at, t.tp_id`)) as unknown as { rows: Row[] };
  const scores = new Map<string, NilaiPklScore[]>();
  for (const r of rows) {
    const list = scores.get(r.pd) ?? [];
    list.push({ nilai: Number(r.nilai), deskripsi: r.deskripsi });
    scores.set(r.pd, list);
  }

  const grades: { anggota: string; nilai: number; deskripsi: string | null }[] = [];
  const ungraded: RecomputeResult['ungraded'] = [];
  for (const p of pupils) {
    const result = nilaiAkhirPkl(scores.get(p.pd) ?? []);
    if (result) grades.push({ anggota: p.anggota, ...result });
    else ungraded.push({ anggota_rombel_id: p.anggota, nama: p.nama });
  }

  for (const subject of subjects) {
    const kompetensiId = isMerdeka(subject.kurikulum) ? KOMPETENSI.merdeka : KOMPETENSI.k13;
    const before = await storedOf(
      tx,
      subject.id,
      kompetensiId,
      pupils.map((p) => p.anggota),
    );
    if (grades.length > 0) {
      await tx
        .insert(nilaiAkhir)
        .values(
          grades.map((g) => ({
            sekolahId,
            anggotaRombelId: g.anggota,
            pembelajaranId: subject.id,
            kompetensiId,
            nilai: g.nilai,
          })),
        )
        .onConflictDoUpdate({
          target: [nilaiAkhir.anggotaRombelId, nilaiAkhir.pembelajaranId, nilaiAkhir.kompetensiId],
          set: { nilai: sql`excluded.nilai`, updatedAt: sql`now()` },
        });
    }
    const described = grades.filter((g) => g.deskripsi !== null);
    if (described.length > 0) {
      await tx
        .insert(deskripsiMataPelajaran)
        .values(
          described.map((g) => ({
            sekolahId,
            anggotaRombelId: g.anggota,
            pembelajaranId: subject.id,
            deskripsiPengetahuan: g.deskripsi,
            deskripsiKeterampilan: null,
          })),
        )
        .onConflictDoUpdate({
          target: [deskripsiMataPelajaran.anggotaRombelId, deskripsiMataPelajaran.pembelajaranId],
          set: {
            deskripsiPengetahuan: sql`excluded.deskripsi_pengetahuan`,
            deskripsiKeterampilan: null,
            updatedAt: sql`now()`,
          },
        });
    }
    const noGrade = ungraded.map((u) => u.anggota_rombel_id);
    if (noGrade.length > 0) {
      await tx
        .delete(nilaiAkhir)
        .where(
          and(
            eq(nilaiAkhir.pembelajaranId, subject.id),
            eq(nilaiAkhir.kompetensiId, kompetensiId),
            inArray(nilaiAkhir.anggotaRombelId, noGrade),
          ),
        );
    }
    const noText = [...noGrade, ...grades.filter((g) => g.deskripsi === null).map((g) => g.anggota)];
    if (noText.length > 0) {
      await tx
        .delete(deskripsiMataPelajaran)
        .where(
          and(
            eq(deskripsiMataPelajaran.pembelajaranId, subject.id),
            inArray(deskripsiMataPelajaran.anggotaRombelId, noText),
          ),
        );
    }
    // Grade and text of every pupil, in one statement (as the Nilai Akhir and Capaian grids name them).
    const after = new Map(grades.map((g) => [g.anggota, g]));
    await recordChanges(
      tx,
      actor,
      {
        jenis: (kunci) => (kunci === NILAI_AKHIR_KEY ? 'nilai_akhir' : 'capaian'),
        pembelajaranId: subject.id,
        rombonganBelajarId,
      },
      pupils.flatMap((p) => [
        {
          pupilId: p.anggota,
          kunci: NILAI_AKHIR_KEY,
          lama: before.get(p.anggota)?.nilai ?? null,
          baru: textOf(after.get(p.anggota)?.nilai),
        },
        {
          pupilId: p.anggota,
          kunci: CAPAIAN_KEY,
          lama: before.get(p.anggota)?.capaian ?? null,
          baru: capaianText(pengetahuan(after.get(p.anggota)?.deskripsi)),
        },
      ]),
    );
  }
  return { graded: grades.map((g) => g.anggota), ungraded };
}

const textOf = (n: number | null | undefined): string | null => (n == null ? null : String(n));
const pengetahuan = (text: string | null | undefined) =>
  text ? { deskripsi_pengetahuan: text, deskripsi_keterampilan: null } : null;

/** The stored grade and capaian of the pupils in one subject, as the Riwayat records them. */
async function storedOf(
  tx: Db,
  pembelajaranId: string,
  kompetensiId: number,
  anggota: readonly string[],
): Promise<Map<string, { nilai: string | null; capaian: string | null }>> {
  const out = new Map<string, { nilai: string | null; capaian: string | null }>();
  const entry = (a: string) => {
    const e = out.get(a) ?? { nilai: null, capaian: null };
    out.set(a, e);
    return e;
  };
  const grades = await tx
    .select({ a: nilaiAkhir.anggotaRombelId, nilai: nilaiAkhir.nilai })
    .from(nilaiAkhir)
    .where(
      and(
        eq(nilaiAkhir.pembelajaranId, pembelajaranId),
        eq(nilaiAkhir.kompetensiId, kompetensiId),
        inArray(nilaiAkhir.anggotaRombelId, [...anggota]),
      ),
    );
  for (const g of grades) entry(g.a).nilai = textOf(g.nilai);
  const texts = await tx
    .select({
      a: deskripsiMataPelajaran.anggotaRombelId,
      deskripsi_pengetahuan: deskripsiMataPelajaran.deskripsiPengetahuan,
      deskripsi_keterampilan: deskripsiMataPelajaran.deskripsiKeterampilan,
    })
    .from(deskripsiMataPelajaran)
    .where(
      and(
        eq(deskripsiMataPelajaran.pembelajaranId, pembelajaranId),
        inArray(deskripsiMataPelajaran.anggotaRombelId, [...anggota]),
      ),
    );
  for (const t of texts) entry(t.a).capaian = capaianText(t);
  return out;
}

/**
 * After a plan edit or delete that removed scores or moved the plan to another class: the grade of
 * the affected pupils (all pupils when `pesertaDidikIds` is omitted) of each class, under the
 * class's save lock (the one every score save takes), in the caller's transaction.
 */
export async function recomputeClasses(
  tx: Db,
  actor: Actor,
  rombelIds: readonly string[],
  pesertaDidikIds?: readonly string[],
): Promise<void> {
  for (const rombel of new Set(rombelIds)) {
    await lockPembelajaran(tx, `pkl:${rombel}`);
    await recomputeNilaiAkhirPkl(tx, actor, rombel, pesertaDidikIds);
  }
}
