import type { Job } from '@erapor/contract/jobs';
import { expect, it } from 'vitest';
import { describeEngines } from '../../test/engines';
import { createSekolah } from '../sekolah/service';
import { createJob, failInterruptedJobs, getJob, runJob, subscribeJob } from './service';

describeEngines('jobs', { config: { seedDemo: false } }, (t) => {
  const db = () => t().db.db;

  it('runs work in the background: running → done with its result; listeners see every step', async () => {
    const school = await createSekolah(db(), { npsn: '10000001', nama: 'SMK Satu' });
    const job = await createJob(db(), { sekolahId: school.sekolah_id, kind: 'test' });
    expect(job).toMatchObject({ status: 'queued', progress: 0, total: null, result: null });
    const seen: Job[] = [];
    const unsubscribe = subscribeJob(job.id, (j) => seen.push(j));
    await runJob(
      db(),
      job.id,
      async (progress) => {
        progress(1, 3, 'langkah 1');
        progress(2, 3, 'langkah 2');
        progress(3, 3, 'langkah 3');
        return { result: { rows: 42 }, message: 'Selesai.' };
      },
      { intervalMs: 0 },
    );
    unsubscribe();
    expect(seen.map((j) => `${j.status}:${j.progress}`)).toEqual([
      'running:0',
      'running:1',
      'running:2',
      'running:3',
      'done:3',
    ]);
    const done = await getJob(db(), job.id, school.sekolah_id);
    expect(done).toMatchObject({
      status: 'done',
      progress: 3,
      total: 3,
      message: 'Selesai.',
      result: { rows: 42 },
    });
    expect(done?.started_at).not.toBeNull();
    expect(done?.finished_at).not.toBeNull();

    // Another school does not see it.
    const other = await createSekolah(db(), { npsn: '10000002', nama: 'SMK Dua' });
    expect(await getJob(db(), job.id, other.sekolah_id)).toBeNull();
  });

  it('a failing job ends failed with the error message', async () => {
    const job = await createJob(db(), { sekolahId: null, kind: 'test' });
    await runJob(db(), job.id, async () => {
      throw new Error('Berkas rusak');
    });
    expect(await getJob(db(), job.id, 'x')).toMatchObject({ status: 'failed', message: 'Berkas rusak' });
  });

  it('jobs a dead process left queued or running are marked failed', async () => {
    const job = await createJob(db(), { sekolahId: null, kind: 'test' });
    expect(await failInterruptedJobs(db(), new Date())).toBe(1);
    expect(await getJob(db(), job.id, 'x')).toMatchObject({
      status: 'failed',
      message: 'Server berhenti sebelum pekerjaan ini selesai. Silahkan jalankan ulang.',
    });
  });
});
