import { CATATAN_MAX, checkCatatan } from '@erapor/contract/wali-kelas/catatan';
import { describe, expect, it } from 'vitest';
import { generateCatatan } from './catatan.ts';
import { generateSchool } from './generate.ts';
import { generateGrades } from './grades.ts';

describe('demo homeroom texts (Catatan Wali Kelas, Kokurikuler)', () => {
  const school = generateSchool({ semesterId: '20261', profile: 'tiny' });
  const regular = school.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && !r.soft_delete);
  const members = regular.flatMap((r) => r.anggota_rombel.map((a) => a.anggota_rombel_id));

  it('gives every pupil a note and (from 20251) a kokurikuler text, each a valid note', () => {
    const texts = generateCatatan(members, '20261');
    expect(texts.filter((c) => c.type === 'catatan_walas').map((c) => c.anggota_rombel_id)).toEqual(members);
    expect(texts.filter((c) => c.type === 'kokurikuler').map((c) => c.anggota_rombel_id)).toEqual(members);
    for (const c of texts) {
      expect(checkCatatan(c.uraian_deskripsi)).toEqual({ ok: true, value: c.uraian_deskripsi });
      expect(c.uraian_deskripsi.length).toBeGreaterThan(20);
      expect(c.uraian_deskripsi.length).toBeLessThanOrEqual(CATATAN_MAX);
    }
    const kok = texts.filter((c) => c.type === 'kokurikuler').map((c) => c.uraian_deskripsi);
    for (const k of kok)
      expect(k).toMatch(/^Melalui kegiatan kokurikuler, ananda menunjukkan .* pada dimensi .+\.$/);
    // Pupils differ (not one sentence for the whole school).
    expect(new Set(kok).size).toBeGreaterThan(1);
  });

  it('has no kokurikuler before 20251 and is deterministic', () => {
    const before = generateCatatan(members, '20242');
    expect(before.every((c) => c.type === 'catatan_walas')).toBe(true);
    expect(before.length).toBe(members.length);
    expect(generateCatatan(members, '20261')).toEqual(generateCatatan(members, '20261'));
  });

  it('the living grades list exactly those members (what write-grades passes)', () => {
    const grades = generateGrades(school);
    expect(grades.absensi.map((a) => a.anggota_rombel_id).sort()).toEqual([...members].sort());
  });
});
