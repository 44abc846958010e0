import { randomUUID } from 'node:crypto';
import type { Pembelajaran, RombonganBelajar } from '@erapor/demo-school/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from './simulator.ts';
import { admin, NPSN, TOKEN, testSimulator, wsGet, wsPost } from './test-support.ts';

const sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
function sim(options: Parameters<typeof testSimulator>[0] = {}) {
  const s = testSimulator(options);
  sims.push(s);
  return s;
}

const kelas = (s: Simulator, nama = 'X TJKT 1') =>
  s.state.school.rombongan_belajar.find((r) => r.nama === nama) as RombonganBelajar;
const topLevel = (r: RombonganBelajar) => r.pembelajaran.filter((p) => p.induk_pembelajaran_id === null);

function matev(
  r: RombonganBelajar,
  p: Pembelajaran,
  id: string = randomUUID(),
  extra: Record<string, unknown> = {},
) {
  return {
    id_evaluasi: id,
    rombongan_belajar_id: r.rombongan_belajar_id,
    mata_pelajaran_id: p.mata_pelajaran_id,
    pembelajaran_id: p.pembelajaran_id,
    nm_mata_evaluasi: p.nama_mata_pelajaran.slice(0, 40),
    a_dari_template: 1,
    no_urut: 1,
    kkm_kognitif: null,
    kkm_psikomotorik: null,
    create_date: '2025-12-01T08:00:00+07:00',
    last_update: '2025-12-01T08:00:00+07:00',
    soft_delete: 0,
    last_sync: '2025-12-01T08:00:00+07:00',
    updater_id: 'b2f7c1de-0000-4000-8000-000000000001',
    ...extra,
  };
}
function nilai(idEvaluasi: string, anggotaId: string, value: unknown, id: string = randomUUID()) {
  return {
    nilai_id: id,
    id_evaluasi: idEvaluasi,
    anggota_rombel_id: anggotaId,
    nilai_kognitif_angka: value,
    create_date: '2025-12-01T08:00:00+07:00',
    last_update: '2025-12-01T08:00:00+07:00',
    soft_delete: 0,
    last_sync: '2025-12-01T08:00:00+07:00',
    updater_id: 'b2f7c1de-0000-4000-8000-000000000001',
  };
}
const grades = async (s: Simulator) =>
  (await admin(s, 'GET', 'grades')).json() as {
    grades: {
      peserta_didik_id: string;
      mata_pelajaran_id: number;
      writes: number;
      nilai_kognitif_angka: number;
    }[];
    duplicates: number;
  };

describe('grades push: matev then one grade per pupil', () => {
  it('a whole class, sent three times with the same ids, stores exactly one grade per pupil and subject', async () => {
    const s = sim();
    const r = kelas(s);
    const plan = topLevel(r).map((p, i) => ({ p, body: matev(r, p, randomUUID(), { no_urut: i + 1 }) }));
    const grades0 = plan.flatMap(({ body }, i) =>
      r.anggota_rombel.map((a, j) => nilai(body.id_evaluasi, a.anggota_rombel_id, 60 + ((i + j) % 40))),
    );
    for (let round = 0; round < 3; round++) {
      for (const { body } of plan) {
        const res = await wsPost(s, 'postMatevRapor', body);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: 'Data berhasil disimpan',
          id_evaluasi: body.id_evaluasi,
        });
      }
      for (const body of grades0) {
        const res = await wsPost(s, 'postNilai', body, { table: 'rapor' });
        expect(res.json()).toMatchObject({ success: true, nilai_id: body.nilai_id });
      }
    }
    const view = await grades(s);
    expect(view.grades).toHaveLength(plan.length * r.anggota_rombel.length);
    expect(view.duplicates).toBe(0);
    expect(view.grades.every((g) => g.writes === 3)).toBe(true);
    const pairs = new Set(view.grades.map((g) => `${g.peserta_didik_id}|${g.mata_pelajaran_id}`));
    expect(pairs.size).toBe(view.grades.length);
    expect(s.state.received).toHaveLength(3 * (plan.length + grades0.length));

    const listed = (await wsGet(s, 'getMatevNilai', { a_dari_template: 1 })).json();
    expect(listed.results).toBe(plan.length);
    expect((await wsGet(s, 'getMatevNilai', { a_dari_template: 0 })).json().results).toBe(0);
    const other = kelas(s, 'XI TJKT 1').rombongan_belajar_id;
    expect((await wsGet(s, 'getMatevNilai', { rombongan_belajar_id: other })).json().results).toBe(0);
  });

  it('a new value under the same ids replaces the grade; a numeric string is accepted', async () => {
    const s = sim();
    const r = kelas(s);
    const m = matev(r, topLevel(r)[0] as Pembelajaran);
    await wsPost(s, 'postMatevRapor', m);
    const a = r.anggota_rombel[0]?.anggota_rombel_id as string;
    const n = nilai(m.id_evaluasi, a, 70);
    await wsPost(s, 'postNilai', n, { table: 'rapor' });
    const res = await wsPost(s, 'postNilai', { ...n, nilai_kognitif_angka: '85' }, { table: 'rapor' });
    expect(res.json().success).toBe(true);
    const view = await grades(s);
    expect(view.grades).toHaveLength(1);
    expect(view.grades[0]?.nilai_kognitif_angka).toBe(85);
  });

  it('a second matev for the same pembelajaran (new UUID on retry: a client bug) is refused', async () => {
    const s = sim();
    const r = kelas(s);
    const p = topLevel(r)[0] as Pembelajaran;
    const first = matev(r, p);
    expect((await wsPost(s, 'postMatevRapor', first)).json().success).toBe(true);
    const again = await wsPost(s, 'postMatevRapor', matev(r, p));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: false });
    expect(again.json().message).toContain(first.id_evaluasi);
    expect(s.state.matev.size).toBe(1);
  });
});

describe('grades push: validation answers success:false with HTTP 200', () => {
  it('matev rules', async () => {
    const s = sim();
    const r = kelas(s);
    const other = kelas(s, 'XI TJKT 1');
    const p = topLevel(r)[0] as Pembelajaran;
    const q = topLevel(other)[0] as Pembelajaran;
    const p2 = topLevel(r).find((x) => x.mata_pelajaran_id !== p.mata_pelajaran_id) as Pembelajaran;
    const bad: [string, Record<string, unknown>][] = [
      ['bad uuid', matev(r, p, 'not-a-uuid')],
      ['unknown rombel', matev(r, p, undefined, { rombongan_belajar_id: randomUUID() })],
      ['pembelajaran of another class', matev(r, q)],
      [
        'mapel differs from the pembelajaran',
        matev(r, p, undefined, { mata_pelajaran_id: p2.mata_pelajaran_id }),
      ],
      ['unknown mapel', matev(r, p, undefined, { mata_pelajaran_id: 1 })],
      ['name too long', matev(r, p, undefined, { nm_mata_evaluasi: 'x'.repeat(51) })],
      ['empty name', matev(r, p, undefined, { nm_mata_evaluasi: '  ' })],
      ['kkm out of range', matev(r, p, undefined, { kkm_kognitif: 120 })],
    ];
    for (const [what, body] of bad) {
      const res = await wsPost(s, 'postMatevRapor', body);
      expect(res.statusCode, what).toBe(200);
      expect(res.json().success, what).toBe(false);
      expect(res.json().message, what).toBeTruthy();
    }
    expect(s.state.matev.size).toBe(0);
    expect(s.state.received).toHaveLength(bad.length);
    const ok = await wsPost(
      s,
      'postMatevRapor',
      matev(r, p, undefined, { nm_mata_evaluasi: 'x'.repeat(50) }),
    );
    expect(ok.json().success).toBe(true);
  });

  it('nilai rules', async () => {
    const s = sim();
    const r = kelas(s);
    const other = kelas(s, 'XI TJKT 1');
    const m = matev(r, topLevel(r)[0] as Pembelajaran);
    await wsPost(s, 'postMatevRapor', m);
    const mine = r.anggota_rombel[0]?.anggota_rombel_id as string;
    const theirs = other.anggota_rombel[0]?.anggota_rombel_id as string;
    const bad: [string, unknown, Record<string, string>][] = [
      ['no table', nilai(m.id_evaluasi, mine, 80), {}],
      ['other table', nilai(m.id_evaluasi, mine, 80), { table: 'semester' }],
      ['unknown matev', nilai(randomUUID(), mine, 80), { table: 'rapor' }],
      ['pupil of another class', nilai(m.id_evaluasi, theirs, 80), { table: 'rapor' }],
      ['above 100', nilai(m.id_evaluasi, mine, 101), { table: 'rapor' }],
      ['below 0', nilai(m.id_evaluasi, mine, -1), { table: 'rapor' }],
      ['not a number', nilai(m.id_evaluasi, mine, 'abc'), { table: 'rapor' }],
      ['bad nilai_id', nilai(m.id_evaluasi, mine, 80, 'x'), { table: 'rapor' }],
    ];
    for (const [what, body, query] of bad) {
      const res = await wsPost(s, 'postNilai', body, query);
      expect(res.statusCode, what).toBe(200);
      expect(res.json().success, what).toBe(false);
    }
    expect(s.state.nilai.size).toBe(0);
    // One nilai_id cannot name two grades.
    const first = nilai(m.id_evaluasi, mine, 80);
    expect((await wsPost(s, 'postNilai', first, { table: 'rapor' })).json().success).toBe(true);
    const second = r.anggota_rombel[1]?.anggota_rombel_id as string;
    const clash = await wsPost(s, 'postNilai', nilai(m.id_evaluasi, second, 70, first.nilai_id), {
      table: 'rapor',
    });
    expect(clash.json().success).toBe(false);
  });
});

describe('grades push over a flaky network (real HTTP)', () => {
  const post = (url: string, name: string, body: unknown, query = '') =>
    fetch(`${url}/WebService/${name}?npsn=${NPSN}&semester_id=20251${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(3_000),
    });

  it('the answer is lost after the grade was stored: the retry with the same ids leaves one grade', async () => {
    const s = sim({ port: 0 });
    const url = await s.listen();
    const r = kelas(s);
    const m = matev(r, topLevel(r)[0] as Pembelajaran);
    expect(((await (await post(url, 'postMatevRapor', m)).json()) as { success: boolean }).success).toBe(
      true,
    );
    await admin(s, 'POST', 'faults', { endpoint: 'postNilai', mode: 'lost-response', count: 1 });
    const n = nilai(m.id_evaluasi, r.anggota_rombel[0]?.anggota_rombel_id as string, 77);
    await expect(post(url, 'postNilai', n, '&table=rapor')).rejects.toThrow();
    expect(s.state.nilai.size).toBe(1); // it did arrive
    const retry = await post(url, 'postNilai', n, '&table=rapor');
    expect(((await retry.json()) as { success: boolean }).success).toBe(true);
    const view = await grades(s);
    expect(view.grades).toHaveLength(1);
    expect(view.grades[0]?.writes).toBe(2);
    expect(view.duplicates).toBe(0);
  });

  it('a hang before processing stores nothing; the retry stores the grade once', async () => {
    const s = sim({ port: 0 });
    const url = await s.listen();
    const r = kelas(s);
    const m = matev(r, topLevel(r)[0] as Pembelajaran);
    await post(url, 'postMatevRapor', m);
    await admin(s, 'POST', 'faults', { endpoint: 'WebService/postNilai', mode: 'timeout:300', count: 1 });
    const n = nilai(m.id_evaluasi, r.anggota_rombel[0]?.anggota_rombel_id as string, 90);
    await expect(post(url, 'postNilai', n, '&table=rapor')).rejects.toThrow();
    expect(s.state.nilai.size).toBe(0);
    await post(url, 'postNilai', n, '&table=rapor');
    expect((await grades(s)).grades).toHaveLength(1);
  });
});

describe('--prefill-matev', () => {
  it('starts with one template matev per top-level pembelajaran of every class and elective', async () => {
    const s = sim({ prefillMatev: true });
    const expected = s.state.school.rombongan_belajar
      .filter((r) => r.jenis_rombel === 1 || r.jenis_rombel === 16)
      .reduce((n, r) => n + topLevel(r).length, 0);
    const body = (await wsGet(s, 'getMatevNilai', { a_dari_template: 1 })).json();
    expect(body.results).toBe(expected);
    const r = kelas(s);
    const row = body.rows.find(
      (m: { rombongan_belajar_id: string }) => m.rombongan_belajar_id === r.rombongan_belajar_id,
    );
    const res = await wsPost(
      s,
      'postNilai',
      nilai(row.id_evaluasi, r.anggota_rombel[0]?.anggota_rombel_id as string, 88),
      {
        table: 'rapor',
      },
    );
    expect(res.json().success).toBe(true);
    // Prefilled ids are deterministic.
    const again = sim({ prefillMatev: true });
    expect((await wsGet(again, 'getMatevNilai')).body).toBe((await wsGet(s, 'getMatevNilai')).body);
  });
});
