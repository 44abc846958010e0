import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-errors';
import { KelasLoad } from './kelas-header';

const wrap = (node: ReactNode) => render(<MantineProvider env="test">{node}</MantineProvider>);
const failed = (status: number, message: string) => ({
  isError: true,
  isPending: false,
  error: new HttpError('api', message, { status }),
});

describe('<KelasLoad>', () => {
  it('a 409 on a page with a semester notice: the reason as that notice, not as a failure', () => {
    wrap(
      <KelasLoad
        query={failed(409, 'Kenaikan kelas hanya dapat dilakukan di semester Genap.')}
        kelasGone={false}
        title="Gagal dimuat"
        semesterTestId="x-semester"
      />,
    );
    expect(screen.getByTestId('x-semester').textContent).toBe(
      'Kenaikan kelas hanya dapat dilakukan di semester Genap.',
    );
    expect(screen.queryByText('Gagal dimuat')).toBeNull();
  });

  it('a 409 where the page has no such notice, and any other failure: the failure with its title', () => {
    wrap(<KelasLoad query={failed(409, 'Bentrok')} kelasGone={false} title="Gagal dimuat" />);
    expect(screen.getByRole('alert').textContent).toContain('Bentrok');
    expect(screen.queryByTestId('x-semester')).toBeNull();
  });

  it('a class dropped from the URL (403/404) is no error; loading shows a spinner', () => {
    wrap(<KelasLoad query={failed(403, 'Akses ditolak')} kelasGone={true} title="Gagal dimuat" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
    wrap(
      <KelasLoad
        query={{ isError: false, isPending: true, error: null }}
        kelasGone={false}
        title="Gagal dimuat"
      />,
    );
    expect(document.querySelector('.mantine-Loader-root')).not.toBeNull();
  });
});
