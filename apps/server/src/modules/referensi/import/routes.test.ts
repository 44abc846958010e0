import { IMPORT_REFERENSI_MESSAGES, type Job } from '@erapor/contract/jobs';
import { semesterOfDate } from '@erapor/contract/semester';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { jobs } from '../../jobs/tables';
import { smallReferenceDir } from './fixtures';

const active = semesterOfDate(new Date()).semester_id;
const URL = '/api/referensi/import-referensi';

/** The `event: job` payloads of a Server-Sent Events body. */
function sseJobs(body: string): Job[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: job'))
    .map((block) => JSON.parse(block.split('\n')[1]?.replace(/^data: /, '') ?? 'null') as Job);
}

describeEngines('POST /api/referensi/import-referensi', {}, (t) => {
  const fixture = smallReferenceDir();
  let admin = '';
  let guru = '';
  let waka = '';
  beforeAll(async () => {
    admin = (await loginAs(t().app, 'admin@demo.sch.id', active)).accessToken;
    guru = (await loginAs(t().app, 'guru@demo.sch.id', active)).accessToken;
    waka = (await loginAs(t().app, 'waka@demo.sch.id', active)).accessToken;
  });
  afterAll(() => fixture.remove());

  it('is for the administrator only: 401 without a token, 403 for other roles on every route', async () => {
    const { app } = t();
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await app.inject({ method: 'POST', url: URL, payload: {} })).statusCode).toBe(401);
    for (const token of [guru, waka]) {
      const post = await app.inject({ method: 'POST', url: URL, headers: bearer(token), payload: {} });
      expect(post.statusCode).toBe(403);
      expect(json(post).message).toBe('Anda tidak memiliki hak akses untuk tindakan ini.');
      expect((await app.inject({ url: `${URL}/${id}`, headers: bearer(token) })).statusCode).toBe(403);
      expect((await app.inject({ url: `${URL}/${id}/events`, headers: bearer(token) })).statusCode).toBe(403);
    }
    const rows = await t().db.db.select().from(jobs);
    expect(rows).toHaveLength(0);
  });

  it('names a directory that is not there in the field, with a 422', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(admin),
      payload: { dir: `${fixture.dir}/tidak-ada` },
    });
    expect(res.statusCode).toBe(422);
    expect(json<{ details: Record<string, string> }>(res).details.dir).toMatch(
      /^Folder data referensi tidak ditemukan di server/,
    );
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
});
