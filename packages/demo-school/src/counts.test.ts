import { describe, expect, it } from 'vitest';
import { dapodikCounts } from './counts.ts';
import { generateSchool } from './generate.ts';

describe('dapodikCounts', () => {
  it('reports the sizes reference-dapodik §6.6 asks of smk-standard', () => {
    const c = dapodikCounts(generateSchool({ semesterId: '20251' }));
    expect(c.rombel).toEqual({ reguler: 45, pilihan: 6, ekskul: 12 });
    expect(c.rombel_dihapus).toBe(1);
    expect(c.ptk).toBe(90);
    expect(c.ptk_keluar).toBe(1);
    expect(c.pd_keluar).toBe(25);
    expect(c.pd_aktif).toBeGreaterThan(1_400);
    // Every active pupil sits in exactly one live regular class.
    expect(c.anggota_reguler).toBe(c.pd_aktif);
    expect(c.ekskul).toBe(12);
    expect(c.dudi).toBe(40);
    expect(c.mou).toBe(40);
    expect(c.akt_pd).toBe(45);
    expect(c.bimbing_pd).toBe(90);
    expect(c.pembelajaran).toBeGreaterThan(600);
    expect(c.pengguna).toBe(92);
  });

  it('follows changes made to the school', () => {
    const school = generateSchool({ semesterId: '20251', profile: 'tiny' });
    const before = dapodikCounts(school);
    const rombel = school.rombongan_belajar.find((r) => r.jenis_rombel === 1);
    if (!rombel) throw new Error('no class');
    rombel.soft_delete = 1;
    const after = dapodikCounts(school);
    expect(after.rombel.reguler).toBe(before.rombel.reguler - 1);
    expect(after.rombel_dihapus).toBe(before.rombel_dihapus + 1);
    expect(after.anggota_reguler).toBe(before.anggota_reguler - rombel.anggota_rombel.length);
    expect(after.pembelajaran).toBe(before.pembelajaran - rombel.pembelajaran.length);
  });
});
