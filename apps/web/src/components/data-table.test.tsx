import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSearchString, parseViewSearch, stringifyViewSearch } from '../lib/view-search';
import { ServerTable } from './data-table';

interface Row {
  id: number;
  nama: string;
}

/** A stand-in server: 23 rows, filtered, sorted and sliced like the real lists. */
function fakeServer() {
  const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
    id: i + 1,
    nama: `Siswa ${String(i + 1).padStart(2, '0')}`,
  }));
  const calls: ListQuery[] = [];
  const fetchPage = async (q: ListQuery): Promise<ListResponse<Row>> => {
    calls.push(q);
    let list = rows.filter((r) => !q.q || r.nama.includes(q.q));
    if (q.sort_dir === 'desc') list = [...list].reverse();
    const start = (q.page - 1) * q.per_page;
    return {
      data: list.slice(start, start + q.per_page),
      total: list.length,
      page: q.page,
      per_page: q.per_page,
    };
  };
  return { fetchPage, calls };
}

/** The table on a route of a router set up as the app's (plain search strings, view keys typed). */
function renderTable(
  fetchPage: (q: ListQuery) => Promise<ListResponse<Row>>,
  { url = '/', inUrl = true }: { url?: string; inUrl?: boolean } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute();
  const list = createRoute({
    getParentRoute: () => root,
    path: '/',
    validateSearch: parseViewSearch,
    component: () => (
      <ServerTable<Row>
        queryKey={['test']}
        fetchPage={fetchPage}
        idAccessor="id"
        columns={[{ accessor: 'nama', title: 'Nama', sortable: true }]}
        defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
        inUrl={inUrl}
      />
    ),
  });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({
    routeTree: root.addChildren([list]),
    history,
    parseSearch: parseSearchString,
    stringifySearch: stringifyViewSearch,
  });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { history, router };
}

describe('<ServerTable>', () => {
  it('asks the server for page 1 sorted by the default column and shows the rows', async () => {
    const server = fakeServer();
    renderTable(server.fetchPage);
    expect(await screen.findByText('Siswa 01')).toBeTruthy();
    expect(screen.queryByText('Siswa 11')).toBeNull();
    expect(server.calls[0]).toMatchObject({ page: 1, per_page: 10, sort_by: 'nama', sort_dir: 'asc' });
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
  });

  it('sends the search text (debounced) and goes back to page 1', async () => {
    const server = fakeServer();
    renderTable(server.fetchPage);
    await screen.findByText('Siswa 01');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Siswa 11')).toBeTruthy();
    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'Siswa 2' } });
    expect(await screen.findByText('Siswa 21', {}, { timeout: 2000 })).toBeTruthy();
    const last = server.calls.at(-1);
    expect(last).toMatchObject({ q: 'Siswa 2', page: 1 });
  });

  it('keeps page, search and sort in the URL; Back returns to the previous page', async () => {
    const server = fakeServer();
    const { history } = renderTable(server.fetchPage);
    await screen.findByText('Siswa 01');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Siswa 11')).toBeTruthy();
    await waitFor(() => expect(history.location.search).toBe('?page=2'));
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Siswa 21')).toBeTruthy();
    history.back();
    expect(await screen.findByText('Siswa 11')).toBeTruthy();
    expect(server.calls.at(-1)).toMatchObject({ page: 2 });

    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'Siswa 1' } });
    // The search replaces the entry and goes back to page 1 (no `page` left in the URL).
    await waitFor(() => expect(history.location.search).toBe('?q=Siswa+1'));
  });

  it('opens on the view a link holds, and a page past the end falls back to page 1', async () => {
    const server = fakeServer();
    renderTable(server.fetchPage, { url: '/?page=3&sort=nama&dir=desc&q=Siswa' });
    expect(await screen.findByText('Siswa 03')).toBeTruthy();
    expect(server.calls[0]).toMatchObject({ page: 3, q: 'Siswa', sort_by: 'nama', sort_dir: 'desc' });
    expect((screen.getByTestId('table-search') as HTMLInputElement).value).toBe('Siswa');

    const other = fakeServer();
    const { history } = renderTable(other.fetchPage, { url: '/?page=9' });
    await waitFor(() => expect(history.location.search).toBe(''));
    expect(other.calls.at(-1)).toMatchObject({ page: 1 });
  });

  it('a table in a dialog keeps its view to itself', async () => {
    const server = fakeServer();
    const { history } = renderTable(server.fetchPage, { inUrl: false });
    await screen.findByText('Siswa 01');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Siswa 11')).toBeTruthy();
    expect(history.location.search).toBe('');
  });

  it('shows the server error with a retry button', async () => {
    let fail = true;
    renderTable(async (q) => {
      if (fail)
        throw Object.assign(new Error('x'), {
          isAxiosError: true,
          code: 'ERR_NETWORK',
          message: 'Network Error',
        });
      return { data: [{ id: 1, nama: 'Ani' }], total: 1, page: q.page, per_page: q.per_page };
    });
    expect(await screen.findByTestId('table-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Ani')).toBeTruthy());
  });
});
