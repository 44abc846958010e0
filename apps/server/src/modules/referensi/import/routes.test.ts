import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { IMPORT_REFERENSI_MESSAGES, type Job } from '@erapor/contract/jobs';
import { semesterOfDate } from '@erapor/contract/semester';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../../../db/tables/jobs';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { smallReferenceDir } from '../../../test/reference-fixtures';

const active = semesterOfDate(new Date()).semester_id;
const URL = '/api/referensi/import-referensi';

/** The `event: job` payloads of a Server-Sent Events body. */
function sseJobs(body: string): Job[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: job'))
    .map((block) => JSON.parse(block.split('\n')[1]?.replace(/^data: /, '') ?? 'null') as Job);
}

// REFERENCE_DIR is a small set; BACKUP_DIR is empty but for a symlink that leads out of it.
const fixture = smallReferenceDir();
const outside = smallReferenceDir();
const backups = mkdtempSync(join(tmpdir(), 'erapor-backups-'));
symlinkSync(outside.dir, join(backups, 'keluar'));
mkdirSync(join(backups, 'kosong'));
afterAll(() => {
  fixture.remove();
  outside.remove();
  rmSync(backups, { recursive: true, force: true });
});

describeEngines(
  'POST /api/referensi/import-referensi',
  { config: { referenceDir: fixture.dir, backupDir: backups } },
  (t) => {
    let admin = '';
    let guru = '';
    let waka = '';
    beforeAll(async () => {
      admin = (await loginAs(t().app, 'admin@demo.sch.id', active)).accessToken;
      guru = (await loginAs(t().app, 'guru@demo.sch.id', active)).accessToken;
      waka = (await loginAs(t().app, 'waka@demo.sch.id', active)).accessToken;
    });

    it('is for the administrator only: 401 without a token, 403 for other roles on every route', async () => {
      const { app } = t();
      const id = '00000000-0000-4000-8000-000000000000';
      expect((await app.inject({ method: 'POST', url: URL, payload: {} })).statusCode).toBe(401);
      for (const token of [guru, waka]) {
        const post = await app.inject({ method: 'POST', url: URL, headers: bearer(token), payload: {} });
        expect(post.statusCode).toBe(403);
        expect(json(post).message).toBe('Anda tidak memiliki hak akses untuk tindakan ini.');
        expect((await app.inject({ url: `${URL}/${id}`, headers: bearer(token) })).statusCode).toBe(403);
        expect((await app.inject({ url: `${URL}/${id}/events`, headers: bearer(token) })).statusCode).toBe(
          403,
        );
      }
      const rows = await t().db.db.select().from(jobs);
      expect(rows).toHaveLength(0);
    });

    it('refuses every folder outside REFERENCE_DIR and the backups with one message that names no path', async () => {
      const refused = [
        outside.dir, // a real reference set, elsewhere
        `${fixture.dir}/../${basename(outside.dir)}`, // ../ out of the root
        `../${basename(outside.dir)}`, // relative ../
        'json/../json', // ../ even when it would stay inside
        '/etc', // absolute, elsewhere
        tmpdir(),
        `${fixture.dir}/tidak-ada`, // not there
        'tidak-ada',
        `${fixture.dir}/json`, // there, inside, but not a reference folder
        join(backups, 'kosong'), // inside the backups, not a reference folder
        join(backups, 'keluar'), // a symlink inside the backups that leads out
        `${fixture.dir}/json/ref_agama.json`, // a file
      ];
      for (const dir of refused) {
        const res = await t().app.inject({
          method: 'POST',
          url: URL,
          headers: bearer(admin),
          payload: { dir },
        });
        expect(res.statusCode, dir).toBe(422);
        expect(json<{ details: Record<string, string> }>(res).details, dir).toEqual({
          dir: IMPORT_REFERENSI_MESSAGES.dirRefused,
        });
        expect(res.body).not.toContain(tmpdir());
        expect(res.body).not.toContain('/etc');
      }
      expect(await t().db.db.select().from(jobs)).toHaveLength(0);
    });

    it('returns at once with a job; the job runs, its status and live events tell the progress', async () => {
      const { app } = t();
      const res = await app.inject({
        method: 'POST',
        url: URL,
        headers: bearer(admin),
        payload: { dir: fixture.dir },
      });
      expect(res.statusCode).toBe(202);
      const job = json<Job>(res);
      expect(job).toMatchObject({ kind: 'import-referensi', message: IMPORT_REFERENSI_MESSAGES.started });

      // The SSE stream sends the job's states and closes when it has ended.
      const events = await app.inject({ url: `${URL}/${job.id}/events`, headers: bearer(admin) });
      expect(events.statusCode).toBe(200);
      expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
      const states = sseJobs(events.body);
      expect(states.length).toBeGreaterThan(0);
      const last = states.at(-1);
      expect(last?.status).toBe('done');
      expect(last?.progress).toBe(last?.total);

      const status = await app.inject({ url: `${URL}/${job.id}`, headers: bearer(admin) });
      expect(status.statusCode).toBe(200);
      const done = json<Job & { result: { tables: Record<string, { inserted: number }> } }>(status);
      expect(done.status).toBe('done');
      expect(done.total).toBe(17);
      expect(done.result.tables.ref_kompetensi_dasar?.inserted).toBe(50);
      expect(done.message).toMatch(/^Selesai: /);
      expect(done.finished_at).not.toBeNull();
      // The folder is named as people know it, never by the server's path.
      expect((done.result as unknown as { dir: string }).dir).toBe('REFERENCE_DIR');
      expect(status.body).not.toContain(fixture.dir);
      expect(events.body).not.toContain(fixture.dir);
    });

    it('takes a folder under REFERENCE_DIR by its relative name, and none at all as REFERENCE_DIR itself', async () => {
      const { app, db } = t();
      // Both are checked before the job starts; a 409 (the import above has ended) would mean no check.
      const named = await app.inject({
        method: 'POST',
        url: URL,
        headers: bearer(admin),
        payload: { dir: '.' },
      });
      expect(named.statusCode).toBe(202);
      const events = await app.inject({
        url: `${URL}/${json<Job>(named).id}/events`,
        headers: bearer(admin),
      });
      expect(sseJobs(events.body).at(-1)?.status).toBe('done');
      await db.db.delete(jobs);
    });

    it('answers 409 while an import is still running, and 404 for an unknown job', async () => {
      const { app, db } = t();
      const [running] = await db.db
        .insert(jobs)
        .values({ kind: 'import-referensi', status: 'running' })
        .returning({ id: jobs.id });
      const res = await app.inject({ method: 'POST', url: URL, headers: bearer(admin), payload: {} });
      expect(res.statusCode).toBe(409);
      expect(json(res).message).toBe(IMPORT_REFERENSI_MESSAGES.alreadyRunning);
      expect(json<{ details: { job_id: string } }>(res).details.job_id).toBe(running?.id);
      const missing = await app.inject({
        url: `${URL}/00000000-0000-4000-8000-000000000000`,
        headers: bearer(admin),
      });
      expect(missing.statusCode).toBe(404);
    });
  },
);
