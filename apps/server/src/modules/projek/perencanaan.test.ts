import { MESSAGES } from '@erapor/contract/errors';
import {
  PROJEK_MESSAGES,
  type RencanaProjekDetail,
  type RencanaProjekList,
  type RencanaProjekSaved,
  type SubElemenList,
} from '@erapor/contract/projek/perencanaan';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows';
import { bearer, describeEngines, json } from '../../test/engines';
import { withKelasLocked } from '../../test/gate';
import { P5_SEMESTER, type P5Fixture, p5Fixture } from './test-p5';

type Body = { message: string; code?: string; details?: Record<string, string> };

/** Six sub-elements of three dimensions: Beriman (1: 1, 4), Bernalar kritis (2: 36, 38), Mandiri (3: 29, 31). */
const SIX = [
  { elemen: 1, sub_elemen: 1 },
  { elemen: 2, sub_elemen: 4 },
  { elemen: 15, sub_elemen: 36 },
  { elemen: 16, sub_elemen: 38 },
  { elemen: 13, sub_elemen: 29 },
  { elemen: 14, sub_elemen: 31 },
];

describeEngines('P5: Rencana Penilaian P5', {}, (t) => {
  let f: P5Fixture;
  beforeAll(async () => {
    f = await p5Fixture(t().app, t().db.db, 'rencana');
  });

  const call = async <T = Body>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) => {
    const res = await t().app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const counts = async () => {
    const [row] = await sqlRows<{ r: number; a: number; n: number }>(
      t().db.db,
      sql`select (select count(*)::int from rencana_budaya_kerja) as r, (select count(*)::int from aspek_budaya_kerja) as a,
        (select count(*)::int from nilai_budaya_kerja) as n`,
    );
    return row;
  };
  const body = (over: Record<string, unknown> = {}) => ({
    rombongan_belajar_id: f.kelas.id,
    pembelajaran_id: f.kelas.themes[0]?.id,
    nama: 'Gaya Hidup Berkelanjutan',
    deskripsi: 'Memilah sampah sekolah dan membuat kompos.',
    no_urut: 1,
    sub_elemen: SIX,
    ...over,
  });

  it('the checklist has the 42 sub-elements, each under its dimension, ordered by dimension', async () => {
    const res = await call<SubElemenList>('GET', '/api/projek/sub-elemen', f.tokens.koord);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(42);
    const sub36 = res.body.data.find((s) => s.sub_elemen === 36);
    expect(sub36).toMatchObject({ dimensi_no: 2, dimensi: 'Bernalar kritis', elemen: 15 });
    expect(res.body.data.map((s) => s.dimensi_no)).toEqual(
      [...res.body.data.map((s) => s.dimensi_no)].sort(),
    );
  });

  it('the cascade offers only the classes whose P5 the caller teaches, and their themes', async () => {
    const res = await call<{ rombel: { value: string }[]; tema: { value: string; label: string }[] }>(
      'GET',
      `/api/projek/pilihan?tingkat=${f.kelas.tingkat}&rombongan_belajar_id=${f.kelas.id}`,
      f.tokens.koord,
    );
    expect(res.status).toBe(200);
    expect(res.body.rombel.map((r) => r.value)).toEqual([f.kelas.id]);
    expect(res.body.tema.map((r) => r.value)).toEqual(f.kelas.themes.map((x) => x.id));
    const theirs = await call(
      'GET',
      `/api/projek/pilihan?rombongan_belajar_id=${f.other.id}`,
      f.tokens.koord,
    );
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe(PROJEK_MESSAGES.notCoordinator);
  });

  it('refuses an empty form field by field with e-Rapor messages, writing nothing', async () => {
    const before = await counts();
    const res = await call('POST', '/api/projek/rencana', f.tokens.koord, {
      rombongan_belajar_id: f.kelas.id,
      pembelajaran_id: '',
      nama: ' ',
      deskripsi: '',
      sub_elemen: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({
      pembelajaran_id: 'Tema tidak boleh kosong!!',
      nama: 'Nama Projek tidak boleh kosong!!',
      deskripsi: 'Deskripsi Projek tidak boleh kosong!!',
      no_urut: 'Nomor Urut Projek tidak boleh kosong!!',
      sub_elemen: PROJEK_MESSAGES.subElemenRequired,
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses another class's theme and a sub-element of another element, writing nothing", async () => {
    const before = await counts();
    const res = await call('POST', '/api/projek/rencana', f.tokens.koord, {
      ...body(),
      pembelajaran_id: f.other.themes[0]?.id,
      sub_elemen: [
        { elemen: 1, sub_elemen: 1 },
        { elemen: 2, sub_elemen: 36 },
        { elemen: 1, sub_elemen: 99 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      pembelajaran_id: PROJEK_MESSAGES.temaNotOfRombel,
      'sub_elemen.1': PROJEK_MESSAGES.subElemenOtherElemen,
      'sub_elemen.2': PROJEK_MESSAGES.subElemenUnknown,
    });
    expect(await counts()).toEqual(before);
  });

  let rencanaId = '';
  it('plans a project with six sub-elements of three dimensions; lists it; Nomor Urut is unique in the class', async () => {
    const res = await call<RencanaProjekSaved>('POST', '/api/projek/rencana', f.tokens.koord, body());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Rencana Projek Pancasila berhasil disimpan');
    rencanaId = res.body.data.rencana_budaya_kerja_id;
    expect(res.body.data).toMatchObject({
      kelas: f.kelas.nama,
      tema: f.kelas.themes[0]?.nama,
      jml_sub_elemen: 6,
      no_urut: 1,
    });
    expect(new Set(res.body.data.sub_elemen.map((s) => s.dimensi_no))).toEqual(new Set([1, 2, 3]));
    const list = await call<RencanaProjekList>('GET', '/api/projek/rencana?sort_by=no_urut', f.tokens.koord);
    expect(list.body).toMatchObject({ total: 1, writable: true });
    expect(list.body.data[0]).toMatchObject({ nama: 'Gaya Hidup Berkelanjutan', jml_sub_elemen: 6 });
    const none = await call<RencanaProjekList>('GET', '/api/projek/rencana', f.tokens.koordOther);
    expect(none.body.total).toBe(0);
    const before = await counts();
    const dup = await call('POST', '/api/projek/rencana', f.tokens.koord, body({ nama: 'Kedua' }));
    expect(dup.status).toBe(422);
    expect(dup.body.details).toEqual({ no_urut: PROJEK_MESSAGES.noUrutTaken(1) });
    expect(await counts()).toEqual(before);
  });

  it('an edit that drops a scored sub-element first says how many scores go, then removes them', async () => {
    const db = t().db.db;
    const [aspek] = await sqlRows<{ id: string }>(
      db,
      sql`select aspek_budaya_kerja_id as id from aspek_budaya_kerja where rencana_budaya_kerja_id = ${rencanaId} and elemen_id = 1`,
    );
    const [m1, m2] = f.kelas.members;
    await db.execute(sql`insert into nilai_budaya_kerja (sekolah_id, anggota_rombel_id, aspek_budaya_kerja_id, opsi_id)
      values (${f.demo.sekolahId}, ${m1?.id}, ${aspek?.id}, 2), (${f.demo.sekolahId}, ${m2?.id}, ${aspek?.id}, 4)`);
    const detail = await call<RencanaProjekDetail>('GET', `/api/projek/rencana/${rencanaId}`, f.tokens.koord);
    expect(detail.body.jml_nilai).toBe(2);
    const edit = {
      nama: 'Gaya Hidup Berkelanjutan 2',
      deskripsi: 'Baru',
      no_urut: 2,
      sub_elemen: SIX.slice(1),
      updated_at: detail.body.updated_at,
    };
    const before = await counts();
    const ask = await call('PUT', `/api/projek/rencana/${rencanaId}`, f.tokens.koord, edit);
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(PROJEK_MESSAGES.dropScores(2, 1));
    expect(ask.body.details).toEqual({ jumlah_nilai: '2' });
    expect(await counts()).toEqual(before);
    const ok = await call<RencanaProjekSaved>('PUT', `/api/projek/rencana/${rencanaId}`, f.tokens.koord, {
      ...edit,
      konfirmasi_hapus_nilai: 2,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Rencana Projek Pancasila berhasil diperbaharui');
    expect(ok.body.data).toMatchObject({ no_urut: 2, jml_sub_elemen: 5, jml_nilai: 0 });
    // Both removed scores are in the Riwayat Perubahan Nilai, as the P5 grid names them (opsi 2 is
    // MB, 4 is SAB); the refused edit left none.
    const history = await sqlRows<{ ar: string; kunci: string; lama: string; baru: string | null }>(
      db,
      sql`select anggota_rombel_id as ar, kunci, nilai_lama as lama, nilai_baru as baru from riwayat_nilai
        where jenis = 'p5' and sumber = 'layar' order by nilai_lama`,
    );
    expect(history).toEqual([
      { ar: m1?.id, kunci: aspek?.id, lama: 'MB', baru: null },
      { ar: m2?.id, kunci: aspek?.id, lama: 'SAB', baru: null },
    ]);
    // What was loaded before this edit is stale now.
    const stale = await call('PUT', `/api/projek/rencana/${rencanaId}`, f.tokens.koord, {
      ...edit,
      nama: 'X',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PROJEK_MESSAGES.stale);
  });

  it('the class lock closes planning (423), the record unchanged', async () => {
    await withKelasLocked(t().db.db, f.kelas.id, async () => {
      const res = await call('POST', '/api/projek/rencana', f.tokens.koord, body({ no_urut: 5 }));
      expect(res.status).toBe(423);
      expect(res.body.message).toBe('Penilaian tidak aktif. Silahkan hubungi Wali Kelas!');
    });
  });

  it('every other role gets 403, another class’s coordinator included; from 20251 writes are refused (409)', async () => {
    const before = await counts();
    for (const who of ['admin', 'guru', 'wali', 'waka', 'kaprog', 'siswa'] as const) {
      for (const [method, url, payload] of [
        ['GET', '/api/projek/rencana', undefined],
        ['GET', '/api/projek/sub-elemen', undefined],
        ['GET', `/api/projek/rencana/${rencanaId}`, undefined],
        ['POST', '/api/projek/rencana', body({ no_urut: 7 })],
        [
          'PUT',
          `/api/projek/rencana/${rencanaId}`,
          { nama: 'X', deskripsi: 'X', no_urut: 9, sub_elemen: SIX },
        ],
        ['DELETE', `/api/projek/rencana/${rencanaId}`, undefined],
      ] as const) {
        const res = await call(method, url, f.tokens[who], payload);
        expect(res.status, `${who} ${method} ${url}`).toBe(403);
        expect(res.body.message).toBe(MESSAGES.forbidden);
      }
    }
    for (const [method, url, payload] of [
      ['GET', `/api/projek/rencana/${rencanaId}`, undefined],
      ['POST', '/api/projek/rencana', body({ no_urut: 7 })],
      ['PUT', `/api/projek/rencana/${rencanaId}`, { nama: 'X', deskripsi: 'X', no_urut: 9, sub_elemen: SIX }],
      ['DELETE', `/api/projek/rencana/${rencanaId}`, undefined],
    ] as const) {
      const res = await call(method, url, f.tokens.koordOther, payload);
      expect(res.status, `koordOther ${method} ${url}`).toBe(403);
      expect(res.body.message).toBe(PROJEK_MESSAGES.notCoordinator);
    }
    const fresh = await call('POST', '/api/projek/rencana', f.tokens.koordNew, {
      ...body(),
      rombongan_belajar_id: f.kelasNew.id,
      pembelajaran_id: f.kelasNew.themes[0]?.id,
    });
    expect(fresh.status).toBe(409);
    expect(fresh.body.message).toBe(PROJEK_MESSAGES.readOnly);
    const list = await call<RencanaProjekList>('GET', '/api/projek/rencana', f.tokens.koordNew);
    expect(list.status).toBe(200);
    expect(list.body.writable).toBe(false);
    expect(await counts()).toEqual(before);
    expect(P5_SEMESTER < '20251').toBe(true);
  });

  it('deleting a project with scores asks first, then takes aspek, scores and notes along', async () => {
    const db = t().db.db;
    const [aspek] = await sqlRows<{ id: string }>(
      db,
      sql`select aspek_budaya_kerja_id as id from aspek_budaya_kerja where rencana_budaya_kerja_id = ${rencanaId} limit 1`,
    );
    const [m1] = f.kelas.members;
    await db.execute(sql`insert into nilai_budaya_kerja (sekolah_id, anggota_rombel_id, aspek_budaya_kerja_id, opsi_id)
      values (${f.demo.sekolahId}, ${m1?.id}, ${aspek?.id}, 3)`);
    await db.execute(sql`insert into catatan_budaya_kerja (sekolah_id, anggota_rombel_id, rencana_budaya_kerja_id, catatan)
      values (${f.demo.sekolahId}, ${m1?.id}, ${rencanaId}, 'Aktif')`);
    const ask = await call('DELETE', `/api/projek/rencana/${rencanaId}`, f.tokens.koord);
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(PROJEK_MESSAGES.deleteScores(1));
    const ok = await call(
      'DELETE',
      `/api/projek/rencana/${rencanaId}?konfirmasi_hapus_nilai=1`,
      f.tokens.koord,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Rencana Projek Pancasila berhasil dihapus');
    expect(await counts()).toEqual({ r: 0, a: 0, n: 0 });
    const [notes] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from catatan_budaya_kerja where rencana_budaya_kerja_id is not null`,
    );
    expect(notes?.n).toBe(0);
  });
});
