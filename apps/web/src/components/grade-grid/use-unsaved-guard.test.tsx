import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useUnsavedGuard } from './use-unsaved-guard';

function Editor() {
  const [dirty, setDirty] = useState(false);
  const { modal } = useUnsavedGuard(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty((d) => !d)}>
        {dirty ? 'dirty' : 'clean'}
      </button>
      {modal}
    </>
  );
}

async function renderApp() {
  const root = createRootRoute({
    component: () => (
      <MantineProvider env="test">
        <Outlet />
      </MantineProvider>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: Editor }),
    createRoute({ getParentRoute: () => root, path: '/other', component: () => <p>other page</p> }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('button', { name: 'clean' });
  return router;
}

const beforeUnloadPrevented = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

describe('useUnsavedGuard', () => {
  it('lets the user leave freely while nothing is dirty', async () => {
    const router = await renderApp();
    expect(beforeUnloadPrevented()).toBe(false);
    await act(() => router.navigate({ to: '/other' }));
    expect(await screen.findByText('other page')).toBeTruthy();
  });

  it('asks before closing the tab while dirty, and stops asking when clean again', async () => {
    await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'clean' }));
    expect(beforeUnloadPrevented()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'dirty' }));
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('holds in-app navigation with a confirm: stay keeps the page, leave goes on', async () => {
    const router = await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'clean' }));

    act(() => {
      void router.navigate({ to: '/other' });
    });
    expect(await screen.findByText('You have unsaved changes. Leave this page?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay here' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'dirty' })).toBeTruthy();

    act(() => {
      void router.navigate({ to: '/other' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });
});
