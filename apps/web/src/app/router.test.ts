import { ROUTES } from '@erapor/contract/routes';
import { createMemoryHistory } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, storeLogin } from '../lib/session';
import { LOGIN } from '../lib/session.test-data';
import { createAppRouter } from './router';

async function open(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return router;
}

describe('router', () => {
  beforeEach(() => clearSession());

  it('sends an anonymous visitor to /login and titles the page', async () => {
    const router = await open('/');
    expect(router.state.location.pathname).toBe('/login');
    expect(document.title).toBe('Login Pengguna | e-Rapor SMK');
  });

  it('sends unknown paths to /error-404', async () => {
    const router = await open('/anything/at/all');
    expect(router.state.location.pathname).toBe('/error-404');
    expect(document.title).toBe('Laman tidak ditemukan | e-Rapor SMK');
  });

  it('a logged-in teacher: admin pages → /not-authorized; /login → home; own pages open', async () => {
    storeLogin(LOGIN);
    expect((await open('/setting/umum')).state.location.pathname).toBe('/not-authorized');
    expect((await open('/login')).state.location.pathname).toBe('/');
    const router = await open('/wali-kelas/catatan-sikap');
    expect(router.state.location.pathname).toBe('/wali-kelas/catatan-sikap');
    expect(document.title).toBe('Catatan Sikap | e-Rapor SMK');
  });

  it('builds one route per contract record, with its record as static data', async () => {
    const router = await open('/login');
    const defs = Object.values(router.routesById)
      .map((r) => r.options.staticData?.def?.name)
      .filter(Boolean);
    expect(defs.sort()).toEqual(ROUTES.map((r) => r.name).sort());
  });
});
