import { readFileSync } from 'node:fs';
import { semesterOfDate } from '@erapor/contract/semester';
import {
  brokenJpeg,
  brokenPng,
  pngBomb,
  pngHollow,
  pngHuge,
  realImage,
  svgImage,
} from '../apps/server/src/lib/test-images';
import { startServer } from './server';
import type { BenchResult } from './types';

/*
 * Decision 049 (issue #24 item 1): every hostile image is uploaded on each of the four image routes
 * (the certificate background, the school logo with the settings form, a staff profile photo and
 * a pupil's portal photo), and after each image the certificate preview (school logo and
 * background) is printed, while another loop polls /api/health. Budgets: the server's RSS grows by
 * at most 100 MB over its level before the first upload, and no health answer waits over 200 ms.
 * Every upload must be refused (422) and every preview must answer a PDF.
 */

const RSS_BUDGET_MB = 100;
const HEALTH_BUDGET_MS = 200;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

function form(field: string, filename: string, data: Buffer, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  // Text fields first: the settings route reads its `data` before the file.
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(field, new Blob([new Uint8Array(data)]), filename);
  return body;
}

export async function imagesBench(): Promise<BenchResult[]> {
  const hostile: [string, string, Buffer][] = [
    ['broken PNG', 'a.png', brokenPng()],
    ['broken JPEG', 'a.jpg', await brokenJpeg()],
    ['PNG bomb 100×100 → 900 MB', 'a.png', await pngBomb(900)],
    ['PNG 4000×4000 over no data', 'a.png', pngHollow()],
    ['PNG 30000×30000', 'a.png', pngHuge()],
    ['SVG', 'a.png', svgImage()],
  ];
  const good = await realImage(2400, 3200, 'jpeg');
  const server = await startServer();
  const semester_id = semesterOfDate(new Date()).semester_id;
  const login = async (email: string) => {
    const res = await fetch(`${server.url}/api/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'rapor-demo', semester_id }),
    });
    const { accessToken } = (await res.json()) as { accessToken: string };
    return { authorization: `Bearer ${accessToken}` };
  };
  try {
    const kaprog = await login('kaprog@demo.sch.id');
    const admin = await login('admin@demo.sch.id');
    const siswa = await login('siswa@demo.sch.id');
    // The settings form is sent whole with its logo: the school's own values, unchanged.
    const page = (await (await fetch(`${server.url}/api/setting`, { headers: admin })).json()) as Record<
      string,
      unknown
    >;
    const settingsForm = JSON.stringify({
      periode_aktif: page.periode_aktif,
      tanggal_rapor: page.tanggal_rapor ?? '',
      tanggal_rapor_kelas_akhir: '',
      tanggal_rapor_pts: null,
      kepala_sekolah: (page.guru_options as { value: string }[])[0]?.value ?? null,
      jabatan: 'Kepala Sekolah',
      zona: 'Asia/Jakarta',
      rombel_4_tahun: [],
      url_dapodik: '',
      token_dapodik: '',
      sekolah: page.sekolah,
    });
    const preview = async () => {
      const res = await fetch(`${server.url}/api/ukk/template/pratinjau`, {
        method: 'POST',
        headers: { ...kaprog, 'content-type': 'application/json' },
        body: JSON.stringify({ logo: 'sekolah' }),
      });
      const pdf = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !pdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
        throw new Error(`preview: ${res.status} ${pdf.subarray(0, 200).toString()}`);
    };
    // Warm: a good background printed once, so the baseline holds the codecs and the PDF library.
    const warm = await fetch(`${server.url}/api/ukk/template/latar`, {
      method: 'PUT',
      headers: kaprog,
      body: form('latar', 'latar.jpg', good),
    });
    if (warm.status !== 200) throw new Error(`good background: ${warm.status} ${await warm.text()}`);
    await preview();
    const baseline = rssMb(server.pid);
    // The same polls for 5 s with nothing uploaded: what the machine alone costs a health answer.
    let idleMax = 0;
    for (const end = performance.now() + 5000; performance.now() < end; ) {
      const t0 = performance.now();
      await fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
      idleMax = Math.max(idleMax, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }

    let polling = true;
    // Which request the health polls are waiting beside: an upload's decode or a preview's render.
    let phase: 'upload' | 'preview' = 'upload';
    const healthMax = { upload: 0, preview: 0 };
    // The upload route a poll was sent beside, and the longest wait per route.
    let route = '';
    const byRoute: Record<string, number> = {};
    let rssMax = baseline;
    const poller = (async () => {
      while (polling) {
        // Counted for the phase the poll was sent in (an answer may arrive after the phase ended).
        const at = phase;
        const beside = route;
        const t0 = performance.now();
        await fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
        const waited = performance.now() - t0;
        healthMax[at] = Math.max(healthMax[at], waited);
        if (at === 'upload' && beside) byRoute[beside] = Math.max(byRoute[beside] ?? 0, waited);
        rssMax = Math.max(rssMax, rssMb(server.pid));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const refusedIn: number[] = [];
    try {
      for (const [name, filename, data] of hostile) {
        for (const [url, method, field, headers, fields] of [
          ['/api/ukk/template/latar', 'PUT', 'latar', kaprog, {}],
          ['/api/setting', 'POST', 'logo', admin, { data: settingsForm }],
          ['/api/profile/photo', 'POST', 'photo', admin, {}],
          ['/api/portal/foto', 'POST', 'foto', siswa, {}],
        ] as const) {
          route = url;
          const t0 = performance.now();
          const res = await fetch(`${server.url}${url}`, {
            method,
            headers,
            body: form(field, filename, data, fields),
          });
          refusedIn.push(performance.now() - t0);
          const answer = await res.text();
          // Refused for the image itself (the route's file field), not for anything else of the form.
          const details =
            res.status === 422 ? (JSON.parse(answer) as { details?: object }).details : undefined;
          if (!details || !(field in details)) throw new Error(`${name} on ${url}: ${res.status} ${answer}`);
        }
        phase = 'preview';
        await preview();
        phase = 'upload';
      }
    } finally {
      polling = false;
      await poller;
    }
    console.log(
      `images: ${hostile.length} hostile images × 4 routes refused, slowest ${Math.round(Math.max(...refusedIn))} ms; ` +
        `RSS ${Math.round(baseline)} → max ${Math.round(rssMax)} MB; longest health wait ${Math.round(healthMax.upload)} ms beside uploads, ` +
        `${Math.round(healthMax.preview)} ms beside previews, ${Math.round(idleMax)} ms alone; beside uploads by route: ` +
        Object.entries(byRoute)
          .map(([url, ms]) => `${url} ${Math.round(ms)} ms`)
          .join(', '),
    );
    return [
      {
        name: 'images: server RSS growth (hostile uploads + previews)',
        value: Math.round(rssMax - baseline),
        unit: 'MB',
        budget: RSS_BUDGET_MB,
      },
      {
        name: 'images: longest /api/health wait beside hostile uploads',
        value: Math.round(healthMax.upload),
        unit: 'ms',
        budget: HEALTH_BUDGET_MS,
      },
      {
        name: 'images: longest /api/health wait beside certificate previews',
        value: Math.round(healthMax.preview),
        unit: 'ms',
        budget: HEALTH_BUDGET_MS,
      },
      { name: 'images: longest /api/health wait, nothing uploaded', value: Math.round(idleMax), unit: 'ms' },
      { name: 'images: slowest refusal', value: Math.round(Math.max(...refusedIn)), unit: 'ms' },
    ];
  } finally {
    await server.stop();
  }
}

// `npx tsx bench/images.ts`: this bench alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await imagesBench());
}
