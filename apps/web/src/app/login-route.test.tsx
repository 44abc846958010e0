import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { LOGIN } from '../lib/session.test-data';
import { clearToasts, getToasts } from '../lib/toast';
import { createAppRouter } from './router';

const SEMESTERS = {
  semester: [
    {
      semester_id: '20261',
      tahun_ajaran_id: 2026,
      nama: '2026/2027 Ganjil',
      semester: 1,
      periode_aktif: true,
    },
    {
      semester_id: '20252',
      tahun_ajaran_id: 2025,
      nama: '2025/2026 Genap',
      semester: 2,
      periode_aktif: false,
    },
  ],
  semester_id: '20261',
  allowRegister: false,
  sekolah: 1,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function openLogin() {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/login'] }));
  render(<RouterProvider router={router} />);
  await screen.findByLabelText('Email');
  await waitFor(() =>
    expect((screen.getByLabelText(/Tahun Pelajaran/) as HTMLSelectElement).value).toBe('20261'),
  );
  return router;
}

describe('login page', () => {
  beforeEach(() => {
    clearSession();
    clearToasts();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a failed login above the form (one answer, no field named) and keeps what was typed', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/semester') return json(SEMESTERS);
      expect(JSON.parse(String(init?.body))).toEqual({
        email: 'guru@demo.sch.id',
        password: 'salah',
        semester_id: '20261',
      });
      // The server's one answer for an unknown account and a wrong password (decision 054).
      return json(
        { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Email atau password salah' },
        401,
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    await openLogin();
    expect(screen.queryByText(/Register here/)).toBeNull(); // registration closed, a school exists
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'guru@demo.sch.id' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'salah' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    expect(await screen.findByText('Email atau password salah')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('guru@demo.sch.id');
    expect(screen.getByRole('button', { name: 'Login' })).not.toHaveProperty('disabled', true);
  });

  it('shows a server field message under its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/semester') return json(SEMESTERS);
        const message = 'Tahun Pelajaran tidak ditemukan';
        return json(
          { statusCode: 422, code: 'VALIDATION_ERROR', message, details: { semester_id: message } },
          422,
        );
      }),
    );
    await openLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'guru@demo.sch.id' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'rapor-demo' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    const message = await screen.findByText('Tahun Pelajaran tidak ditemukan');
    const select = screen.getByLabelText(/Tahun Pelajaran/);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('stores the session, greets the user and leaves the login page', async () => {
    let resolveLogin: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/semester') return json({ ...SEMESTERS, allowRegister: true });
        return new Promise<Response>((r) => {
          resolveLogin = r;
        });
      }),
    );
    const router = await openLogin();
    expect(screen.getByText('Register here')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'guru@demo.sch.id' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'rapor-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => resolveLogin(json(LOGIN)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(getToasts()[0]).toMatchObject({
      title: 'Selamat Datang, Budi (welcome)',
      type: 'success',
      style: 'default',
    });
    expect(getToasts()[0]?.text).toContain('Guru, Wali Kelas');
  });

  it('holds the Login button until the semesters are in, keeping what was typed meanwhile', async () => {
    let resolveSemesters: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise<Response>((r) => {
            if (url === '/api/auth/semester') resolveSemesters = r;
          }),
      ),
    );
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/login'] }));
    render(<RouterProvider router={router} />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'guru@demo.sch.id' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'rapor-demo' } });
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => resolveSemesters(json(SEMESTERS)));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('guru@demo.sch.id');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('rapor-demo');
    expect((screen.getByLabelText(/Tahun Pelajaran/) as HTMLSelectElement).value).toBe('20261');
  });

  it('leaves the Login button usable when the semesters cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Server sibuk' }, 503)),
    );
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/login'] }));
    render(<RouterProvider router={router} />);
    await screen.findByRole('alert');
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
