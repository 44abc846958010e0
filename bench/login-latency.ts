import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../apps/server/src/db/client';
import { embeddedPgdataDir } from '../apps/server/src/db/embedded';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { DEMO_NPSN } from '../apps/server/src/modules/demo/seed';
import * as pengguna from '../apps/server/src/modules/pengguna/service';
import * as sekolahService from '../apps/server/src/modules/sekolah/service';
import { startServer } from './server';
import { percentile } from './stats';
import type { BenchResult } from './types';

const ACCOUNTS = 20;
const LOGINS_PER_ACCOUNT = 15;
const PASSWORD = 'bench-password-1';

/** Adds `count` teacher accounts to the demo school in a stopped server's data directory. */
async function addAccounts(dataDir: string, count: number): Promise<string[]> {
  const handle = await openPglite(embeddedPgdataDir(dataDir));
  try {
    const sekolah = await sekolahService.findSekolahByNpsn(handle.db, DEMO_NPSN);
    const active = await sekolahService.getActiveSemester(handle.db);
    if (!sekolah || !active) throw new Error('demo school not seeded');
    const passwordHash = await hashPassword(PASSWORD);
    const emails: string[] = [];
    for (let i = 1; i <= count; i++) {
      const email = `bench${i}@demo.sch.id`;
      const user = await pengguna.createUser(handle.db, {
        sekolahId: sekolah.sekolah_id,
        name: `Guru Bench ${i}`,
        email,
        passwordHash,
        guruId: crypto.randomUUID(),
        pesertaDidikId: null,
      });
      await pengguna.grantRoles(handle.db, [
        {
          userId: user.id,
          sekolahId: sekolah.sekolah_id,
          semesterId: active.semester_id,
          role: 'guru',
          source: 'manual',
        },
      ]);
      emails.push(email);
    }
    await handle.pglite?.query('CHECKPOINT');
    return emails;
  } finally {
    await handle.close();
  }
}

/** POST /api/jwt/login p95 with 20 distinct accounts logging in concurrently, rate limiting on. */
export async function loginLatency(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'erapor-bench-login-'));
  // First start seeds the demo school; then, with the server stopped, add the accounts.
  const seeded = await startServer({}, dataDir);
  await seeded.stop();
  const emails = await addAccounts(dataDir, ACCOUNTS);
  const server = await startServer({}, dataDir);
  try {
    const sem = (await (await fetch(`${server.url}/api/auth/semester`)).json()) as { semester_id: string };
    const timings: number[] = [];
    let failures = 0;
    const worker = async (email: string) => {
      for (let i = 0; i < LOGINS_PER_ACCOUNT; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/jwt/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD, semester_id: sem.semester_id }),
        });
        await res.arrayBuffer();
        timings.push(performance.now() - t0);
        if (res.status !== 200) failures++;
      }
    };
    await Promise.all(emails.map(worker));
    return [
      {
        name: `login p50 (${ACCOUNTS} concurrent accounts)`,
        value: Math.round(percentile(timings, 50)),
        unit: 'ms',
      },
      {
        name: `login p95 (${ACCOUNTS} concurrent accounts)`,
        value: Math.round(percentile(timings, 95)),
        unit: 'ms',
        budget: 300,
      },
      { name: 'login failures', value: failures, unit: 'requests', budget: 0 },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
