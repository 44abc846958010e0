import { readFile, stat } from 'node:fs/promises';
import {
  CHANGELOG_MAX_BYTES,
  CHANGELOG_MESSAGES,
  type ChangelogResponse,
  compareVersions,
  newestFirst,
  parseChangelog,
} from '@erapor/contract/update-check';

/**
 * Daftar Perubahan: CHANGELOG.md read at each request (it changes only with an update), releases
 * newest first, the running version marked. A missing, unreadable or broken file is a message in
 * `problems`, never an error (decision 035).
 */
export async function readChangelog(path: string, installedVersion: string): Promise<ChangelogResponse> {
  const none = (problem: string): ChangelogResponse => ({
    installed_version: installedVersion,
    releases: [],
    problems: [problem],
  });
  let text: string;
  try {
    const info = await stat(path);
    if (!info.isFile()) return none(CHANGELOG_MESSAGES.unreadable('bukan berkas'));
    if (info.size > CHANGELOG_MAX_BYTES) return none(CHANGELOG_MESSAGES.tooLarge);
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return none(
      code === 'ENOENT' || code === 'ENOTDIR'
        ? CHANGELOG_MESSAGES.missing
        : CHANGELOG_MESSAGES.unreadable(code ?? 'galat'),
    );
  }
  const parsed = parseChangelog(text);
  const problems = [...parsed.problems];
  if (parsed.releases.length === 0) problems.push(CHANGELOG_MESSAGES.empty);
  const releases = newestFirst(parsed.releases).map((r) => ({
    ...r,
    installed: compareVersions(r.version, installedVersion) === 0,
  }));
  if (releases.length > 0 && !releases.some((r) => r.installed)) {
    problems.push(CHANGELOG_MESSAGES.notListed(installedVersion));
  }
  return { installed_version: installedVersion, releases, problems };
}
