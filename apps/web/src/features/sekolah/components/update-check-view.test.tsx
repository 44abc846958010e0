import { UPDATE_MESSAGES, UPDATE_STEPS, type UpdateCheckResponse } from '@erapor/contract/update-check';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAreaMessages, setLocale } from '../../../lib/i18n';
import { UpdateCheckView } from './update-check-view';

beforeAll(async () => {
  await loadAreaMessages('sekolah');
  await setLocale('id', false);
});

const base: UpdateCheckResponse = {
  status: 'available',
  message: UPDATE_MESSAGES.available,
  detail: UPDATE_MESSAGES.newVersion('0.1.0', '0.2.0'),
  installed_version: '0.1.0',
  latest: {
    version: '0.2.0',
    tanggal: '2027-01-15',
    catatan: '- Monitoring\n- <b>tebal?</b>',
    url: 'https://example.org/rilis/0.2.0',
  },
  checked_at: '2026-11-27T08:00:00.000Z',
  cached: false,
};

const wrap = (data: UpdateCheckResponse, onRecheck = () => {}) =>
  render(
    <MantineProvider env="test">
      <UpdateCheckView data={data} onRecheck={onRecheck} rechecking={false} />
    </MantineProvider>,
  );

describe('<UpdateCheckView>', () => {
  it('"Pembaharuan tersedia!": version, date, notes as text, the release link and the update steps', () => {
    const recheck = vi.fn();
    wrap(base, recheck);
    expect(screen.getByTestId('update-status').textContent).toContain('Pembaharuan tersedia!');
    expect(screen.getByRole('heading', { name: 'Versi terbaru: 0.2.0' })).toBeTruthy();
    expect(screen.getByTestId('update-latest').textContent).toContain('15 Januari 2027');
    const notes = screen.getByTestId('update-notes');
    expect(notes.querySelector('b')).toBeNull();
    expect(notes.textContent).toContain('<b>tebal?</b>');
    expect(screen.getByRole('link', { name: 'Buka halaman rilis' }).getAttribute('href')).toBe(
      'https://example.org/rilis/0.2.0',
    );
    const steps = screen.getByTestId('update-steps').querySelectorAll('li');
    expect(steps).toHaveLength(UPDATE_STEPS.length);
    expect(steps[2]?.textContent).toBe('Di folder aplikasi, ambil versi baru: git pull');
    fireEvent.click(screen.getByRole('button', { name: 'Periksa lagi' }));
    expect(recheck).toHaveBeenCalledTimes(1);
  });

  it('"Pembaharuan belum tersedia!": no steps; a saved answer says so', () => {
    wrap({
      ...base,
      status: 'up-to-date',
      message: UPDATE_MESSAGES.upToDate,
      detail: UPDATE_MESSAGES.sameVersion('0.1.0'),
      cached: true,
    });
    expect(screen.getByTestId('update-status').textContent).toContain('Pembaharuan belum tersedia!');
    expect(screen.queryByTestId('update-steps')).toBeNull();
    expect(screen.getByTestId('update-checked-at').textContent).toContain('jawaban tersimpan');
  });

  it('a failure shows the reason; "belum diatur" offers no re-check', () => {
    const { unmount } = wrap({
      ...base,
      status: 'failed',
      message: UPDATE_MESSAGES.unreachable,
      detail: UPDATE_MESSAGES.reason.refused,
      latest: null,
    });
    expect(screen.getByTestId('update-status').textContent).toBe(
      `${UPDATE_MESSAGES.unreachable}${UPDATE_MESSAGES.reason.refused}`,
    );
    expect(screen.getByRole('button', { name: 'Periksa lagi' })).toBeTruthy();
    unmount();
    wrap({
      ...base,
      status: 'not-configured',
      message: UPDATE_MESSAGES.notConfigured,
      detail: UPDATE_MESSAGES.notConfiguredDetail,
      latest: null,
      checked_at: null,
    });
    expect(screen.getByTestId('update-status').textContent).toContain('Pemeriksaan pembaharuan belum diatur');
    expect(screen.queryByRole('button', { name: 'Periksa lagi' })).toBeNull();
  });
});
