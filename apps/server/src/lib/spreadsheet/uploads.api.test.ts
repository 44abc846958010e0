import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { GTK_MESSAGES } from '@erapor/contract/referensi/gtk';
import { SPREADSHEET_MESSAGES } from '@erapor/contract/spreadsheet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { describeEngines, loginAs } from '../../test/engines';
import { warmSpreadsheetReader } from './read';
import { bombWorkbook } from './test-zips';

/*
 * Issue #9 end to end: a 1.5 MB workbook that inflates to 600 MB — honest about it in its zip
 * directory, or lying — uploaded to every upload endpoint of the app listening on a real port, one
 * at a time and two at once. Each is refused within a second with the file's message, the process
 * grows by less than 100 MB, and /api/health, polled by another process all along, answers every
 * time within 250 ms.
 *
 * The test machine is shared (other suites, browsers): the two time budgets hold on a quiet machine
 * and are scaled by the measured load when it is not (printed) — the load average per core, or how
 * slow /api/health already is without uploads. What does not depend on the load is asserted as is:
 * the CPU time the request thread spends on the uploads, and the memory. Before this change one
 * upload froze the server for seconds or killed it, far beyond any such scaling.
 */

const MATH = 401000000;
const MB = 1024 * 1024;

function multipart(field: string, filename: string, content: Buffer) {
  const boundary = `----erapor${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * CPU time (ms) the main thread of this process — the server's request thread — has used: utime +
 * stime of /proc/self/task/<pid>/stat, in clock ticks of 10 ms. Unlike wall-clock time it does not
 * grow when other processes load the machine.
 */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Polls /api/health from a separate process and prints each answer's latency (ms), one per line. */
function startHealthPoller(url: string): { child: ChildProcess; latencies: number[]; failures: string[] } {
  const script = `
    const url = process.argv[1];
    (async () => {
      for (;;) {
        const t = performance.now();
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
          await res.text();
          console.log(res.ok ? String(performance.now() - t) : 'status ' + res.status);
        } catch (err) {
          console.log('error ' + err);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    })();`;
  const child = spawn(process.execPath, ['-e', script, `${url}/api/health`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const latencies: number[] = [];
  const failures: string[] = [];
  let buffer = '';
  child.stdout?.on('data', (d) => {
    buffer += d;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const n = Number(line);
      if (Number.isFinite(n)) latencies.push(n);
      else failures.push(line);
    }
  });
  return { child, latencies, failures };
}

describeEngines('bounded workbook uploads on every upload endpoint (issue #9)', {}, (t) => {
  let url = '';
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let mtk = '';
  let mathCpE = 0;
  let poller: ReturnType<typeof startHealthPoller> | undefined;
  /** 1 on a quiet machine; more when /api/health is slow before any upload (see above). */
  let load = 1;
  const healthBudget = () => 250 * load;
  const uploadBudget = () => 1000 * load;
  const honest = bombWorkbook(600);
  const liar = bombWorkbook(600, { declaredSize: 300_000 });

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const who of ['admin', 'guru'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
    const guruId = demo.accounts.guru.guruId;
    for (const r of demo.school.rombongan_belajar) {
      for (const pb of r.pembelajaran) {
        if (
          pb.ptk_id === guruId &&
          pb.mata_pelajaran_id === MATH &&
          r.tingkat_pendidikan_id === 10 &&
          r.kurikulum_id >= 1000
        ) {
          mtk = pb.pembelajaran_id;
        }
      }
    }
    mathCpE =
      demo.school.capaian_pembelajaran.find((c) => c.mata_pelajaran_id === MATH && c.fase === 'E')?.cp_id ??
      0;
    expect(mtk).not.toBe('');
    expect(mathCpE).not.toBe(0);
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
    // The reader is warm, as on a server that has read a file before; its start is the bench's number.
    await warmSpreadsheetReader();
    poller = startHealthPoller(url);
    // The machine's own latency, before any upload: 40 polls (~1–2 s).
    await waitForPolls(40);
    measureLoad(0);
  });

  /**
   * Scales the time budgets by the machine's load: the 1-minute load average per core, and how slow
   * /api/health is with no upload running (polls from `from`), whichever says more.
   */
  function measureLoad(from: number) {
    const idle = Math.max(...(poller?.latencies.slice(from) ?? [0]));
    const perCore = (loadavg()[0] ?? 0) / availableParallelism();
    load = Math.max(load, idle / 125, perCore);
    if (load > 1) {
      process.stderr.write(
        `uploads.api.test: /api/health idle max ${Math.round(idle)} ms, load ${perCore.toFixed(1)} per core: ` +
          `time budgets × ${load.toFixed(1)}\n`,
      );
    }
  }

  afterAll(() => {
    poller?.child.kill('SIGKILL');
  });

  const endpoints = () => [
    {
      name: 'nilai (lingkup materi)',
      path: `/api/penilaian/pembelajaran/${mtk}/upload/lingkup-materi`,
      field: 'file_excel',
      who: 'guru',
    },
    {
      name: 'nilai (akhir semester)',
      path: `/api/penilaian/pembelajaran/${mtk}/upload/akhir-semester`,
      field: 'file_excel',
      who: 'guru',
    },
    {
      name: 'template TP',
      path: `/api/kurikulum/tp/import?pembelajaran_id=${mtk}&cp_id=${mathCpE}`,
      field: 'template_excel',
      who: 'guru',
    },
    { name: 'GTK instruktur', path: '/api/gtk/instruktur/import/preview', field: 'file_excel', who: 'admin' },
    { name: 'GTK asesor', path: '/api/gtk/asesor/import/preview', field: 'file_excel', who: 'admin' },
  ];

  async function post(e: ReturnType<typeof endpoints>[number], file: Buffer) {
    const m = multipart(e.field, 'nilai.xlsx', file);
    const started = performance.now();
    const res = await fetch(`${url}${e.path}`, {
      method: 'POST',
      headers: { 'content-type': m.contentType, authorization: `Bearer ${tokens[e.who]}` },
      body: m.body,
    });
    const body = (await res.json()) as { details?: Record<string, string> };
    return { status: res.status, message: body.details?.[e.field], ms: performance.now() - started };
  }

  async function waitForPolls(n: number) {
    const target = (poller?.latencies.length ?? 0) + n;
    while ((poller?.latencies.length ?? 0) + (poller?.failures.length ?? 0) < target) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('refuses both bombs on each endpoint in under a second, memory flat, health answering throughout', async () => {
    expect(honest.data.length).toBeLessThan(2 * MB);
    expect(liar.data.length).toBeLessThan(2 * MB);
    expect(honest.realSize).toBeGreaterThan(500 * MB);
    await waitForPolls(3);
    const rss = process.memoryUsage().rss;
    const cpu = mainThreadCpuMs();
    const from = poller?.latencies.length ?? 0;
    const times: Record<string, number> = {};
    for (const e of endpoints()) {
      const big = await post(e, honest.data);
      expect([big.status, big.message], e.name).toEqual([413, SPREADSHEET_MESSAGES.tooBig(600, 16)]);
      const lie = await post(e, liar.data);
      expect(lie.status, `${e.name}: ${lie.message}`).toBe(422);
      expect([SPREADSHEET_MESSAGES.unreadable, GTK_MESSAGES.fileUnreadable], e.name).toContain(lie.message);
      times[e.name] = Math.max(big.ms, lie.ms);
    }
    // Ten uploads of 1.5 MB: multipart, log-in checks, queries, the directory check — never inflating
    // or parsing on this thread (600 MB of XML would take seconds of CPU here).
    expect(mainThreadCpuMs() - cpu).toBeLessThan(2000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * MB);
    await waitForPolls(3);
    const polls = poller?.latencies.slice(from) ?? [];
    // The machine's latency again, after: a neighbour's load may have come or gone meanwhile.
    const after = poller?.latencies.length ?? 0;
    await waitForPolls(40);
    measureLoad(after);
    expect(poller?.failures).toEqual([]);
    expect(polls.length).toBeGreaterThan(5);
    expect(Math.max(...polls)).toBeLessThan(healthBudget());
    for (const [name, ms] of Object.entries(times)) expect(ms, name).toBeLessThan(uploadBudget());
  });

  it('two such uploads at once change nothing', async () => {
    const rss = process.memoryUsage().rss;
    const cpu = mainThreadCpuMs();
    const from = poller?.latencies.length ?? 0;
    const all = endpoints();
    let slowest = 0;
    for (let i = 0; i < all.length; i++) {
      const a = all[i] as (typeof all)[number];
      const b = all[(i + 1) % all.length] as (typeof all)[number];
      const [x, y] = await Promise.all([post(a, liar.data), post(b, honest.data)]);
      expect([x.status, y.status], `${a.name} + ${b.name}`).toEqual([422, 413]);
      slowest = Math.max(slowest, x.ms, y.ms);
    }
    expect(mainThreadCpuMs() - cpu).toBeLessThan(2000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * MB);
    await waitForPolls(3);
    const polls = poller?.latencies.slice(from) ?? [];
    const after = poller?.latencies.length ?? 0;
    await waitForPolls(40);
    measureLoad(after);
    expect(poller?.failures).toEqual([]);
    expect(Math.max(...polls)).toBeLessThan(healthBudget());
    expect(slowest).toBeLessThan(uploadBudget());
  });
});
