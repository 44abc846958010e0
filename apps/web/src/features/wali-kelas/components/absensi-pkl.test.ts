import type { AbsensiRow } from '@erapor/contract/wali-kelas/absensi';
import { describe, expect, it } from 'vitest';
import { changes, isDirty, setCells } from '../../../components/grade-grid/grid-model';
import { draftOf } from './absensi-draft';
import { pklCopyUpdates } from './absensi-pkl';

const row = (id: string, sakit: number): AbsensiRow => ({
  anggota_rombel_id: id,
  nama: id,
  nisn: null,
  sakit,
  izin: 0,
  alpa: 0,
  updated_at: null,
});

describe('Salin dari PKL', () => {
  it("fills placed pupils' cells as unsaved changes, leaves the others as they were", () => {
    const draft = draftOf([row('a', 1), row('b', 4)]);
    const pkl = new Map([['a', { anggota_rombel_id: 'a', sakit: 2, izin: 1, alpa: 3 }]]);
    const copied = setCells(draft, pklCopyUpdates(draft, pkl));
    expect(copied.values).toEqual([
      ['2', '1', '3'],
      ['4', '0', '0'],
    ]);
    // Dirty (to review and save), the loaded values untouched.
    expect(isDirty(copied)).toBe(true);
    expect(copied.original).toEqual(draft.original);
    expect(changes(copied).map((c) => c.rowId)).toEqual(['a', 'a', 'a']);
  });

  it('changes nothing when the class has no PKL absences', () => {
    const draft = draftOf([row('a', 1)]);
    expect(setCells(draft, pklCopyUpdates(draft, new Map()))).toBe(draft);
  });
});
