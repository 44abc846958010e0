import { describe, expect, it } from 'vitest';
import {
  emptySyncKindResult,
  resolveNisn,
  SYNC_MESSAGES,
  serviceWindowMessage,
  syncKindResultSchema,
  wibTime,
} from './sinkronisasi';

const A = '0a4c1f7e-0000-4000-8000-000000000001';
const B = '7f31b2c4-0000-4000-8000-000000000002';
const C = 'c9e0d3a5-0000-4000-8000-000000000003';

describe('resolveNisn: one NISN, several pupils', () => {
  const ani = { id: A, nama: 'Ani', nisn: '0107437649' };
  const budi = { id: B, nama: 'Budi', nisn: '0107437649' };
  const citra = { id: C, nama: 'Citra', nisn: '0107437650' };

  it('gives the NISN to the smallest peserta_didik_id, whatever the order of the rows', () => {
    for (const order of [
      [ani, budi, citra],
      [budi, ani, citra],
      [citra, budi, ani],
    ]) {
      const { nisnOf, clashes } = resolveNisn(order);
      expect(nisnOf(A)).toBe('0107437649');
      expect(nisnOf(B)).toBeNull();
      expect(nisnOf(C)).toBe('0107437650');
      expect(clashes).toEqual([{ nisn: '0107437649', keeper: ani, others: [budi] }]);
    }
  });

  it('compares ids without regard to case, and a pupil listed twice is no clash', () => {
    const upper = { ...budi, id: B.toUpperCase() };
    expect(resolveNisn([upper, ani]).nisnOf(B)).toBeNull();
    expect(resolveNisn([ani, { ...ani }]).clashes).toEqual([]);
  });

  it('three pupils: one keeps it, both others are named', () => {
    const c = { ...citra, nisn: ani.nisn };
    const { clashes } = resolveNisn([c, budi, ani]);
    expect(clashes).toEqual([{ nisn: ani.nisn, keeper: ani, others: [budi, c] }]);
  });

  it('a pupil the school created itself keeps the NISN it holds', () => {
    const local = { id: C, nama: 'Citra', nisn: ani.nisn, local: true };
    const { nisnOf } = resolveNisn([ani, local]);
    expect(nisnOf(C)).toBe(ani.nisn);
    expect(nisnOf(A)).toBeNull();
  });

  it('pupils without NISN claim nothing', () => {
    const { nisnOf, clashes } = resolveNisn([
      { ...ani, nisn: null },
      { ...budi, nisn: null },
    ]);
    expect(nisnOf(A)).toBeNull();
    expect(clashes).toEqual([]);
  });

  it('the warning names the NISN and every pupil', () => {
    expect(SYNC_MESSAGES.duplicateNisn('0107437649', 'Ani', ['Budi'])).toBe(
      'NISN 0107437649 dipakai lebih dari satu peserta didik di Dapodik: Ani dan Budi. NISN disimpan pada Ani (peserta_didik_id Dapodik terkecil); Budi disimpan tanpa NISN. Perbaiki NISN di Dapodik.',
    );
    expect(SYNC_MESSAGES.duplicateNisn('0107437649', 'Citra', ['Ani'], true)).toContain(
      'NISN disimpan pada Citra (peserta didik yang dibuat di e-Rapor); Ani disimpan tanpa NISN.',
    );
  });
});

describe('the service window message', () => {
  it('says the window and when to come back; the known 00.00–03.00 WIB when the source does not say', () => {
    const known =
      'Layanan Dapodik ditutup pukul 00.00–03.00 WIB. Silahkan coba lagi setelah pukul 03.00 WIB.';
    expect(serviceWindowMessage()).toBe(known);
    expect(serviceWindowMessage({ from: null, until: null })).toBe(known);
    expect(SYNC_MESSAGES.serviceWindow()).toBe(known);
    expect(serviceWindowMessage({ from: '23.00', until: '04.30' })).toBe(
      'Layanan Dapodik ditutup pukul 23.00–04.30 WIB. Silahkan coba lagi setelah pukul 04.30 WIB.',
    );
    expect(serviceWindowMessage({ until: '02.00' })).toBe(
      'Layanan Dapodik ditutup pukul 00.00–02.00 WIB. Silahkan coba lagi setelah pukul 02.00 WIB.',
    );
  });

  it('reads instants as WIB wall time (UTC+7)', () => {
    expect(wibTime('2025-09-15T17:00:00.000Z')).toBe('00.00');
    expect(wibTime('2025-09-15T20:00:00.000Z')).toBe('03.00');
    expect(wibTime(new Date('2025-09-15T16:59:00Z'))).toBe('23.59');
    expect(wibTime('bukan tanggal')).toBeNull();
    expect(wibTime(null)).toBeNull();
  });
});

describe('kind results', () => {
  it('count skipped rows in their own bucket', () => {
    const r = emptySyncKindResult('peserta_didik_aktif');
    expect(r.skipped).toBe(0);
    expect(syncKindResultSchema.parse(r)).toEqual(r);
  });

  it('say what happens to a row whose link is missing: kept, without it', () => {
    expect(SYNC_MESSAGES.parentMissingKept('Guru (PTK)', 'x', 'pembelajaran Matematika', 'guru')).toBe(
      'Guru (PTK) x tidak ada di e-Rapor; pembelajaran Matematika tetap disimpan tanpa guru.',
    );
  });
});
