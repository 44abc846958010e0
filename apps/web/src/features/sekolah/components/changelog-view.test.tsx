import type { ChangelogResponse } from '@erapor/contract/update-check';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAreaMessages, setLocale } from '../../../lib/i18n';
import { ChangelogView } from './changelog-view';
import { MarkdownView } from './markdown-view';

beforeAll(async () => {
  await loadAreaMessages('sekolah');
  await setLocale('id', false);
});

const wrap = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

describe('<ChangelogView>', () => {
  const data: ChangelogResponse = {
    installed_version: '0.1.0',
    releases: [
      { version: '0.2.0', tanggal: '2026-12-01', body: '### Ditambahkan\n- Dua', installed: false },
      { version: '0.1.0', tanggal: '2026-11-27', body: '- Satu **tebal**', installed: true },
    ],
    problems: [],
  };

  it('shows the releases newest first, the running one marked "Versi terpasang"', () => {
    wrap(<ChangelogView data={data} />);
    const releases = screen.getAllByTestId('changelog-release');
    expect(releases.map((r) => r.getAttribute('data-version'))).toEqual(['0.2.0', '0.1.0']);
    expect(within(releases[0] as HTMLElement).queryByTestId('changelog-installed-badge')).toBeNull();
    expect(within(releases[1] as HTMLElement).getByTestId('changelog-installed-badge').textContent).toBe(
      'Versi terpasang',
    );
    expect(within(releases[1] as HTMLElement).getByRole('heading', { name: 'Versi 0.1.0' })).toBeTruthy();
    expect(releases[1]?.textContent).toContain('27 November 2026');
    expect(
      within(releases[0] as HTMLElement).getByRole('heading', { level: 4, name: 'Ditambahkan' }),
    ).toBeTruthy();
    expect(within(releases[1] as HTMLElement).getByText('tebal').tagName).toBe('STRONG');
  });

  it('shows a missing file as its message', () => {
    wrap(
      <ChangelogView
        data={{ installed_version: '0.1.0', releases: [], problems: ['CHANGELOG.md tidak ditemukan.'] }}
      />,
    );
    expect(screen.getByTestId('changelog-problem').textContent).toBe('CHANGELOG.md tidak ditemukan.');
    expect(screen.queryAllByTestId('changelog-release')).toEqual([]);
  });
});

describe('<MarkdownView>', () => {
  it('renders no HTML from the text: tags stay text, unsafe links stay text', () => {
    const { container } = wrap(
      <MarkdownView
        text={
          '<img src=x onerror="alert(1)"> <script>alert(1)</script>\n\n[klik](javascript:alert(1)) [rilis](https://example.org/r)'
        }
      />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['rilis', 'https://example.org/r', 'noopener noreferrer'],
    ]);
  });
});
