import { HARI_MAX } from '@erapor/contract/wali-kelas/absensi';
import { describe, expect, it } from 'vitest';
import { generateSchool } from './generate.ts';
import { generateGrades } from './grades.ts';

describe('demo absences (Ketidakhadiran)', () => {
  const school = generateSchool({ semesterId: '20261', profile: 'tiny' });
  const grades = generateGrades(school);

  it('fills every member of every regular class, mostly 0–3 days, a few more, all valid', () => {
    const regular = school.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && !r.soft_delete);
    const members = regular.flatMap((r) => r.anggota_rombel.map((a) => a.anggota_rombel_id)).sort();
    expect(grades.absensi.map((a) => a.anggota_rombel_id).sort()).toEqual(members);
    const wali = regular.find((r) => r.rombongan_belajar_id === school.relations.waliRombelId);
    expect(wali?.anggota_rombel.length).toBeGreaterThan(0);
    const days = grades.absensi.flatMap((a) => [a.sakit, a.izin, a.alpa]);
    for (const d of days) expect(Number.isInteger(d) && d >= 0 && d <= HARI_MAX).toBe(true);
    expect(days.filter((d) => d <= 3).length / days.length).toBeGreaterThan(0.95);
    expect(days.some((d) => d > 0)).toBe(true);
  });

  it('is deterministic and left out of past (complete) semesters', () => {
    expect(generateGrades(school).absensi).toEqual(grades.absensi);
    expect(generateGrades(school, { mode: 'complete', scores: false }).absensi).toEqual([]);
  });
});
