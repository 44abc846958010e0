import type { PklPeserta } from '@erapor/contract/pkl/wali';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAreaMessages } from '../../../lib/i18n';
import { PklTable } from './pkl-screen';

beforeAll(async () => {
  await loadAreaMessages('wali-kelas');
});

const placed: PklPeserta = {
  anggota_rombel_id: 'a',
  peserta_didik_id: 'pa',
  nama: 'Ani',
  nisn: '0081234567',
  nilai_akhir: { nilai: 85, deskripsi: 'Teliti' },
  penempatan: [
    {
      pkl_id: 'k1',
      nama_dudi: 'PT Telkom Akses',
      alamat_dudi: null,
      judul_akt_pd: 'PKL XII TJKT 1 di PT Telkom Akses',
      tanggal_mulai: '2025-07-01',
      tanggal_selesai: '2025-12-31',
      instruktur: 'Budi Instruktur',
      nip_instruktur: null,
      pembimbing: 'Sri Pembimbing',
      catatan: 'Rajin',
      sakit: 2,
      izin: 1,
      alpa: 3,
      nilai: [
        { tp_id: 't1', tp: 'Menerapkan K3', nilai: 80, deskripsi: 'Teliti' },
        { tp_id: 't2', tp: 'Merawat jaringan', nilai: null, deskripsi: null },
      ],
    },
  ],
};
const unplaced: PklPeserta = {
  anggota_rombel_id: 'b',
  peserta_didik_id: 'pb',
  nama: 'Budi',
  nisn: null,
  nilai_akhir: null,
  penempatan: [],
};

describe('<PklTable> (homeroom PKL view)', () => {
  it('shows each placement with TP scores, catatan, S/I/A and the nilai akhir; an unplaced pupil with dashes', () => {
    render(
      <MantineProvider env="test">
        <PklTable rows={[placed, unplaced]} />
      </MantineProvider>,
    );
    const [ani, budi] = screen.getAllByTestId('pkl-row');
    const a = within(ani as HTMLElement);
    for (const text of [
      'Ani',
      'PT Telkom Akses',
      '2025-07-01 – 2025-12-31',
      'Budi Instruktur',
      'Sri Pembimbing',
      'Rajin',
    ])
      expect(a.getByText(text)).toBeTruthy();
    expect(ani?.textContent).toContain('Menerapkan K3: 80 — Teliti');
    expect(ani?.textContent).toContain('Merawat jaringan: -');
    expect(a.getByTestId('pkl-nilai-akhir').textContent).toBe('85');
    const cells = [...(ani as HTMLElement).querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(-4)).toEqual(['2', '1', '3', '85']);
    expect(within(budi as HTMLElement).getByTestId('pkl-nilai-akhir').textContent).toBe('Not graded');
  });
});
