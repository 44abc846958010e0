import { describe, expect, it } from 'vitest';
import {
  ASESMEN_MESSAGES,
  checkDeskripsi,
  checkNilaiAkhirRows,
  checkScoreRows,
  lingkupMateriSaveSchema,
  nilaiAkhirSaveSchema,
  rombelPickerQuerySchema,
} from './asesmen';
import { KOMPETEN_MESSAGE, SCORE_MESSAGES } from './rules';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const TP = '33333333-3333-4333-8333-333333333333';

describe('save payloads', () => {
  it('take a cell as number, text or empty, with the loaded value', () => {
    const ok = lingkupMateriSaveSchema.safeParse({
      rows: [
        { anggota_rombel_id: A, tp_id: TP, nilai: 80, sebelumnya: null },
        { anggota_rombel_id: A, tp_id: TP, nilai: 'abc', sebelumnya: 70 },
        { anggota_rombel_id: B, tp_id: TP, nilai: null, sebelumnya: 70 },
      ],
    });
    expect(ok.success).toBe(true);
  });
  it('refuse an empty save and malformed rows', () => {
    const empty = lingkupMateriSaveSchema.safeParse({ rows: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(ASESMEN_MESSAGES.noChanges);
    expect(
      lingkupMateriSaveSchema.safeParse({
        rows: [{ anggota_rombel_id: 'x', tp_id: TP, nilai: 1, sebelumnya: null }],
      }).success,
    ).toBe(false);
    // What was loaded is always a valid stored score.
    expect(
      lingkupMateriSaveSchema.safeParse({
        rows: [{ anggota_rombel_id: A, tp_id: TP, nilai: 1, sebelumnya: 101 }],
      }).success,
    ).toBe(false);
    expect(
      nilaiAkhirSaveSchema.safeParse({
        rows: [{ anggota_rombel_id: A, tp_id: null, nilai: 1, sebelumnya: null }],
      }).success,
    ).toBe(true);
  });
  it('pickers need a known tingkat and jenis rombel', () => {
    expect(rombelPickerQuerySchema.safeParse({ tingkat: '10', jenis_rombel: '16' }).data).toEqual({
      tingkat: 10,
      jenis_rombel: 16,
    });
    expect(rombelPickerQuerySchema.safeParse({ tingkat: '9', jenis_rombel: '1' }).success).toBe(false);
    expect(rombelPickerQuerySchema.safeParse({ tingkat: '10', jenis_rombel: '51' }).success).toBe(false);
  });
});

describe('cell checks', () => {
  it('reports every bad score at once, keyed by row', () => {
    const res = checkScoreRows(
      [
        { anggota_rombel_id: A, tp: '1', nilai: 80 },
        { anggota_rombel_id: A, tp: '2', nilai: 'x' },
        { anggota_rombel_id: A, tp: '1', nilai: 81 },
        { anggota_rombel_id: B, tp: '1', nilai: 101 },
        { anggota_rombel_id: B, tp: '2', nilai: '' },
      ],
      (r) => r.tp,
    );
    expect(res.details).toEqual({
      'rows.1.nilai': SCORE_MESSAGES.notNumber,
      'rows.2.nilai': ASESMEN_MESSAGES.duplicateCell,
      'rows.3.nilai': SCORE_MESSAGES.aboveMax,
    });
    expect(res.values).toEqual([80, null, 81, null, null]);
  });
  it('checks the final grade as a score and a TP cell as ketercapaian', () => {
    const res = checkNilaiAkhirRows([
      { anggota_rombel_id: A, tp_id: null, nilai: '85', sebelumnya: null },
      { anggota_rombel_id: A, tp_id: TP, nilai: 1, sebelumnya: null },
      { anggota_rombel_id: B, tp_id: TP, nilai: 85, sebelumnya: null },
      { anggota_rombel_id: B, tp_id: null, nilai: -3, sebelumnya: null },
    ]);
    expect(res.values).toEqual([85, 1, null, null]);
    expect(res.details).toEqual({
      'rows.2.nilai': KOMPETEN_MESSAGE,
      'rows.3.nilai': SCORE_MESSAGES.belowMin,
    });
  });
  it('trims descriptions, empties to null, refuses overlong ones', () => {
    expect(checkDeskripsi('  Baik  ')).toEqual({ ok: true, value: 'Baik' });
    expect(checkDeskripsi('   ')).toEqual({ ok: true, value: null });
    expect(checkDeskripsi(null)).toEqual({ ok: true, value: null });
    expect(checkDeskripsi('a'.repeat(2001))).toEqual({ ok: false, message: ASESMEN_MESSAGES.deskripsiMax });
  });
  it('names at most five pupils in a conflict', () => {
    expect(ASESMEN_MESSAGES.conflict(['Ani', 'Budi'])).toMatch(
      /^Nilai Ani, Budi telah diubah oleh pengguna lain/,
    );
    expect(ASESMEN_MESSAGES.conflict(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toContain(
      'A, B, C, D, E dan 2 peserta didik lain',
    );
  });
});
