/**
 * Read helpers over a generated school (flattened views and lookups), for seeds, the simulator and tests.
 */
import type {
  AktPd,
  AnggotaRombel,
  DemoSchool,
  Pembelajaran,
  PesertaDidik,
  Ptk,
  RombonganBelajar,
} from './types.ts';

/** Every pembelajaran of every rombel (sub-subjects and P5 themes included). */
export function allPembelajaran(school: DemoSchool): Pembelajaran[] {
  return school.rombongan_belajar.flatMap((r) => r.pembelajaran);
}

/** Every membership: regular, elective (16) and extracurricular (51). */
export function allAnggotaRombel(school: DemoSchool): AnggotaRombel[] {
  return school.rombongan_belajar.flatMap((r) => r.anggota_rombel);
}

export function allAktPd(school: DemoSchool): AktPd[] {
  return school.dudi.flatMap((d) => d.mou.flatMap((m) => m.akt_pd));
}

/** The rombel's soft-delete flag, whichever spelling the row uses. */
export function isSoftDeleted(rombel: RombonganBelajar): boolean {
  return (rombel.soft_delete ?? rombel.Soft_delete ?? 0) === 1;
}

export function rombelById(school: DemoSchool): Map<string, RombonganBelajar> {
  return new Map(school.rombongan_belajar.map((r) => [r.rombongan_belajar_id, r]));
}

export function ptkById(school: DemoSchool): Map<string, Ptk> {
  return new Map([...school.ptk, ...school.ptk_keluar].map((p) => [p.ptk_id, p]));
}

export function pesertaDidikById(school: DemoSchool): Map<string, PesertaDidik> {
  return new Map(
    [...school.peserta_didik, ...school.peserta_didik_keluar].map((p) => [p.peserta_didik_id, p]),
  );
}

/** Teaching load (jam_mengajar_per_minggu summed over all pembelajaran) per ptk_id. */
export function jpPerPtk(school: DemoSchool): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of allPembelajaran(school))
    out.set(p.ptk_id, (out.get(p.ptk_id) ?? 0) + p.jam_mengajar_per_minggu);
  return out;
}

/** jenis_ptk ids counted as teachers (reference-dapodik §2.2, e-Rapor `jenis_gtk`). */
export const JENIS_PTK_GURU: ReadonlySet<number> = new Set([
  3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 20, 25, 26, 51, 52, 53, 54, 56, 92,
]);
