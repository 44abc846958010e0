import type { Job } from '@erapor/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { bearer, json } from '../../../test/engines';

/**
 * Polls a Cetak Semua job (GET /api/cetak/rapor-semua/:job_id, every kind) as `token` until it has
 * ended (done, failed or cancelled); a minute at most. The API tests of every bulk print use it.
 */
export async function jobEnd(app: FastifyInstance, jobId: string, token: string | undefined): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/cetak/rapor-semua/${jobId}`,
      headers: token ? bearer(token) : {},
    });
    const job = json<Job>(res);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not end');
}
