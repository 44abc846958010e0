import { describe, expect, it } from 'vitest';
import {
  CHANGELOG_MESSAGES,
  compareVersions,
  newestFirst,
  normalizeVersion,
  parseChangelog,
  parseVersion,
  readFeed,
  UPDATE_MESSAGES,
} from './update-check';

describe('semantic versions', () => {
  it('reads x.y.z with an optional v, pre-release and build', () => {
    expect(parseVersion('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3, pre: [] });
    expect(parseVersion(' v1.2.3 ')).toEqual({ major: 1, minor: 2, patch: 3, pre: [] });
    expect(parseVersion('V0.10.0-rc.1+build.5')).toEqual({ major: 0, minor: 10, patch: 0, pre: ['rc', 1] });
    for (const bad of [
      '',
      '1.2',
      '1.2.3.4',
      'v',
      'x1.2.3',
      '01.2.3',
      '1.2.3-',
      '1.2.3-01',
      'latest',
      '1.2.3 beta',
    ]) {
      expect(parseVersion(bad), bad).toBeNull();
    }
    expect(normalizeVersion('v2.0.0+abc')).toBe('2.0.0');
    expect(normalizeVersion('2.0.0-beta.2')).toBe('2.0.0-beta.2');
  });

  it('orders as semver.org does: numbers numerically, "v" ignored, pre-release below release', () => {
    const ordered = [
      '0.9.9',
      '0.10.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.2.0',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        const a = ordered[i] ?? '';
        const b = ordered[j] ?? '';
        expect(Math.sign(compareVersions(a, b) ?? Number.NaN), `${a} vs ${b}`).toBe(Math.sign(i - j));
      }
    }
    expect(compareVersions('v1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0+a', '1.0.0+b')).toBe(0);
    expect(compareVersions('1.0', '1.0.0')).toBeNull();
  });
});

describe('CHANGELOG.md', () => {
  const file = [
    '# Daftar Perubahan',
    '',
    'Semua perubahan penting.',
    '',
    '## [0.2.0] - 2026-06-01',
    '',
    '### Ditambahkan',
    '- Satu',
    '',
    '```',
    '## bukan judul (di dalam kode)',
    '```',
    '',
    '## [0.1.0] - 2026-05-20',
    '- Awal',
  ].join('\n');

  it('reads one release per "## [x.y.z] - YYYY-MM-DD" section, in file order', () => {
    const { releases, problems } = parseChangelog(file);
    expect(problems).toEqual([]);
    expect(releases.map((r) => [r.version, r.tanggal])).toEqual([
      ['0.2.0', '2026-06-01'],
      ['0.1.0', '2026-05-20'],
    ]);
    expect(releases[0]?.body).toBe('### Ditambahkan\n- Satu\n\n```\n## bukan judul (di dalam kode)\n```');
    expect(releases[1]?.body).toBe('- Awal');
  });

  it('names each broken heading and skips its section', () => {
    const { releases, problems } = parseChangelog(
      [
        '## [1.0.0] - 2026-01-31',
        'a',
        '## Unreleased',
        'b',
        '## [1.x] - 2026-01-01',
        '## [0.9.0] - 2026-02-30',
        '## [v1.0.0] - 2025-12-01',
        '## [0.8.0] - 2025-11-01',
        'c',
      ].join('\r\n'),
    );
    expect(releases.map((r) => `${r.version} ${r.body}`)).toEqual(['1.0.0 a', '0.8.0 c']);
    expect(problems).toEqual([
      CHANGELOG_MESSAGES.badHeading(3, '## Unreleased'),
      CHANGELOG_MESSAGES.badVersion(5, '1.x'),
      CHANGELOG_MESSAGES.badDate(6, '2026-02-30'),
      CHANGELOG_MESSAGES.duplicate(7, '1.0.0'),
    ]);
  });

  it('finds nothing in a file without releases', () => {
    expect(parseChangelog('')).toEqual({ releases: [], problems: [] });
    expect(parseChangelog('\u0000\u0001binary\uFFFD')).toEqual({ releases: [], problems: [] });
  });

  it('sorts newest first by version', () => {
    const r = newestFirst([{ version: '0.9.0' }, { version: '0.10.0' }, { version: '0.10.0-rc.1' }]);
    expect(r.map((x) => x.version)).toEqual(['0.10.0', '0.10.0-rc.1', '0.9.0']);
  });
});

describe('readFeed', () => {
  it('reads our feed', () => {
    expect(
      readFeed({ version: 'v0.2.0', tanggal: '2026-06-01', catatan: '- Baru', url: 'https://example.org/r' }),
    ).toEqual({
      ok: true,
      feed: { version: '0.2.0', tanggal: '2026-06-01', catatan: '- Baru', url: 'https://example.org/r' },
    });
  });

  it("reads GitHub's latest release", () => {
    expect(
      readFeed({
        tag_name: 'v1.4.0',
        name: 'e-Rapor 1.4.0',
        published_at: '2026-06-02T03:04:05Z',
        body: '## Perubahan',
        html_url: 'https://github.com/o/r/releases/tag/v1.4.0',
      }),
    ).toEqual({
      ok: true,
      feed: {
        version: '1.4.0',
        tanggal: '2026-06-02',
        catatan: '## Perubahan',
        url: 'https://github.com/o/r/releases/tag/v1.4.0',
      },
    });
  });

  it('keeps no link that is not a web address', () => {
    const r = readFeed({ version: '1.0.0', url: 'javascript:alert(1)', catatan: 5 });
    expect(r).toEqual({ ok: true, feed: { version: '1.0.0', tanggal: null, catatan: null, url: null } });
  });

  it('names what is wrong', () => {
    expect(readFeed([])).toEqual({ ok: false, detail: UPDATE_MESSAGES.reason.noVersion });
    expect(readFeed('1.0.0')).toEqual({ ok: false, detail: UPDATE_MESSAGES.reason.noVersion });
    expect(readFeed({ name: 'x' })).toEqual({ ok: false, detail: UPDATE_MESSAGES.reason.noVersion });
    expect(readFeed({ version: 'terbaru' })).toEqual({
      ok: false,
      detail: UPDATE_MESSAGES.reason.badVersion('terbaru'),
    });
    expect(readFeed({ tag_name: 12 })).toEqual({
      ok: false,
      detail: UPDATE_MESSAGES.reason.badVersion('12'),
    });
  });
});
