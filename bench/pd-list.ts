import { startServer } from './server';
import { percentile } from './stats';
import type { BenchResult } from './types';

const REQUESTS = 200;

interface Page {
  total: number;
  data: { nama: string; nisn: string | null }[];
}

/**
 * GET /api/referensi/peserta-didik on the full demo school (~1,500 pupils, PGlite): 200 requests as
 * the administrator, a mix of pages, page sizes, searches (name, NISN), sorts and tingkat/jurusan/
 * rombel filters — the list answers each of them in SQL. Budget: p95 ≤ 150 ms.
 */
export async function pdListLatency(): Promise<BenchResult[]> {
  const server = await startServer({ DEMO_PROFILE: 'smk-standard' });
  try {
    const sem = (await (await fetch(`${server.url}/api/auth/semester`)).json()) as { semester_id: string };
    const login = await fetch(`${server.url}/api/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@demo.sch.id',
        password: 'rapor-demo',
        semester_id: sem.semester_id,
      }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const get = async (query: string) => {
      const res = await fetch(`${server.url}/api/referensi/peserta-didik?${query}`, { headers });
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Page;
    };

    // Material for the mix, read before timing starts (also warms the route up).
    const first = await get('per_page=100');
    if (first.total < 1000) throw new Error(`expected the full demo school, got ${first.total} pupils`);
    const filters = (await (
      await fetch(`${server.url}/api/referensi/peserta-didik/filter?tingkat=11`, { headers })
    ).json()) as { jurusan: { value: string }[]; rombel: { value: string }[] };
    const names = first.data.map((r) => r.nama.split(' ')[0] ?? 'a');
    const nisns = first.data.map((r) => r.nisn).filter((n): n is string => Boolean(n));
    const sorts = ['nama', 'nisn', 'tanggal_lahir', 'agama', 'kelas', 'jenis_kelamin'];
    const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
    const lastPage = Math.ceil(first.total / 25);

    const queries: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const sort = `sort_by=${pick(sorts, i)}&sort_dir=${i % 2 ? 'desc' : 'asc'}`;
      switch (i % 6) {
        case 0:
          queries.push(`page=${1 + (i % lastPage)}&per_page=25&${sort}`);
          break;
        case 1:
          queries.push(`q=${encodeURIComponent(pick(names, i))}&${sort}`);
          break;
        case 2:
          queries.push(`q=${pick(nisns, i).slice(0, 6)}&per_page=10`);
          break;
        case 3:
          queries.push(`tingkat=${10 + (i % 3)}&per_page=50&${sort}`);
          break;
        case 4:
          queries.push(`tingkat=11&jurusan_sp_id=${pick(filters.jurusan, i).value}&${sort}`);
          break;
        default:
          queries.push(`tingkat=11&rombongan_belajar_id=${pick(filters.rombel, i).value}&per_page=100`);
      }
    }
    const timings: number[] = [];
    for (const q of queries) {
      const t0 = performance.now();
      await get(q);
      timings.push(performance.now() - t0);
    }
    return [
      {
        name: `PD list p50 (${first.total} pupils, PGlite)`,
        value: Math.round(percentile(timings, 50)),
        unit: 'ms',
      },
      {
        name: `PD list p95 (${first.total} pupils, PGlite)`,
        value: Math.round(percentile(timings, 95)),
        unit: 'ms',
        budget: 150,
      },
    ];
  } finally {
    await server.stop();
  }
}

// `npx tsx bench/pd-list.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await pdListLatency());
}
