import {
  nilaiAsesmen,
  nilaiSumatifAkhirSemester,
  nilaiSumatifLingkupMateri,
} from '@erapor/contract/penilaian/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSchool } from './generate.ts';
import { SPREAD } from './grades.ts';
import { semestersBefore } from './history.ts';
import { generateLiving, type LivingSchool } from './living.ts';
import type { DemoSchool } from './types.ts';

const ACTIVE = '20261';

function pupilsOf(s: DemoSchool, nama: string): string[] {
  const r = s.rombongan_belajar.find((x) => x.nama === nama && x.jenis_rombel === 1);
  if (!r) throw new Error(`no class ${nama} in ${s.meta.semester_id}`);
  return r.anggota_rombel.map((a) => a.peserta_didik_id).sort();
}

describe('semestersBefore', () => {
  it('counts back across tahun ajaran', () => {
    expect(semestersBefore('20261', 3)).toEqual(['20242', '20251', '20252']);
    expect(semestersBefore('20252', 2)).toEqual(['20242', '20251']);
  });
});

describe('living demo school (smk-standard)', () => {
  let school: DemoSchool;
  let living: LivingSchool;
  beforeAll(() => {
    school = generateSchool({ semesterId: ACTIVE });
    living = generateLiving(school);
  }, 60_000);

  it('is deterministic: same seed, same grades and history', () => {
    // The tiny profile runs the same code at a fraction of the time.
    const tiny = (seed: number) =>
      generateLiving(generateSchool({ semesterId: ACTIVE, profile: 'tiny', seed }));
    const once = tiny(42);
    expect(JSON.stringify(tiny(42))).toBe(JSON.stringify(once));
    expect(tiny(43).grades.nilai_akhir).not.toEqual(once.grades.nilai_akhir);
  }, 60_000);

  it('gives every gradable pembelajaran TPs, and spreads the work ~70/20/10', () => {
    const g = living.grades;
    const ids = Object.keys(g.kemajuan);
    expect(ids.length).toBeGreaterThan(400);
    const mapped = new Set(g.tp_mapel.map((m) => m.pembelajaran_id));
    for (const id of ids) expect(mapped.has(id), id).toBe(true);
    const share = (k: string) => ids.filter((id) => g.kemajuan[id] === k).length / ids.length;
    expect(share('lengkap')).toBeCloseTo(SPREAD.lengkap, 1);
    expect(share('sebagian')).toBeCloseTo(SPREAD.sebagian, 1);
    expect(share('belum')).toBeCloseTo(SPREAD.belum, 1);
    // Nothing scored in a subject not started.
    const scored = new Set(g.nilai_tp.map((n) => n.pembelajaran_id));
    for (const id of ids.filter((x) => g.kemajuan[x] === 'belum')) expect(scored.has(id)).toBe(false);
  });

  it("maps the PKL subject's TPs to pkl@'s class, with no score generated for it", () => {
    const g = living.grades;
    const pkl = school.relations.pklPembelajaranId;
    const tps = g.tp_mapel.filter((m) => m.pembelajaran_id === pkl).map((m) => m.tp_id);
    // The three PKL elements of fase F (capaian.ts).
    expect(tps).toHaveLength(3);
    expect(g.nilai_tp.some((n) => n.pembelajaran_id === pkl)).toBe(false);
    expect(g.kemajuan[pkl]).toBeUndefined();
  });

  it("completes wali@'s class and leaves guru@ a subject to continue", () => {
    const g = living.grades;
    const wali = school.rombongan_belajar.find(
      (r) => r.rombongan_belajar_id === school.relations.waliRombelId,
    );
    for (const p of wali?.pembelajaran ?? [])
      if (g.kemajuan[p.pembelajaran_id]) expect(g.kemajuan[p.pembelajaran_id]).toBe('lengkap');
    const guru = school.demoAccounts.guru.ptk_id;
    const mine = school.rombongan_belajar.flatMap((r) => r.pembelajaran).filter((p) => p.ptk_id === guru);
    expect(mine.some((p) => g.kemajuan[p.pembelajaran_id] === 'sebagian')).toBe(true);
  });

  it('stores final grades that are the suggestion of the rules, with a few pupils missing scores', () => {
    const g = living.grades;
    const key = (a: string, p: string) => `${a}|${p}`;
    const tp = new Map<string, number[]>();
    for (const n of g.nilai_tp)
      tp.set(key(n.anggota_rombel_id, n.pembelajaran_id), [
        ...(tp.get(key(n.anggota_rombel_id, n.pembelajaran_id)) ?? []),
        n.nilai,
      ]);
    const sas = new Map<string, { tes: number | null; non: number | null }>();
    for (const n of g.nilai_sumatif) {
      const k = key(n.anggota_rombel_id, n.pembelajaran_id);
      const v = sas.get(k) ?? { tes: null, non: null };
      if (n.jenis === 'tes') v.tes = n.nilai;
      else v.non = n.nilai;
      sas.set(k, v);
    }
    const bobot = new Map(g.bobot.map((b) => [b.pembelajaran_id, { materi: b.materi, akhir: b.akhir }]));
    for (const n of g.nilai_akhir) {
      const k = key(n.anggota_rombel_id, n.pembelajaran_id);
      const s = sas.get(k);
      const suggestion = nilaiAsesmen(
        nilaiSumatifLingkupMateri(tp.get(k) ?? []),
        nilaiSumatifAkhirSemester(s?.tes ?? null, s?.non ?? null),
        bobot.get(n.pembelajaran_id) ?? { materi: 1, akhir: 1 },
      );
      expect(n.nilai).toBe(suggestion.nilai);
    }
    const withoutNonTes = [...sas.values()].filter((v) => v.non === null).length;
    expect(withoutNonTes).toBeGreaterThan(0);
    expect(withoutNonTes).toBeLessThan(sas.size * 0.05);
    const values = g.nilai_akhir.map((n) => n.nilai);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(70);
    expect(mean).toBeLessThan(85);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(40);
    expect(g.deskripsi).toHaveLength(g.nilai_akhir.length);
    expect(g.deskripsi.every((d) => d.tercapai?.startsWith('Menunjukkan penguasaan yang baik dalam '))).toBe(
      true,
    );
  });

  it('writes attitude notes, ekskul grades and the report settings', () => {
    const g = living.grades;
    expect(g.sikap.length).toBeGreaterThan(100);
    expect(g.ekskul.length).toBeGreaterThan(500);
    expect(g.settings.kepala_sekolah).toBe(school.sekolah.kepala_sekolah_ptk_id);
    expect(school.ptk.find((p) => p.ptk_id === g.settings.kepala_sekolah)?.nip).toBeTruthy();
    expect(g.settings.tanggal_rapor).toBe('2026-12-19');
  });

  it('holds the same pupils one class lower in the semesters before, with final grades', () => {
    const [s20242, s20251, s20252] = living.history.map((h) => h.school);
    if (!s20242 || !s20251 || !s20252) throw new Error('three past semesters expected');
    expect([s20242, s20251, s20252].map((s) => s.meta.semester_id)).toEqual(['20242', '20251', '20252']);
    expect(pupilsOf(s20252, 'X TJKT 1')).toEqual(pupilsOf(school, 'XI TJKT 1'));
    expect(pupilsOf(s20251, 'X PPLG 2')).toEqual(pupilsOf(school, 'XI PPLG 2'));
    expect(pupilsOf(s20252, 'XI AKL 3')).toEqual(pupilsOf(school, 'XII AKL 3'));
    expect(pupilsOf(s20242, 'X MPLB 1')).toEqual(pupilsOf(school, 'XII MPLB 1'));
    // The cohort that graduated in 2026 is the same in 20242 (XI) and 20252 (XII).
    expect(pupilsOf(s20242, 'XI TJKT 2')).toEqual(pupilsOf(s20252, 'XII TJKT 2'));
    // Teachers are today's staff.
    const staff = new Set(school.ptk.map((p) => p.ptk_id));
    for (const s of [s20242, s20251, s20252])
      for (const r of s.rombongan_belajar)
        for (const p of r.pembelajaran) expect(staff.has(p.ptk_id)).toBe(true);
    for (const h of living.history) {
      expect(Object.values(h.grades.kemajuan).every((k) => k === 'lengkap')).toBe(true);
      expect(h.grades.nilai_akhir.length).toBeGreaterThan(10_000);
      expect(h.grades.nilai_tp).toHaveLength(0);
    }
  });
});
