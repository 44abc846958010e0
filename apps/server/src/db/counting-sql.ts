import type { ProgressStatus } from '@erapor/contract/monitoring/counting';
import { MAPEL_AGAMA } from '@erapor/contract/penilaian/rules';
import { type SQL, sql } from 'drizzle-orm';
import { nilaiAkhir } from './tables/penilaian';
import { anggotaRombel, pdKeluar, pesertaDidik } from './tables/referensi';

/*
 * The counting rules of packages/contract/src/monitoring/counting.ts in SQL, for the Beranda and
 * every Monitoring screen, so that both show the same numbers. Each fragment is correlated with a
 * pembelajaran row aliased `b` in the surrounding query.
 *
 * Expected pupil: a live member (anggota_rombel not deleted) of b's class who has not left by the
 * semester (no pd_keluar row of this or an earlier semester) and, for a religion subject, whose
 * agama is the subject's. Dinilai: an expected pupil with any nilai_akhir row of b.
 */

/** The agama_id b's subject is for (religion subjects), else null. */
const agamaOfB = sql.raw(
  `(case b.mata_pelajaran_id ${Object.entries(MAPEL_AGAMA)
    .map(([mapel, agama]) => `when ${Number(mapel)} then ${Number(agama)}`)
    .join(' ')} end)`,
);

/**
 * A live membership `a` (every screen's rule): not deleted, and its pupil has not left by the
 * semester (no pd_keluar row of this or an earlier one). Nilai Ekstrakurikuler counts with it too.
 */
export function liveMember(semesterId: string): SQL {
  return sql`a.deleted_at is null and ${notLeft(sql`a.peserta_didik_id`, semesterId)}`;
}

/** The pupil `pesertaDidikId` has not left by the semester (PKL participants count with it too). */
export function notLeft(pesertaDidikId: SQL, semesterId: string): SQL {
  return sql`not exists (select 1 from ${pdKeluar} k
      where k.peserta_didik_id = ${pesertaDidikId} and k.semester_id <= ${semesterId})`;
}

/** Conditions making anggota_rombel `a` joined to peserta_didik `pd` an expected pupil of b. */
export function expectedPupilOfB(semesterId: string): SQL {
  return sql`a.rombongan_belajar_id = b.rombongan_belajar_id
    and (${agamaOfB} is null or pd.agama_id = ${agamaOfB}) and ${liveMember(semesterId)}`;
}

/** Number of expected pupils of b. */
export function expectedCount(semesterId: string): SQL<number> {
  return sql<number>`(select count(*) from ${anggotaRombel} a
    join ${pesertaDidik} pd on pd.peserta_didik_id = a.peserta_didik_id
    where ${expectedPupilOfB(semesterId)})`;
}

/** Whether anggota_rombel `a` has a nilai akhir in b (any kompetensi). */
export const hasNilaiAkhirInB = sql`exists (select 1 from ${nilaiAkhir} n
  where n.anggota_rombel_id = a.anggota_rombel_id and n.pembelajaran_id = b.pembelajaran_id)`;

/** Number of expected pupils of b with a nilai akhir. */
export function dinilaiCount(semesterId: string): SQL<number> {
  return sql<number>`(select count(*) from ${anggotaRombel} a
    join ${pesertaDidik} pd on pd.peserta_didik_id = a.peserta_didik_id
    where ${expectedPupilOfB(semesterId)} and ${hasNilaiAkhirInB})`;
}

/** Status (contract counting.ts statusOf) in SQL over a counted row `x` (expected, dinilai). */
export function statusCondition(status: ProgressStatus | undefined): SQL {
  if (status === 'belum') return sql`x.expected > 0 and x.dinilai = 0`;
  if (status === 'lengkap') return sql`x.expected > 0 and x.dinilai >= x.expected`;
  if (status === 'sebagian') return sql`x.dinilai > 0 and x.dinilai < x.expected`;
  return sql`true`;
}
