import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot } from './server';
import type { BenchResult } from './types';

const CLI = join(repoRoot, 'apps/server/src/modules/referensi/import/cli.ts');

interface Run {
  seconds: number;
  maxRssMb: number;
  /** Rows inserted + updated, from the summary line. */
  changes: number;
  output: string;
}

/** One `import:reference` process (as the operator runs it) on `dataDir`; wall time of the whole process. */
async function importOnce(dir: string, dataDir: string): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, dir], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import:reference exited with ${code}:\n${output}`);
  const rss = /Memori puncak \(maxRSS\): (\d+) MB/.exec(output);
  const done = /Selesai: (\d+) baris baru, (\d+) diubah/.exec(output);
  const changes = output.includes('Tidak ada perubahan')
    ? 0
    : done
      ? Number(done[1]) + Number(done[2])
      : Number.NaN;
  return { seconds, maxRssMb: rss ? Number(rss[1]) : Number.NaN, changes, output };
}

/**
 * The full national reference directory (REFERENCE_DIR, default ../shared/reference) into a fresh
 * embedded DATA_DIR, then the same again: the second run must change nothing.
 */
export async function importReference(): Promise<BenchResult[]> {
  const dir = resolve(process.env.REFERENCE_DIR || join(repoRoot, '../shared/reference'));
  const dataDir = mkdtempSync(join(tmpdir(), 'erapor-bench-import-'));
  try {
    const first = await importOnce(dir, dataDir);
    const second = await importOnce(dir, dataDir);
    const round = (n: number) => Math.round(n * 10) / 10;
    return [
      {
        name: 'import:reference full directory, fresh PGlite',
        value: round(first.seconds),
        unit: 's',
        budget: 60,
      },
      { name: 'import:reference peak RSS', value: first.maxRssMb, unit: 'MB' },
      { name: 'import:reference rows written', value: first.changes, unit: 'rows' },
      { name: 'import:reference second run', value: round(second.seconds), unit: 's' },
      { name: 'import:reference second run changes', value: second.changes, unit: 'rows', budget: 0 },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
