import { describe, expect, it } from 'vitest';
import { MAPEL } from './curriculum.ts';
import { generateSchool } from './generate.ts';
import { generateLiving } from './living.ts';
import type { DemoSchool } from './types.ts';

/** The classes whose P5 pembelajaran (with at least one theme) the teacher holds. */
function p5ClassesOf(s: DemoSchool, ptkId: string): string[] {
  return s.rombongan_belajar
    .filter((r) => {
      const parent = r.pembelajaran.find((p) => p.mata_pelajaran_id === MAPEL.p5 && p.ptk_id === ptkId);
      return parent && r.pembelajaran.some((p) => p.induk_pembelajaran_id === parent.pembelajaran_id);
    })
    .map((r) => r.nama);
}

describe('p5@ (decision 037)', () => {
  for (const profile of ['tiny', 'smk-standard'] as const) {
    it(`${profile}: a Guru with Koord P5 who coordinates a Merdeka class now and in every past semester`, () => {
      const school = generateSchool({ semesterId: '20261', npsn: '69999999', profile });
      const p5 = school.demoAccounts.p5;
      expect(p5).toMatchObject({ email: 'p5@demo.sch.id', roles: ['guru', 'guru-p5'] });
      const ptkId = p5.ptk_id ?? '';
      expect(school.ptk.find((p) => p.ptk_id === ptkId)?.email).toBe('p5@demo.sch.id');
      const now = p5ClassesOf(school, ptkId);
      expect(now).toContain(
        school.rombongan_belajar.find((r) => r.rombongan_belajar_id === school.relations.p5RombelId)?.nama,
      );
      const history = generateLiving(school).history;
      expect(history.map((h) => h.school.meta.semester_id)).toContain('20242');
      for (const h of history)
        expect(p5ClassesOf(h.school, ptkId).length, h.school.meta.semester_id).toBeGreaterThan(0);
      // The whole smk-standard school and its history: ~3 s idle, several times that on a loaded CI.
    }, 60_000);
  }
});

describe('the living demo’s P5 projects (decision 037)', () => {
  it('before 20251 a project per theme of each Merdeka class: six sub-elements of three dimensions, a level MB/SB/BSH/SAB per pupil; none from 20251', () => {
    const school = generateSchool({ semesterId: '20261', npsn: '69999999', profile: 'tiny' });
    const history = generateLiving(school).history;
    for (const h of history) {
      const { rencana, aspek, nilai } = h.p5;
      if (h.school.meta.semester_id >= '20251') {
        expect(rencana, h.school.meta.semester_id).toEqual([]);
        continue;
      }
      expect(rencana.length).toBeGreaterThan(0);
      for (const r of rencana) {
        const mine = aspek.filter((a) => a.rencana_budaya_kerja_id === r.rencana_budaya_kerja_id);
        expect(mine).toHaveLength(6);
        expect(new Set(mine.map((a) => a.budaya_kerja_id)).size).toBe(3);
      }
      expect(new Set(nilai.map((n) => n.opsi_id))).toEqual(new Set([2, 3, 4, 5]));
    }
  });
});
