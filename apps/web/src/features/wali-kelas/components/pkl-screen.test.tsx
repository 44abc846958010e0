import type { PklPeserta } from '@erapor/contract/pkl/wali';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { loadAreaMessages, setLocale } from '../../../lib/i18n';
import { clearToasts, getToasts } from '../../../lib/toast';
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

function renderTable(rows: PklPeserta[]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <PklTable rows={rows} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('<PklTable> (homeroom PKL view)', () => {
  it('shows each placement with TP scores, catatan, S/I/A and the nilai akhir; an unplaced pupil with dashes', () => {
    renderTable([placed, unplaced]);
    const [ani, budi] = screen.getAllByTestId('pkl-row');
    const a = within(ani as HTMLElement);
    for (const text of [
      'Ani',
      'PT Telkom Akses',
      '07/01/2025 – 12/31/2025',
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

describe('<PklTable> dates follow the interface language (issue #27 item 1)', () => {
  it('shows dd-mm-yyyy in Indonesian, the ISO date never', async () => {
    await setLocale('id', false);
    try {
      renderTable([placed]);
      expect(screen.getByTestId('pkl-row').textContent).toContain('01-07-2025 – 31-12-2025');
      expect(screen.getByTestId('pkl-row').textContent).not.toContain('2025-07-01');
    } finally {
      await setLocale('en', false);
    }
  });
});

/** The same pupil placed at two DUDI: a second placement row under the first. */
const twoPlacements: PklPeserta = {
  ...placed,
  penempatan: [
    ...placed.penempatan,
    {
      ...(placed.penempatan[0] as PklPeserta['penempatan'][0]),
      pkl_id: 'k2',
      nama_dudi: 'CV Jaringan Nusantara',
    },
  ],
};

describe("<PklTable> Cetak Rapor PKL (the wali prints a placement's PKL report)", () => {
  /** The tab opened at the click; the PDF is shown in it from a blob. */
  let tab: { close: ReturnType<typeof vi.fn>; location: { href: string } };
  let open: ReturnType<typeof vi.spyOn>;
  const createObjectURL = URL.createObjectURL;

  beforeEach(async () => {
    await setLocale('id', false);
    clearToasts();
    tab = { close: vi.fn(), location: { href: '' } };
    open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:rapor-pkl');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    URL.createObjectURL = createObjectURL;
    await setLocale('en', false);
  });

  it('a button per placement, labelled in Indonesian; an unplaced pupil has none', () => {
    renderTable([twoPlacements, unplaced]);
    const [first, second, budi] = screen.getAllByTestId('pkl-row') as HTMLElement[];
    expect(within(first as HTMLElement).getByTestId('pkl-cetak-rapor').textContent).toBe('Cetak Rapor PKL');
    expect(
      within(second as HTMLElement)
        .getByTestId('pkl-cetak-rapor')
        .getAttribute('aria-label'),
    ).toBe('Cetak Rapor PKL Ani CV Jaringan Nusantara');
    expect(within(budi as HTMLElement).queryByTestId('pkl-cetak-rapor')).toBeNull();
  });

  it("opens a tab at the click and shows that placement's report of the pupil in it from a blob", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({
      data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      headers: { 'content-disposition': 'inline; filename="Rapor PKL Ani.pdf"' },
    });
    renderTable([twoPlacements]);
    const second = screen.getAllByTestId('pkl-row')[1] as HTMLElement;
    act(() => fireEvent.click(within(second).getByTestId('pkl-cetak-rapor')));
    await waitFor(() => expect(tab.location.href).toBe('blob:rapor-pkl'));
    expect(get).toHaveBeenCalledWith('/cetak/rapor-pkl/k2/pa', { params: {}, responseType: 'blob' });
    // The tab is opened before the fetch (a window opened after it would be blocked).
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(open.mock.invocationCallOrder[0]).toBeLessThan(get.mock.invocationCallOrder[0] ?? 0);
    expect(tab.close).not.toHaveBeenCalled();
    expect(getToasts()).toHaveLength(0);
  });

  it("a refusal closes the tab and shows the server's Indonesian message under an Indonesian title", async () => {
    const message = 'Anda tidak berhak mencetak rapor PKL peserta didik ini';
    vi.spyOn(api, 'get').mockRejectedValue({
      isAxiosError: true,
      response: {
        status: 403,
        data: new Blob([JSON.stringify({ statusCode: 403, code: 'FORBIDDEN', message })], {
          type: 'application/json',
        }),
      },
    });
    renderTable([placed]);
    act(() => fireEvent.click(screen.getByTestId('pkl-cetak-rapor')));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({ type: 'error', title: 'Rapor PKL gagal dibuka', text: message });
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe('');
    expect((screen.getByTestId('pkl-cetak-rapor') as HTMLButtonElement).disabled).toBe(false);
  });
});
