import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHANGELOG_MAX_BYTES,
  CHANGELOG_MESSAGES,
  type ChangelogResponse,
  compareVersions,
  parseChangelog,
} from '@erapor/contract/update-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../config';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { readChangelog } from './changelog';

const NON_ADMIN = ['guru', 'wali', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'] as const;

describe("the repository's CHANGELOG.md", () => {
  const text = readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const { releases, problems } = parseChangelog(text);

  it('has its top entry at the version of package.json', () => {
    expect(problems).toEqual([]);
    expect(releases[0]?.version, 'the first "## [x.y.z] - YYYY-MM-DD" of CHANGELOG.md').toBe(pkg.version);
  });

  it('lists releases newest first, each with notes', () => {
    for (let i = 1; i < releases.length; i++) {
      const [newer, older] = [releases[i - 1], releases[i]];
      expect(
        compareVersions(newer?.version ?? '', older?.version ?? ''),
        `${newer?.version} above ${older?.version}`,
      ).toBe(1);
      expect(
        (newer?.tanggal ?? '') >= (older?.tanggal ?? ''),
        `${newer?.tanggal} not before ${older?.tanggal}`,
      ).toBe(true);
    }
    for (const r of releases) expect(r.body.trim(), r.version).not.toBe('');
  });
});

describe('readChangelog', () => {
  const dir = mkdtempSync(join(tmpdir(), 'erapor-changelog-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('marks the running version and sorts newest first', async () => {
    const path = file('ok.md', '# X\n## [0.1.0] - 2026-01-01\n- a\n## [0.2.0] - 2026-02-01\n- b\n');
    expect(await readChangelog(path, '0.1.0')).toEqual({
      installed_version: '0.1.0',
      releases: [
        { version: '0.2.0', tanggal: '2026-02-01', body: '- b', installed: false },
        { version: '0.1.0', tanggal: '2026-01-01', body: '- a', installed: true },
      ],
      problems: [],
    });
  });

  it('gives a message for a missing, unreadable, empty, huge or broken file', async () => {
    const none = (problem: string) => ({ installed_version: '0.1.0', releases: [], problems: [problem] });
    expect(await readChangelog(join(dir, 'tidak-ada.md'), '0.1.0')).toEqual(none(CHANGELOG_MESSAGES.missing));
    mkdirSync(join(dir, 'folder.md'));
    expect(await readChangelog(join(dir, 'folder.md'), '0.1.0')).toEqual(
      none(CHANGELOG_MESSAGES.unreadable('bukan berkas')),
    );
    expect(await readChangelog(file('kosong.md', ''), '0.1.0')).toEqual(none(CHANGELOG_MESSAGES.empty));
    expect(await readChangelog(file('biner.md', Buffer.from([0, 159, 146, 150, 255])), '0.1.0')).toEqual(
      none(CHANGELOG_MESSAGES.empty),
    );
    expect(await readChangelog(file('besar.md', 'x'.repeat(CHANGELOG_MAX_BYTES + 1)), '0.1.0')).toEqual(
      none(CHANGELOG_MESSAGES.tooLarge),
    );
    const broken = await readChangelog(
      file('rusak.md', '## Versi baru\n- a\n## [0.0.9] - 2026-01-01\n- b'),
      '0.1.0',
    );
    expect(broken.releases.map((r) => r.version)).toEqual(['0.0.9']);
    expect(broken.problems).toEqual([
      CHANGELOG_MESSAGES.badHeading(1, '## Versi baru'),
      CHANGELOG_MESSAGES.notListed('0.1.0'),
    ]);
  });
});

describeEngines('Daftar Perubahan (/api/setting/changelog)', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const key of ['admin', ...NON_ADMIN] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
  });
  const get = (token?: string) =>
    t().app.inject({ method: 'GET', url: '/api/setting/changelog', headers: token ? bearer(token) : {} });

  it('401 without a login, 403 for every role but the administrator', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const role of NON_ADMIN) expect((await get(tokens[role])).statusCode, role).toBe(403);
  });

  it("shows the repository's CHANGELOG.md with the running version marked", async () => {
    const res = await get(tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = json<ChangelogResponse>(res);
    expect(body.problems).toEqual([]);
    expect(body.installed_version).toBe(t().config.version);
    expect(body.releases[0]).toMatchObject({ version: t().config.version, installed: true });
    expect(body.releases.filter((r) => r.installed)).toHaveLength(1);
  });

  it('a missing file is a message, not an error', async () => {
    const saved = t().config.changelogPath;
    t().config.changelogPath = join(tmpdir(), 'erapor-tidak-ada', 'CHANGELOG.md');
    try {
      const res = await get(tokens.admin);
      expect(res.statusCode).toBe(200);
      expect(json<ChangelogResponse>(res)).toEqual({
        installed_version: t().config.version,
        releases: [],
        problems: [CHANGELOG_MESSAGES.missing],
      });
    } finally {
      t().config.changelogPath = saved;
    }
  });
});
