import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../roles';
import { cpQuery, katalogFor, TAUTAN_BAWAAN, tautanSchema, UNDUHAN_KATALOG } from './katalog';

describe('Pusat Unduhan catalogue', () => {
  it('has unique ids and names only known roles', () => {
    const ids = UNDUHAN_KATALOG.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of UNDUHAN_KATALOG) {
      expect(e.roles.length).toBeGreaterThan(0);
      for (const r of e.roles) expect(ROLE_NAMES).toContain(r);
    }
  });

  it('offers each user what their roles name, in catalogue order', () => {
    expect(katalogFor(['siswa']).map((e) => e.id)).toEqual([]);
    expect(katalogFor(['guru']).map((e) => e.id)).toEqual([
      'template-tp',
      'template-lingkup-materi',
      'template-akhir-semester',
      'template-nilai-akhir',
    ]);
    const waliGuru = katalogFor(['guru', 'wali']).map((e) => e.id);
    expect(waliGuru).toContain('template-tp');
    expect(waliGuru).toContain('leger-nilai');
    expect(waliGuru).not.toContain('progres-penilaian');
    expect(katalogFor(['admin']).map((e) => e.bagian)).not.toContain('monitoring');
    expect(katalogFor(['waka']).filter((e) => e.bagian === 'monitoring')).toHaveLength(5);
    expect(katalogFor(['internal']).map((e) => e.id)).toEqual(['sertifikat-ukk']);
    expect(katalogFor(['pembimbing']).map((e) => e.id)).toEqual(['rapor-pkl']);
  });

  it('builds the feature addresses from the chosen values', () => {
    const v = { pembelajaran: 'P', cp: 'kd:K', rombel: 'R', anggota: 'A', ukk: 'U', pkl: 'K', pd: 'D' };
    const byId = Object.fromEntries(UNDUHAN_KATALOG.map((e) => [e.id, e.request(v)]));
    expect(byId['template-tp']).toEqual({
      path: '/kurikulum/tp/template',
      query: { pembelajaran_id: 'P', kd_id: 'K' },
    });
    expect(byId['template-nilai-akhir']).toEqual({ path: '/penilaian/pembelajaran/P/template/nilai-akhir' });
    expect(byId['leger-nilai']).toEqual({ path: '/unduhan/leger-nilai/R' });
    expect(byId['rapor-cover']).toEqual({ path: '/cetak/rapor-cover/A' });
    expect(byId['sertifikat-ukk']).toEqual({ path: '/cetak/sertifikat/A/U' });
    expect(byId['rapor-pkl']).toEqual({ path: '/cetak/rapor-pkl/K/D' });
    expect(cpQuery('cp:12')).toEqual({ cp_id: '12' });
  });

  it('accepts the default links and refuses a link that is not http(s)', () => {
    for (const l of TAUTAN_BAWAAN) expect(tautanSchema.safeParse(l).success).toBe(true);
    expect(tautanSchema.safeParse({ bagian: 'A', judul: 'B', url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(tautanSchema.safeParse({ bagian: 'A', judul: 'B', url: 'ftp://x' }).success).toBe(false);
    expect(tautanSchema.safeParse({ bagian: ' ', judul: 'B', url: 'https://x.id' }).success).toBe(false);
  });
});
