import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { semesterOfDate } from '@erapor/contract/semester';
import { afterAll, expect, it } from 'vitest';
import {
  freePort,
  killServersAfterAll,
  processApi,
  type ServerProcess,
  spawnServer,
  waitHealthy,
} from '../../test/server-process';

const active = semesterOfDate(new Date()).semester_id;
killServersAfterAll();

const dataDir = mkdtempSync(join(tmpdir(), 'erapor-restore-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(): Promise<ServerProcess> {
  const p = spawnServer(await freePort(), {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_PROFILE: 'tiny',
    DATABASE_URL: '',
    BACKUP_SCHEDULE: 'false',
  });
  await waitHealthy(p, 240_000);
  return p;
}

/** (token before body: every call here is the administrator's) */
const api = (p: ServerProcess, method: string, path: string, token: string, body?: unknown) =>
  processApi(p, method, path, body, token);

async function adminToken(p: ServerProcess): Promise<string> {
  const res = await fetch(`${p.url}/api/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.sch.id', password: 'rapor-demo', semester_id: active }),
  });
  return String(((await res.json()) as { accessToken: string }).accessToken);
}

/** The schedule is one of the school's rows: a restore puts the backup's value back. */
const jadwal = (jam: string) => ({ aktif: true, jam, simpanHari: 14 });

it('a server killed (SIGKILL) in the middle of an in-app restore keeps the old data and says so at the next start', {
  timeout: 600_000,
}, async () => {
  const a = await startServer();
  let token = await adminToken(a);
  expect((await api(a, 'PUT', '/api/cadangan/jadwal', token, jadwal('03:00'))).status).toBe(200);
  const backup = await api(a, 'POST', '/api/cadangan', token);
  expect(backup.status).toBe(202);
  for (;;) {
    const job = await api(a, 'GET', `/api/cadangan/jobs/${backup.body.id}`, token);
    if (job.body.status === 'done') break;
    expect(job.body.status).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 200));
  }
  const list = await api(a, 'GET', '/api/cadangan', token);
  const name = String((list.body.berkas as { name: string }[])[0]?.name);
  const npsn = String(list.body.npsn);
  // After the backup: the state a finished restore would bring back is 03:00; the current one 04:00.
  expect((await api(a, 'PUT', '/api/cadangan/jadwal', token, jadwal('04:00'))).status).toBe(200);

  // Start the restore and kill the process as soon as it replaces rows (after its own backup). The
  // embedded database is busy with the restore's transaction then, so the job's progress is read
  // from its event stream (announced in memory), not from its row.
  const restore = await api(a, 'POST', '/api/cadangan/pulihkan', token, { name, npsn });
  expect(restore.status).toBe(202);
  const events = await fetch(`${a.url}/api/cadangan/jobs/${restore.body.id}/events`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const reader = (events.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let message = '';
  while (!message.startsWith('Memulihkan')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    for (const m of text.matchAll(/^data: (.*)$/gm)) {
      const job = JSON.parse(m[1] ?? '{}') as { message?: string; status?: string };
      if (job.status === 'done' || job.status === 'failed')
        throw new Error(`restore ended first: ${job.message}`);
      message = job.message ?? message;
      if (message.startsWith('Memulihkan')) break;
    }
  }
  expect(message).toMatch(/^Memulihkan/);
  a.child.kill('SIGKILL');
  await reader.cancel().catch(() => undefined);
  await a.exited;

  const b = await startServer();
  try {
    expect(b.output()).toMatch(/Pemulihan cadangan terputus sebelum selesai dan dibatalkan/);
    token = await adminToken(b);
    // The old state, whole: the schedule set after the backup, and the admin could log in (the
    // restore would have ended every login and put the archive's rows back).
    const after = await api(b, 'GET', '/api/cadangan', token);
    expect(after.body.jadwal).toEqual(jadwal('04:00'));
    const job = await api(b, 'GET', `/api/cadangan/jobs/${restore.body.id}`, token);
    expect(job.body).toMatchObject({ status: 'failed' });
    expect(String(job.body.message)).toMatch(/data sekolah tidak berubah/);
  } finally {
    b.child.kill('SIGTERM');
    await b.exited;
  }
});
