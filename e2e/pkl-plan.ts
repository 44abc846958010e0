import { type APIRequestContext, expect } from '@playwright/test';

/*
 * pkl@'s plans through the API, for the PKL specs (which run one at a time with the school-wide
 * specs): one made when a spec needs one, and all of them deleted — confirming the number of scores
 * that go, as the Perencanaan API asks — when a spec needs none.
 */

export const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

export async function getJson<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(url, auth(token));
  expect(res.ok(), `${url}: ${res.ok() ? '' : await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

interface Pilihan {
  rombel: { value: string }[];
  dudi: { value: string }[];
  pks: { value: string }[];
  tp: { value: string }[];
}

/**
 * The first plan `list` (the plans Input Penilaian or Kehadiran offers) gives; when there is none,
 * one made through the Perencanaan cascade — the first class, DUDI and PKS of tingkat 12, the first
 * `tps` TPs.
 */
export async function ensurePklPlan<P>(
  request: APIRequestContext,
  token: string,
  { list, tps }: { list: '/api/pkl/penilaian/rencana' | '/api/pkl/kehadiran/rencana'; tps: number },
): Promise<P> {
  const listed = await getJson<{ data: P[] }>(request, list, token);
  if (listed.data[0]) return listed.data[0];
  const step1 = await getJson<Pilihan>(request, '/api/pkl/pilihan?tingkat=12', token);
  const kelas = `/api/pkl/pilihan?tingkat=12&rombongan_belajar_id=${step1.rombel[0]?.value ?? ''}`;
  const step2 = await getJson<Pilihan>(request, kelas, token);
  const step3 = await getJson<Pilihan>(request, `${kelas}&dudi_id=${step2.dudi[0]?.value ?? ''}`, token);
  const res = await request.post('/api/pkl/rencana', {
    ...auth(token),
    data: {
      rombongan_belajar_id: step1.rombel[0]?.value,
      dudi_id: step2.dudi[0]?.value,
      akt_pd_id: step3.pks[0]?.value,
      tanggal_mulai: '2026-01-05',
      tanggal_selesai: '2026-04-30',
      instruktur: 'Budi Santoso',
      nip: '',
      tp_ids: step2.tp.slice(0, tps).map((t) => t.value),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const again = await getJson<{ data: P[] }>(request, list, token);
  return again.data[0] as P;
}

/** Deletes the plans pkl@ owns (those `which` keeps), confirming the scores that go with each. */
export async function deletePklPlans(
  request: APIRequestContext,
  token: string,
  which: (plan: { pkl_id: string; milik: boolean; rombongan_belajar_id: string }) => boolean = () => true,
): Promise<void> {
  const list = await getJson<{ data: { pkl_id: string; milik: boolean; rombongan_belajar_id: string }[] }>(
    request,
    '/api/pkl/rencana?per_page=100',
    token,
  );
  for (const plan of list.data.filter((p) => p.milik && which(p))) {
    const url = `/api/pkl/rencana/${plan.pkl_id}`;
    let res = await request.delete(url, auth(token));
    if (res.status() === 409) {
      const n = ((await res.json()) as { details?: { jumlah_nilai?: string } }).details?.jumlah_nilai;
      res = await request.delete(`${url}?konfirmasi_hapus_nilai=${n}`, auth(token));
    }
    expect(res.status(), await res.text()).toBe(200);
  }
}
