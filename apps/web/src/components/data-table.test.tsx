import type { ListQuery, ListResponse } from '@erapor/contract/list';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

function renderTable(fetchPage: (q: ListQuery) => Promise<ListResponse<Row>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <ServerTable<Row>
          queryKey={['test']}
          fetchPage={fetchPage}
          idAccessor="id"
          columns={[{ accessor: 'nama', title: 'Nama', sortable: true }]}
          defaultSort={{ columnAccessor: 'nama', direction: 'asc' }}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
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
