import { routeByPath } from '@erapor/contract/routes';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUS_EVENTS, emit, on } from '../lib/event-bus';
import { PageHeader } from './page-header';

function renderHeader(path: string) {
  const def = routeByPath(path);
  if (!def) throw new Error(path);
  const rootRoute = createRootRoute({
    component: () => (
      <MantineProvider env="test">
        <PageHeader def={def} />
      </MantineProvider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
}

describe('<PageHeader>', () => {
  it('shows the title as H2 and the breadcrumb after a home link', async () => {
    renderHeader('/pkl/perencanaan');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Perencanaan Penilaian PKL');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Praktik Kerja Lapangan')).toBeTruthy();
    expect(screen.getByText('Perencanaan').getAttribute('aria-current')).toBe('page');
  });

  it('an add button without link emits its action on the bus; loading and hide-button are obeyed', async () => {
    renderHeader('/referensi/instruktur');
    const button = await screen.findByRole('button', { name: 'Tambah Data' });
    let got = 0;
    const off = on('add-instruktur', () => got++);
    fireEvent.click(button);
    expect(got).toBe(1);
    off();
    act(() => emit(BUS_EVENTS.loading, true));
    expect(screen.getByTestId('add-button').hasAttribute('data-loading')).toBe(true);
    act(() => emit(BUS_EVENTS.hideButton, true));
    expect(screen.queryByTestId('add-button')).toBeNull();
  });

  it('disable-button offers the add button disabled with its reason; a click emits nothing; null enables it', async () => {
    renderHeader('/referensi/instruktur');
    await screen.findByRole('button', { name: 'Tambah Data' });
    let got = 0;
    const off = on('add-instruktur', () => got++);
    act(() => emit(BUS_EVENTS.disableButton, 'Semester ini hanya dapat dilihat.'));
    const button = screen.getByTestId('add-button');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('add-button-why').textContent).toBe('Semester ini hanya dapat dilihat.');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('add-button-why').id);
    fireEvent.click(button);
    expect(got).toBe(0);
    act(() => emit(BUS_EVENTS.disableButton, null));
    expect(screen.queryByTestId('add-button-why')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah Data' }));
    expect(got).toBe(1);
    off();
  });

  it('an add button with a link navigates there', async () => {
    renderHeader('/penilaian/sikap');
    const link = await screen.findByRole('link', { name: 'Tambah Data' });
    expect(link.getAttribute('href')).toBe('/penilaian/input-nilai-sikap');
  });

  it('a linked breadcrumb item leads back', async () => {
    renderHeader('/penilaian/input-nilai-sikap');
    const crumb = await screen.findByRole('link', { name: 'Penilaian Sikap' });
    expect(crumb.getAttribute('href')).toBe('/penilaian/sikap');
  });
});
