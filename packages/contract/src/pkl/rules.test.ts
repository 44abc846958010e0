import { describe, expect, it } from 'vitest';
import { PKL_MESSAGES, rencanaPklSaveSchema } from './perencanaan';
import {
  absensiPklMessage,
  checkAbsensiPkl,
  hariPkl,
  lamanyaBulan,
  nilaiAkhirPkl,
  pklInSemester,
} from './rules';

const s = (nilai: number, deskripsi: string | null = null) => ({ nilai, deskripsi });

describe('nilaiAkhirPkl: round(mean of the non-zero TP scores), half away from zero', () => {
  it('leaves a 0 out: 80, 85, 0, 90 → 255 / 3 = 85', () => {
    expect(nilaiAkhirPkl([s(80), s(85), s(0), s(90)])?.nilai).toBe(85);
  });

  it('rounds a half up: 80, 85 → 82.5 → 83', () => {
    expect(nilaiAkhirPkl([s(80), s(85)])?.nilai).toBe(83);
  });

  it('rounds below a half down: 80, 81, 81 → 80.67 → 81; 80, 80, 81 → 80.33 → 80', () => {
    expect(nilaiAkhirPkl([s(80), s(81), s(81)])?.nilai).toBe(81);
    expect(nilaiAkhirPkl([s(80), s(80), s(81)])?.nilai).toBe(80);
  });

  it('gives no grade for only zeros or no score at all', () => {
    expect(nilaiAkhirPkl([s(0)])).toBeNull();
    expect(nilaiAkhirPkl([s(0, 'Belum dinilai'), s(0)])).toBeNull();
    expect(nilaiAkhirPkl([])).toBeNull();
  });

  it('counts both placements of a pupil: 90, 80 at one DUDI and 75 at another → 245 / 3 = 81.67 → 82', () => {
    const first = [s(90, 'Teliti'), s(80, 'Rapi')];
    const second = [s(75, 'Disiplin')];
    expect(nilaiAkhirPkl([...first, ...second])).toEqual({ nilai: 82, deskripsi: 'Teliti, Rapi, Disiplin' });
  });

  it('joins the unique non-empty descriptions with ", " in the order given', () => {
    const scores = [s(90, 'Teliti'), s(85, ' Teliti '), s(80, ''), s(70, null), s(88, 'Sopan'), s(0, 'Rapi')];
    expect(nilaiAkhirPkl(scores)).toEqual({ nilai: 83, deskripsi: 'Teliti, Sopan, Rapi' });
    expect(nilaiAkhirPkl([s(90), s(80, '   ')])).toEqual({ nilai: 85, deskripsi: null });
  });

  it('keeps 100 and 1 exact', () => {
    expect(nilaiAkhirPkl([s(100), s(100)])?.nilai).toBe(100);
    expect(nilaiAkhirPkl([s(1), s(0)])?.nilai).toBe(1);
  });
});

describe('lamanyaBulan: whole months to the day after Tanggal Selesai, a rest of ≥ 15 days one more', () => {
  it('1 Jul – 31 Dec is 6 months exactly', () => {
    expect(lamanyaBulan('2024-07-01', '2024-12-31')).toBe(6);
  });

  it('1 Aug – 14 Nov is 3 months and 14 days → 3; to 15 Nov 3 months and 15 days → 4', () => {
    expect(lamanyaBulan('2024-08-01', '2024-11-14')).toBe(3);
    expect(lamanyaBulan('2024-08-01', '2024-11-15')).toBe(4);
  });

  it('counts short placements: one day → 0, 15 days → 1, 1 Feb – 29 Feb 2024 → 1', () => {
    expect(lamanyaBulan('2024-08-01', '2024-08-01')).toBe(0);
    expect(lamanyaBulan('2024-08-01', '2024-08-15')).toBe(1);
    expect(lamanyaBulan('2024-02-01', '2024-02-29')).toBe(1);
  });

  it('steps from the 31st through short months without skipping (31 Jan – 29 Feb 2024 → 1)', () => {
    // 31 Jan + 1 month is 29 Feb (clamped); the day after 29 Feb is 1 Mar: 1 month and 1 day.
    expect(lamanyaBulan('2024-01-31', '2024-02-29')).toBe(1);
  });

  it('crosses a year: 15 Nov 2024 – 14 Feb 2025 → 3', () => {
    expect(lamanyaBulan('2024-11-15', '2025-02-14')).toBe(3);
  });
});

describe('attendance bound: Sakit + Izin + Alpa ≤ the placement days', () => {
  it('counts both ends: 1 Aug – 31 Aug is 31 days', () => {
    expect(hariPkl('2024-08-01', '2024-08-31')).toBe(31);
    expect(hariPkl('2024-08-01', '2024-08-01')).toBe(1);
  });

  it('accepts up to the days and refuses one more with the message naming the days', () => {
    expect(checkAbsensiPkl({ sakit: 10, izin: 10, alpa: 11 }, '2024-08-01', '2024-08-31')).toEqual({
      ok: true,
    });
    expect(checkAbsensiPkl({ sakit: 10, izin: 11, alpa: 11 }, '2024-08-01', '2024-08-31')).toEqual({
      ok: false,
      hari: 31,
      message: 'Jumlah ketidakhadiran melebihi lama PKL (31 hari).',
    });
    expect(absensiPklMessage(2)).toBe('Jumlah ketidakhadiran melebihi lama PKL (2 hari).');
  });
});

describe('PKL exists from 2023/2024', () => {
  it('is open from 20231, closed before', () => {
    expect(pklInSemester('20231')).toBe(true);
    expect(pklInSemester('20252')).toBe(true);
    expect(pklInSemester('20222')).toBe(false);
  });
});

describe('rencanaPklSaveSchema: the form messages, every field at once', () => {
  const ok = {
    rombongan_belajar_id: '00000000-0000-4000-8000-000000000001',
    dudi_id: '00000000-0000-4000-8000-000000000002',
    akt_pd_id: '00000000-0000-4000-8000-000000000003',
    tanggal_mulai: '2025-07-14',
    tanggal_selesai: '2025-12-13',
    instruktur: ' Budi Santoso ',
    nip: '',
    tp_ids: ['00000000-0000-4000-8000-000000000004'],
  };
  const details = (input: object) => {
    const r = rencanaPklSaveSchema.safeParse(input);
    if (r.success) return {};
    const out: Record<string, string> = {};
    for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
    return out;
  };

  it('accepts a full plan, trims the instructor and reads an empty NIP as none', () => {
    const r = rencanaPklSaveSchema.parse(ok);
    expect(r.instruktur).toBe('Budi Santoso');
    expect(r.nip).toBeNull();
  });

  it('names each empty field with the reference message', () => {
    expect(details({})).toEqual({
      rombongan_belajar_id: PKL_MESSAGES.rombelRequired,
      dudi_id: 'DUDI tidak boleh kosong!',
      akt_pd_id: 'Perjanjian Kerja Sama (PKS) tidak boleh kosong!',
      tanggal_mulai: 'Tanggal Mulai tidak boleh kosong!',
      tanggal_selesai: 'Tanggal Selesai tidak boleh kosong!',
      instruktur: 'Nama Lengkap Instruktur tidak boleh kosong!',
      tp_ids: 'Rencana Penilaian PKL gagal disimpan. Pastikan telah memilih Tujuan Pembelajaran!',
    });
    expect(details({ ...ok, dudi_id: '', instruktur: '  ', tp_ids: [] })).toEqual({
      dudi_id: 'DUDI tidak boleh kosong!',
      instruktur: 'Nama Lengkap Instruktur tidak boleh kosong!',
      tp_ids: PKL_MESSAGES.tpRequired,
    });
  });

  it('refuses an end before the start, also next to another wrong field; the same day is fine', () => {
    expect(details({ ...ok, tanggal_selesai: '2025-07-13' })).toEqual({
      tanggal_selesai: 'Tanggal Selesai tidak boleh sebelum Tanggal Mulai!',
    });
    expect(details({ ...ok, tanggal_selesai: '2025-07-13', tp_ids: [] })).toEqual({
      tanggal_selesai: PKL_MESSAGES.tanggalOrder,
      tp_ids: PKL_MESSAGES.tpRequired,
    });
    expect(details({ ...ok, tanggal_selesai: '2025-07-14' })).toEqual({});
    expect(details({ ...ok, tanggal_mulai: '2025-02-30' })).toEqual({
      tanggal_mulai: PKL_MESSAGES.tanggalInvalid,
    });
  });

  it('refuses the same TP twice', () => {
    expect(details({ ...ok, tp_ids: [ok.tp_ids[0], ok.tp_ids[0]] })).toEqual({
      tp_ids: PKL_MESSAGES.tpDuplicate,
    });
  });
});

describe('the PKL pages belong to semesters from 20231', () => {
  it('drops the PKL menu before 2023/2024 and shows it after', async () => {
    const { visibleMenu } = await import('../access');
    const { abilitiesForRoles } = await import('../abilities');
    const { MENU } = await import('../menu');
    const { ROUTES } = await import('../routes');
    for (const r of ROUTES.filter((x) => x.path.startsWith('/pkl/') || x.path === '/progress/nilai-pkl'))
      expect(r.semesters, r.path).toEqual({ from: '20231' });
    const paths = (semesterId: string) => {
      const out: string[] = [];
      const walk = (items: readonly ReturnType<typeof visibleMenu>[number][]) => {
        for (const i of items) {
          if (i.kind === 'group') walk(i.children);
          else out.push(i.route);
        }
      };
      walk(visibleMenu(MENU, abilitiesForRoles(['guru', 'pembimbing']), ['guru', 'pembimbing'], semesterId));
      return out.filter((name) => name.startsWith('pkl-'));
    };
    expect(paths('20222')).toEqual([]);
    expect(paths('20231')).toEqual(['pkl-perencanaan', 'pkl-penilaian', 'pkl-kehadiran', 'pkl-rapor']);
  });
});
