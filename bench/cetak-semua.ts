/**
 * One Cetak Semua job over HTTP (decision 033): start it at `path` with `body`, follow it until it
 * is done, download the file. Answers the whole time (ms), the CPU time of this process (the
 * server and its render worker run in it) and the file's size.
 */
export async function printAll(
  env: { url: string },
  headers: Record<string, string>,
  path: string,
  body: unknown,
): Promise<{ ms: number; cpuMs: number; bytes: number; total: number }> {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
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
  const cpu = process.cpuUsage(cpu0);
  return {
    ms: performance.now() - start,
    cpuMs: (cpu.user + cpu.system) / 1000,
    bytes: data.byteLength,
    total,
  };
}
