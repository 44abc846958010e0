import { HARI_MAX } from '@erapor/contract/wali-kelas/absensi';
import { describe, expect, it } from 'vitest';
import { generateCatatan } from './catatan.ts';
import { generateSchool } from './generate.ts';
import { generateGrades } from './grades.ts';
import { generateLiving } from './living.ts';

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

  it('is deterministic', () => {
    expect(generateGrades(school).absensi).toEqual(grades.absensi);
  });
});

describe('past semesters: absences, homeroom notes and kokurikuler (issue #27)', () => {
  const active = generateSchool({ semesterId: '20261', profile: 'tiny' });
  const { history } = generateLiving(active);

  it('fills every member of every past regular class, so a reprinted card is complete', () => {
    expect(history.map((h) => h.school.meta.semester_id)).toEqual(['20242', '20251', '20252']);
    for (const h of history) {
      const members = h.school.rombongan_belajar
        .filter((r) => r.jenis_rombel === 1)
        .flatMap((r) => r.anggota_rombel.map((a) => a.anggota_rombel_id))
        .sort();
      expect(members.length, h.school.meta.semester_id).toBeGreaterThan(0);
      expect(h.grades.absensi.map((a) => a.anggota_rombel_id).sort()).toEqual(members);
      expect(h.grades.absensi.some((a) => a.sakit + a.izin + a.alpa > 0)).toBe(true);
    }
  });

  it('gives 2025/2026 Genap a note and a kokurikuler text per pupil; 2024/2025 Genap no kokurikuler', () => {
    // The server writes these texts for the members of grades.absensi (write-grades.ts).
    const notesOf = (semesterId: string) => {
      const h = history.find((x) => x.school.meta.semester_id === semesterId);
      const ids = (h?.grades.absensi ?? []).map((a) => a.anggota_rombel_id);
      const texts = generateCatatan(ids, semesterId);
      return { ids, texts };
    };
    const genap = notesOf('20252');
    expect(genap.texts.filter((c) => c.type === 'catatan_walas')).toHaveLength(genap.ids.length);
    expect(genap.texts.filter((c) => c.type === 'kokurikuler')).toHaveLength(genap.ids.length);
    const before = notesOf('20242');
    expect(before.texts.filter((c) => c.type === 'catatan_walas')).toHaveLength(before.ids.length);
    expect(before.texts.filter((c) => c.type === 'kokurikuler')).toHaveLength(0);
  });
});
