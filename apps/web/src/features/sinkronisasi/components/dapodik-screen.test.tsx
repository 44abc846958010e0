import type { SyncOverview } from '@erapor/contract/sinkronisasi';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { loadAreaMessages, setLocale } from '../../../lib/i18n';
import { DapodikScreen } from './dapodik-screen';

beforeAll(async () => {
  await loadAreaMessages('sinkronisasi');
  await setLocale('id');
});
afterEach(() => vi.restoreAllMocks());

const row = (kind: 'ptk' | 'dudi', dapodik: number | null, sinkron: number) => ({
  kind,
  label: kind === 'ptk' ? 'Guru & Tendik' : 'DUDI',
  dapodik,
  erapor: sinkron,
  sinkron,
  // What the API answers without a Dapodik count: the synced rows decide, so "Lengkap".
  status: 'Lengkap' as const,
});

function overview(configured: boolean, kinds: SyncOverview['kinds']): SyncOverview {
  return {
    semester_id: '20251',
    configured,
    url: configured ? 'http://dapodik.local:5774' : null,
    npsn: '20100001',
    dapodik_error: configured ? null : 'Alamat (URL) dan Token Dapodik belum diatur.',
    service_window: null,
    kinds,
    running_run_id: null,
    last_run: null,
  };
}

function renderScreen(data: SyncOverview) {
  vi.spyOn(api, 'get').mockResolvedValue({ data });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <DapodikScreen />
        </MantineProvider>
      </QueryClientProvider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
}

describe('<DapodikScreen> (issue #26 item 4)', () => {
  it('before Dapodik is configured: no row says Lengkap; the notice links to Pengaturan Umum', async () => {
    renderScreen(overview(false, [row('ptk', null, 0), row('dudi', null, 3)]));
    const notice = await screen.findByTestId('sync-not-configured');
    expect(notice.textContent).toContain('belum bisa dibandingkan');
    expect(screen.getByTestId('sync-setting-link').getAttribute('href')).toBe('/setting/umum');
    expect(screen.getByTestId('sync-status-ptk').textContent).toBe('Belum bisa dibandingkan');
    expect(screen.getByTestId('sync-status-dudi').textContent).toBe('Belum bisa dibandingkan');
    expect(screen.queryByText('Lengkap')).toBeNull();
  });

  it('configured, with Dapodik counts: the status the API gives, no notice', async () => {
    renderScreen(overview(true, [row('ptk', 10, 10)]));
    expect((await screen.findByTestId('sync-status-ptk')).textContent).toBe('Lengkap');
    expect(screen.queryByTestId('sync-not-configured')).toBeNull();
  });
});
