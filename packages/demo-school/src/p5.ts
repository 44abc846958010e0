/**
 * The living demo's P5 projects (docs/decisions/037-projek-p5.md): in a semester before 20251 every
 * Merdeka class whose P5 subject has themes gets one project per theme, each on six sub-elements of
 * three dimensions, a level (MB 2, SB 5, BSH 3, SAB 4 — never BB) for every pupil and sub-element and
 * a Catatan proses for most pupils. From 20251 nothing (the report card prints Kokurikuler).
 * Pure and deterministic, like the generator.
 */
import { P5_KODE_DIMENSI_TO_NO, p5SubElemen } from '@erapor/reference-data/p5';
import { MAPEL } from './curriculum.ts';
import { Rng } from './rng.ts';
import type { DemoSchool, Uuid } from './types.ts';

export interface DemoP5 {
  rencana: {
    rencana_budaya_kerja_id: Uuid;
    rombongan_belajar_id: Uuid;
    pembelajaran_id: Uuid;
    nama: string;
    deskripsi: string;
    no_urut: number;
  }[];
  aspek: {
    aspek_budaya_kerja_id: Uuid;
    rencana_budaya_kerja_id: Uuid;
    budaya_kerja_id: number;
    elemen_id: number;
  }[];
  nilai: { anggota_rombel_id: Uuid; aspek_budaya_kerja_id: Uuid; opsi_id: number }[];
  catatan: { anggota_rombel_id: Uuid; rencana_budaya_kerja_id: Uuid; catatan: string }[];
}

/** Levels weighted towards the middle: SB and BSH most often. */
const LEVELS = [2, 5, 5, 3, 3, 3, 4] as const;
const NAMA_LEVEL: Record<number, string> = {
  2: 'mulai berkembang',
  5: 'sedang berkembang',
  3: 'berkembang sesuai harapan',
  4: 'sangat berkembang',
};

export function generateP5(school: DemoSchool): DemoP5 {
  const out: DemoP5 = { rencana: [], aspek: [], nilai: [], catatan: [] };
  if (school.meta.semester_id >= '20251') return out;
  const rng = new Rng(`erapor-demo-p5:${school.meta.seed}:${school.meta.npsn}:${school.meta.semester_id}`);
  const byDimensi = new Map<number, number[]>();
  for (const s of p5SubElemen) {
    const dim = P5_KODE_DIMENSI_TO_NO[s.kode_dimensi] ?? 0;
    byDimensi.set(dim, [...(byDimensi.get(dim) ?? []), s.no]);
  }
  const dimensions = [...byDimensi.keys()].sort((a, b) => a - b);
  const members = new Map<string, Uuid[]>();
  for (const p of school.peserta_didik) {
    const a = p.anggota_rombel;
    members.set(a.rombongan_belajar_id, [
      ...(members.get(a.rombongan_belajar_id) ?? []),
      a.anggota_rombel_id,
    ]);
  }
  for (const r of school.rombongan_belajar) {
    if (r.jenis_rombel !== 1 || r.kurikulum_id < 1000) continue; // Merdeka SMK curricula: 5-digit ids
    const parent = r.pembelajaran.find((p) => p.mata_pelajaran_id === MAPEL.p5);
    const themes = r.pembelajaran.filter((p) => parent && p.induk_pembelajaran_id === parent.pembelajaran_id);
    const pupils = members.get(r.rombongan_belajar_id) ?? [];
    if (themes.length === 0 || pupils.length === 0) continue;
    for (const [i, tema] of themes.entries()) {
      const id = rng.uuid();
      out.rencana.push({
        rencana_budaya_kerja_id: id,
        rombongan_belajar_id: r.rombongan_belajar_id,
        pembelajaran_id: tema.pembelajaran_id,
        nama: tema.nama_mata_pelajaran,
        deskripsi: `Peserta didik ${r.nama} merancang dan melaksanakan projek bertema ${tema.nama_mata_pelajaran} di lingkungan sekolah, lalu mempresentasikan hasilnya.`,
        no_urut: i + 1,
      });
      const aspek = rng
        .shuffle(dimensions)
        .slice(0, 3)
        .flatMap((dim) =>
          rng
            .shuffle(byDimensi.get(dim) ?? [])
            .slice(0, 2)
            .map((no) => ({ dim, no })),
        )
        .map(({ dim, no }) => ({
          aspek_budaya_kerja_id: rng.uuid(),
          rencana_budaya_kerja_id: id,
          budaya_kerja_id: dim,
          elemen_id: no,
        }));
      out.aspek.push(...aspek);
      for (const ar of pupils) {
        let last = 3;
        for (const a of aspek) {
          last = rng.pick(LEVELS);
          out.nilai.push({
            anggota_rombel_id: ar,
            aspek_budaya_kerja_id: a.aspek_budaya_kerja_id,
            opsi_id: last,
          });
        }
        if (rng.int(1, 10) <= 8)
          out.catatan.push({
            anggota_rombel_id: ar,
            rencana_budaya_kerja_id: id,
            catatan: `Dalam projek ${tema.nama_mata_pelajaran} ananda ${NAMA_LEVEL[last]}; aktif berdiskusi dan menyelesaikan tugas kelompok.`,
          });
      }
    }
  }
  return out;
}
