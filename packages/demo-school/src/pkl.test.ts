import { MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import { hariPkl } from '@erapor/contract/pkl/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSchool } from './generate.ts';
import { type DemoGrades, generateGrades } from './grades.ts';
import { type DemoPkl, generatePkl } from './pkl.ts';
import type { DemoSchool } from './types.ts';

describe('demo PKL of the active semester (smk-standard, issue #27)', () => {
  let school: DemoSchool;
  let grades: DemoGrades;
  let pkl: DemoPkl;
  beforeAll(() => {
    school = generateSchool({ semesterId: '20261' });
    grades = generateGrades(school);
    pkl = generatePkl(school, grades);
  }, 60_000);

  it('places every pupil of every grade-12 class with a PKL subject, one plan per PKS', () => {
    const xii = school.rombongan_belajar.filter(
      (r) =>
        r.jenis_rombel === 1 &&
        r.tingkat_pendidikan_id === 12 &&
        r.pembelajaran.some((p) => p.mata_pelajaran_id === MAPEL_PKL),
    );
    expect(xii.length).toBeGreaterThan(5);
    const pupils = xii.flatMap((r) => r.anggota_rombel.map((a) => a.peserta_didik_id)).sort();
    expect(pkl.pd_pkl.map((p) => p.peserta_didik_id).sort()).toEqual(pupils);
    // The PKS of those classes (a K13 class has no PKL subject, so no plan).
    const placed = new Set(pupils);
    const akt = school.dudi
      .flatMap((d) => d.mou.flatMap((m) => m.akt_pd))
      .filter((a) => a.anggota_akt_pd.some((x) => placed.has(x.registrasi_peserta_didik.peserta_didik_id)));
    expect(akt.length).toBeGreaterThan(30);
    expect(pkl.rencana).toHaveLength(akt.length);
    expect(new Set(pkl.rencana.map((r) => r.akt_pd_id)).size).toBe(akt.length);
    // The three PKL TPs of fase F on every plan.
    expect(pkl.tp_pkl).toHaveLength(pkl.rencana.length * 3);
  });

  it('gives pkl@ their plans, one partly scored to continue, scores, notes and attendance', () => {
    const pklGuru = school.demoAccounts.pkl.ptk_id;
    const mine = pkl.rencana.filter((r) => r.guru_id === pklGuru);
    expect(mine.map((r) => r.akt_pd_id).sort()).toEqual([...school.relations.pklAktPdIds].sort());
    expect(mine.map((r) => r.kemajuan)).toEqual(['sebagian', 'lengkap', 'lengkap']);
    const ids = new Set(mine.map((r) => r.pkl_id));
    const participants = pkl.pd_pkl.filter((p) => ids.has(p.pkl_id));
    const scored = new Set(pkl.nilai_pkl.filter((n) => ids.has(n.pkl_id)).map((n) => n.peserta_didik_id));
    // Every pupil of the complete plans and about half of the partly scored one.
    expect(scored.size).toBeGreaterThan(participants.length / 2);
    expect(scored.size).toBeLessThan(participants.length);
    expect(pkl.absensi_pkl.filter((a) => ids.has(a.pkl_id))).toHaveLength(participants.length);
    expect(participants.filter((p) => p.catatan !== null).length).toBeGreaterThan(0);
  });

  it('spreads the other plans ~70/20/10 and keeps attendance within the placement', () => {
    const others = pkl.rencana.filter((r) => !school.relations.pklAktPdIds.includes(r.akt_pd_id));
    const count = (k: string) => others.filter((r) => r.kemajuan === k).length;
    expect(count('lengkap')).toBe(Math.round(others.length * 0.7));
    expect(count('sebagian')).toBe(Math.round(others.length * 0.2));
    expect(count('belum')).toBe(others.length - count('lengkap') - count('sebagian'));
    const belum = new Set(others.filter((r) => r.kemajuan === 'belum').map((r) => r.pkl_id));
    expect(pkl.nilai_pkl.some((n) => belum.has(n.pkl_id))).toBe(false);
    for (const r of pkl.rencana) expect(r.tanggal_mulai <= r.tanggal_selesai).toBe(true);
    const hari = hariPkl(pkl.rencana[0]?.tanggal_mulai ?? '', pkl.rencana[0]?.tanggal_selesai ?? '');
    for (const a of pkl.absensi_pkl) expect(a.sakit + a.izin + a.alpa).toBeLessThanOrEqual(hari);
    for (const n of pkl.nilai_pkl) expect(n.nilai >= 60 && n.nilai <= 100).toBe(true);
  });

  it("stores the PKL grade the app's rule gives: the rounded mean of the pupil's scores", () => {
    const pd = pkl.nilai_pkl[0]?.peserta_didik_id ?? '';
    const scores = pkl.nilai_pkl.filter((n) => n.peserta_didik_id === pd);
    expect(scores).toHaveLength(3);
    const anggota = school.rombongan_belajar
      .flatMap((r) => r.anggota_rombel)
      .find((a) => a.peserta_didik_id === pd && a.anggota_rombel_id);
    const row = pkl.nilai_akhir.find((n) => n.anggota_rombel_id === anggota?.anggota_rombel_id);
    const [a = 0, b = 0, c = 0] = scores.map((s) => s.nilai);
    expect(row?.nilai).toBe(Math.round((a + b + c) / 3));
    expect(row?.kompetensi_id).toBe(4);
    const pupilsScored = new Set(pkl.nilai_pkl.map((n) => n.peserta_didik_id));
    expect(pkl.nilai_akhir).toHaveLength(pupilsScored.size);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(generatePkl(school, grades))).toBe(JSON.stringify(pkl));
  });
});

describe("guru@'s subjects follow the spread (issue #27)", () => {
  it('smk-standard: at least 60 % have graded pupils, exactly one is partly graded', () => {
    const school = generateSchool({ semesterId: '20261' });
    const grades = generateGrades(school);
    const guru = school.demoAccounts.guru.ptk_id;
    const mine = school.rombongan_belajar
      .flatMap((r) => r.pembelajaran)
      .filter((p) => p.ptk_id === guru && grades.kemajuan[p.pembelajaran_id]);
    expect(mine).toHaveLength(8);
    const graded = new Set(grades.nilai_akhir.map((n) => n.pembelajaran_id));
    const withGrades = mine.filter((p) => graded.has(p.pembelajaran_id));
    expect(withGrades.length / mine.length).toBeGreaterThanOrEqual(0.6);
    expect(mine.filter((p) => grades.kemajuan[p.pembelajaran_id] === 'sebagian')).toHaveLength(1);
    // The K13 class stays blank for the browser tests that grade it from scratch (penilaian.spec).
    expect(grades.kemajuan[school.relations.guruK13PembelajaranId]).toBe('belum');
  }, 60_000);
});
