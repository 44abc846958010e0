import { describe, expect, it } from 'vitest';
import { checkPembelajaranGrid, PEMBELAJARAN_MESSAGES, pembelajaranSaveSchema } from './rombel';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number, extra: object = {}) => ({
  pembelajaran_id: id(n),
  nama_mata_pelajaran: 'Matematika',
  guru_pengajar_id: '',
  kelompok_id: '16',
  no_urut: '3',
  updated_at: 'x',
  ...extra,
});

describe('pembelajaranSaveSchema', () => {
  it('coerces the grid cells (empty select = null, numbers from inputs)', () => {
    const r = pembelajaranSaveSchema.parse({ rows: [row(1), row(2, { kelompok_id: null, no_urut: '' })] });
    expect(r.rows[0]).toMatchObject({ guru_pengajar_id: null, kelompok_id: 16, no_urut: 3 });
    expect(r.rows[1]).toMatchObject({ kelompok_id: null, no_urut: null });
  });

  it('reports each bad cell by row and field', () => {
    const r = pembelajaranSaveSchema.safeParse({
      rows: [
        row(1, { nama_mata_pelajaran: '  ' }),
        row(2, { no_urut: '100' }),
        row(3, { kelompok_id: '' }),
        row(4, { guru_pengajar_id: 'bukan-id' }),
      ],
    });
    const details = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(details).toEqual({
      'rows.0.nama_mata_pelajaran': PEMBELAJARAN_MESSAGES.namaRequired,
      'rows.1.no_urut': PEMBELAJARAN_MESSAGES.noUrutInvalid,
      'rows.2.kelompok_id': PEMBELAJARAN_MESSAGES.pairRequired,
      'rows.3.guru_pengajar_id': PEMBELAJARAN_MESSAGES.guruInvalid,
    });
  });

  it('flags a row sent twice', () => {
    expect(
      checkPembelajaranGrid([
        { pembelajaran_id: id(1) },
        { pembelajaran_id: id(2) },
        { pembelajaran_id: id(1) },
      ]),
    ).toEqual({
      'rows.2.pembelajaran_id': PEMBELAJARAN_MESSAGES.duplicateRow,
    });
  });
});
