import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

describe('main.ts (as npm run sim starts it)', () => {
  it('prints where it listens, the NPSN and the token, serves, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(here, 'main.ts'),
        '--port',
        '0',
        '--profile',
        'tiny',
        '--token',
        'rahasia',
        '--admin',
      ],
      {
        cwd: join(here, '..'),
        env: { ...process.env, DAPODIK_SIM_NPSN: '20500001' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /listening\s+(http:\/\/\S+)/.exec(out);
          if (m) {
            clearInterval(timer);
            resolve(m[1] as string);
          }
        }, 50);
        setTimeout(() => {
          clearInterval(timer);
          reject(new Error(`no start-up line:\n${out}`));
        }, 20_000);
      });
      expect(out).toMatch(/NPSN\s+20500001/);
      expect(out).toMatch(/token\s+rahasia/);
      const res = await fetch(`${url}/WebService/getSekolah?npsn=20500001`, {
        headers: { authorization: 'Bearer rahasia' },
      });
      expect(((await res.json()) as { rows: { npsn: string } }).rows.npsn).toBe('20500001');
      expect((await fetch(`${url}/__sim/state`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('refuses a bad option with a message and exit code 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'main.ts'), '--port', 'abc'], {
      cwd: join(here, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(err).toMatch(/--port: expected an integer/);
  });
});

describe('npm run sim -- --help (from the repository root, as the README says)', () => {
  it("prints the simulator's options, not npm's own help", () => {
    const root = join(here, '../../..');
    const r = spawnSync('npm', ['run', '--silent', 'sim', '--', '--help'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('dapodik-sim: local Dapodik Web Service');
    expect(r.stdout).toContain('--fault-rate <0..1>');
    expect(r.stdout).not.toContain('npm run-script');
  }, 30_000);
});
