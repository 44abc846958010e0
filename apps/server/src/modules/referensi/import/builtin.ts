import type { ImportReferensiReport } from '@erapor/contract/jobs';
import { agama } from '@erapor/reference-data/agama';
import { gelarAkademik } from '@erapor/reference-data/gelar-akademik';
import { jabatanPtk } from '@erapor/reference-data/jabatan-ptk';
import { jenisPtk } from '@erapor/reference-data/jenis-ptk';
import { jurusan } from '@erapor/reference-data/jurusan';
import { kelompok } from '@erapor/reference-data/kelompok';
import { kurikulum } from '@erapor/reference-data/kurikulum';
import { mataPelajaranNasional } from '@erapor/reference-data/mata-pelajaran';
import { mataPelajaranKurikulum } from '@erapor/reference-data/mata-pelajaran-kurikulum';
import { p5Dimensi, p5Elemen, p5SubElemen } from '@erapor/reference-data/p5';
import { pekerjaan } from '@erapor/reference-data/pekerjaan';
import { statusKepegawaian } from '@erapor/reference-data/status-kepegawaian';
import { levelWilayah, mstWilayah } from '@erapor/reference-data/wilayah';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { refAgama } from '../../../db/tables/referensi-ref';
import { eraporSources, importSources, type RowSource } from './run';
import { TARGETS, type Target } from './sources';

function rows(label: string, target: Target, data: readonly object[]): RowSource {
  return {
    label: `(bawaan: ${label})`,
    rows: () => data.map((row, i) => ({ row: { ...row } as Record<string, unknown>, rowNumber: i + 1 })),
    route: () => target,
  };
}

/** packages/reference-data as row sources, going to the same tables through the same upsert. */
export function builtinSources(): RowSource[] {
  return [
    rows('ref_agama', TARGETS.agama, agama),
    rows('pekerjaan', TARGETS.pekerjaan, pekerjaan),
    rows('jenis_ptk', TARGETS.jenisPtk, jenisPtk),
    rows('status_kepegawaian', TARGETS.statusKepegawaian, statusKepegawaian),
    rows('jabatan_ptk', TARGETS.jabatanPtk, jabatanPtk),
    rows('gelar_akademik', TARGETS.gelarAkademik, gelarAkademik),
    rows('ref_kelompok', TARGETS.kelompok, kelompok),
    rows('level_wilayah', TARGETS.levelWilayah, levelWilayah),
    rows('mst_wilayah', TARGETS.mstWilayah, mstWilayah),
    rows('jurusan', TARGETS.jurusan, jurusan),
    rows('kurikulum', TARGETS.kurikulum, kurikulum),
    rows('mata_pelajaran', TARGETS.mataPelajaran, mataPelajaranNasional),
    rows('mata_pelajaran_kurikulum', TARGETS.mataPelajaranKurikulum, mataPelajaranKurikulum),
    rows('p5 dimensi', TARGETS.p5Dimensi, p5Dimensi),
    rows('p5 elemen', TARGETS.p5Elemen, p5Elemen),
    rows('p5 sub_elemen', TARGETS.p5SubElemen, p5SubElemen),
    ...eraporSources(),
  ];
}

export async function loadBuiltinReference(db: Db): Promise<ImportReferensiReport> {
  return importSources(db, '(bawaan)', builtinSources());
}

/**
 * On a fresh installation (no religion rows yet: the reference was never loaded) the built-in set
 * goes in, so the app works before anyone imports the national files. Later starts do nothing.
 * Returns the report when it loaded, null when the tables already had data.
 */
export async function ensureBuiltinReference(db: Db): Promise<ImportReferensiReport | null> {
  const [row] = (await db.select({ one: sql<number>`1` }).from(refAgama).limit(1)) as { one: number }[];
  if (row) return null;
  return loadBuiltinReference(db);
}
