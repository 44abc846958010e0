import { isFinished, type Job } from '@erapor/contract/jobs';
import { useEffect, useRef, useState } from 'react';
import {
  cancelRaporSemua,
  downloadRaporSemua,
  followRaporSemua,
  getRaporSemua,
} from '../../lib/cetak-semua-api';
import { httpErrorMessage, toHttpError } from '../../lib/http-errors';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * A Cetak Semua job on a screen (decision 033): start it (a 409 naming the same running job is
 * followed instead), follow its progress over SSE, download the file by itself when it is done,
 * cancel. Every document kind of the job (report cards, transcripts, P5 and PKL reports, UKK
 * certificates) shares the job's status, cancel and download addresses; only the start differs.
 */
export function useCetakSemuaJob(labels: { failed: string; downloadFailed: string }) {
  const { t } = useTranslation();
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [file, setFile] = useState<string | null>(null);
  const follow = useRef<AbortController | null>(null);
  useEffect(() => () => follow.current?.abort(), []);

  async function download(jobId: string) {
    try {
      setFile(await downloadRaporSemua(jobId));
    } catch (e) {
      toast.error(t(labels.downloadFailed), httpErrorMessage(e, t), 'long');
    }
  }

  async function start(begin: () => Promise<Job>) {
    setError(null);
    setFile(null);
    setStarting(true);
    let started: Job;
    try {
      started = await begin();
    } catch (e) {
      // The same job already runs (another tab, before a reload): follow that one instead.
      const failure = toHttpError(e);
      const runningId = failure.status === 409 ? failure.details.job_id : undefined;
      try {
        if (!runningId) throw e;
        started = await getRaporSemua(runningId);
      } catch {
        setError(httpErrorMessage(e, t));
        return;
      }
    } finally {
      setStarting(false);
    }
    setJob(started);
    follow.current?.abort();
    const abort = new AbortController();
    follow.current = abort;
    let last: Job = started;
    await followRaporSemua(
      started.id,
      (j) => {
        last = j;
        setJob(j);
      },
      abort.signal,
    );
    if (abort.signal.aborted) return;
    if (last.status === 'done') await download(started.id);
    else if (last.status === 'failed') setError(last.message ?? t(labels.failed));
  }

  async function cancel() {
    if (!job) return;
    try {
      setJob(await cancelRaporSemua(job.id));
    } catch (e) {
      toast.error(t(labels.failed), httpErrorMessage(e, t), 'long');
    }
  }

  const running = job !== null && !isFinished(job.status);
  return { job, error, starting, file, running, start, cancel, download };
}
