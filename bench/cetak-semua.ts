import type { DemoEnv } from './grid-writer';

/**
 * One Cetak Semua job over HTTP (decision 033): start it at `path` with `body`, follow it until it
 * is done, download the file. Answers the whole time (ms) and the file's size.
 */
export async function printAll(
  env: DemoEnv,
  headers: Record<string, string>,
  path: string,
  body: unknown,
): Promise<{ ms: number; bytes: number; total: number }> {
  const start = performance.now();
  const res = await fetch(`${env.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (res.status !== 202) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  let total = 0;
  for (;;) {
    const poll = await fetch(`${env.url}/api/cetak/rapor-semua/${id}`, { headers });
    const job = (await poll.json()) as { status: string; message: string; total: number | null };
    total = job.total ?? 0;
    if (job.status === 'done') break;
    if (job.status !== 'queued' && job.status !== 'running')
      throw new Error(`job ${job.status}: ${job.message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const file = await fetch(`${env.url}/api/cetak/rapor-semua/${id}/unduh`, { headers });
  const data = await file.arrayBuffer();
  if (file.status !== 200) throw new Error(`download: ${file.status}`);
  return { ms: performance.now() - start, bytes: data.byteLength, total };
}
