import type { PaketDetail, PaketList, PaketPilihan } from '@erapor/contract/ukk/paket';
import { PAKET_MESSAGES } from '@erapor/contract/ukk/paket';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rombonganBelajar } from '../../db/tables/referensi';
import { refPaketUkk, rencanaUkk, unitUkk } from '../../db/tables/ukk';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';

const PAKET = '/api/ukk/paket';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const NASIONAL = id(0xa01);

type Body = { message: string; details?: Record<string, string> };

describeEngines('UKK: Paket UKK', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let jurusanId = '';
  let kurikulum: number[] = [];
  let rombel12 = '';

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
  const count = async () => {
    const db = t().db.db;
    const [p] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(refPaketUkk);
    const [u] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(unitUkk);
    return { paket: p?.n, unit: u?.n };
  };
  const paketId = async (nomor: string) => {
    const [row] = await t()
      .db.db.select({ id: refPaketUkk.paketUkkId })
      .from(refPaketUkk)
      .where(eq(refPaketUkk.nomorPaket, nomor));
    if (!row) throw new Error(`no package ${nomor}`);
    return row.id;
  };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    for (const key of ['admin', 'guru', 'wali', 'siswa', 'pkl', 'waka', 'kaprog'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const rombels = await db
      .select({
        id: rombonganBelajar.rombonganBelajarId,
        jurusan: rombonganBelajar.jurusanId,
        kur: rombonganBelajar.kurikulumId,
      })
      .from(rombonganBelajar)
      .where(and(eq(rombonganBelajar.tingkat, 12), eq(rombonganBelajar.semesterId, demo.semesterId)));
    jurusanId = rombels[0]?.jurusan ?? '';
    kurikulum = [...new Set(rombels.map((r) => r.kur ?? 0))].sort();
    rombel12 = rombels[0]?.id ?? '';
    // A national package (sekolah_id null) of the same programme.
    await db.insert(refPaketUkk).values({
      paketUkkId: NASIONAL,
      sekolahId: null,
      jurusanId,
      kurikulumId: kurikulum[0] ?? 0,
      nomorPaket: 'N1',
      namaPaketId: 'Paket Nasional',
      namaPaketEn: 'National Package',
    });
    await db
      .insert(unitUkk)
      .values({ paketUkkId: NASIONAL, kodeUnit: 'N.01', namaUnitId: 'Unit', namaUnitEn: 'Unit' });
  });

  it('offers the programmes with tingkat 12 classes this semester and their curricula', async () => {
    const res = await call('kaprog', 'GET', `${PAKET}/pilihan`);
    expect(res.statusCode).toBe(200);
    const body = json<PaketPilihan>(res);
    expect(body.jurusan.map((j) => j.value)).toEqual([jurusanId]);
    expect(body.jurusan[0]?.kurikulum.map((k) => Number(k.value)).sort()).toEqual(kurikulum);
  });

  it('creates several packages at once and lists them beside the national one', async () => {
    const res = await call('kaprog', 'POST', PAKET, {
      jurusan_id: jurusanId,
      kurikulum_id: kurikulum[0],
      paket: [
        {
          nomor_paket: '1',
          nama_paket_id: 'Instalasi Jaringan',
          nama_paket_en: 'Network Installation',
          status: 1,
        },
        { nomor_paket: '2', nama_paket_id: 'Server Linux', nama_paket_en: 'Linux Server', status: 0 },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(json<Body>(res).message).toBe(PAKET_MESSAGES.saved);
    const list = json<PaketList>(await call('kaprog', 'GET', `${PAKET}?sort_by=nomor_paket`));
    expect(list.total).toBe(3);
    expect(list.data.map((p) => [p.nomor_paket, p.status, p.nasional, p.jml_unit])).toEqual([
      ['1', 1, false, 0],
      ['2', 0, false, 0],
      ['N1', 1, true, 1],
    ]);
    const search = json<PaketList>(await call('kaprog', 'GET', `${PAKET}?q=linux`));
    expect(search.data.map((p) => p.nomor_paket)).toEqual(['2']);
  });

  it('refuses a taken nomor paket (also the national one), empty fields and a programme without tingkat 12', async () => {
    const before = await count();
    const taken = await call('kaprog', 'POST', PAKET, {
      jurusan_id: jurusanId,
      kurikulum_id: kurikulum[0],
      paket: [
        { nomor_paket: '3', nama_paket_id: 'A', nama_paket_en: 'A', status: 1 },
        { nomor_paket: 'n1', nama_paket_id: 'B', nama_paket_en: 'B', status: 1 },
      ],
    });
    expect(taken.statusCode).toBe(422);
    expect(json<Body>(taken).details?.['paket.1.nomor_paket']).toBe(PAKET_MESSAGES.nomorTaken('n1'));
    const empty = await call('kaprog', 'POST', PAKET, {
      jurusan_id: '',
      kurikulum_id: kurikulum[0],
      paket: [{ nomor_paket: ' ', nama_paket_id: '', nama_paket_en: 'x', status: 1 }],
    });
    expect(empty.statusCode).toBe(400);
    expect(json<Body>(empty).details).toMatchObject({
      jurusan_id: PAKET_MESSAGES.jurusanRequired,
      'paket.0.nomor_paket': PAKET_MESSAGES.nomorRequired,
      'paket.0.nama_paket_id': PAKET_MESSAGES.namaIdRequired,
    });
    const twice = await call('kaprog', 'POST', PAKET, {
      jurusan_id: jurusanId,
      kurikulum_id: kurikulum[0],
      paket: [
        { nomor_paket: '7', nama_paket_id: 'A', nama_paket_en: 'A', status: 1 },
        { nomor_paket: '7', nama_paket_id: 'B', nama_paket_en: 'B', status: 1 },
      ],
    });
    expect(json<Body>(twice).details?.['paket.1.nomor_paket']).toBe(PAKET_MESSAGES.nomorDuplicateForm);
    const notOffered = await call('kaprog', 'POST', PAKET, {
      jurusan_id: '99999999',
      kurikulum_id: kurikulum[0],
      paket: [{ nomor_paket: '9', nama_paket_id: 'A', nama_paket_en: 'A', status: 1 }],
    });
    expect(notOffered.statusCode).toBe(422);
    expect(json<Body>(notOffered).details?.jurusan_id).toBe(PAKET_MESSAGES.jurusanNotOffered);
    // Another curriculum of the programme may reuse the number.
    expect(await count()).toEqual(before);
  });

  it('adds units, refuses a kode unit twice, and edits package and units in one save', async () => {
    const p1 = await paketId('1');
    const add = await call('kaprog', 'POST', `${PAKET}/${p1}/unit`, {
      units: [
        { kode_unit: 'J.01', nama_unit_id: 'Memasang kabel', nama_unit_en: 'Installing cables' },
        { kode_unit: 'J.02', nama_unit_id: 'Konfigurasi router', nama_unit_en: 'Configuring a router' },
      ],
    });
    expect(add.statusCode).toBe(201);
    expect(json<Body>(add).message).toBe(PAKET_MESSAGES.unitSaved);
    const before = await count();
    const again = await call('kaprog', 'POST', `${PAKET}/${p1}/unit`, {
      units: [{ kode_unit: 'j.01', nama_unit_id: 'x', nama_unit_en: 'x' }],
    });
    expect(again.statusCode).toBe(422);
    expect(json<Body>(again).details?.['units.0.kode_unit']).toBe(PAKET_MESSAGES.kodeUnitTaken('j.01'));
    expect(await count()).toEqual(before);

    const detail = json<PaketDetail>(await call('kaprog', 'GET', `${PAKET}/${p1}`));
    expect(detail.units.map((u) => u.kode_unit)).toEqual(['J.01', 'J.02']);
    const [u1] = detail.units;
    const upd = await call('kaprog', 'PUT', `${PAKET}/${p1}`, {
      nomor_paket: '1A',
      nama_paket_id: 'Instalasi Jaringan LAN',
      nama_paket_en: 'LAN Installation',
      status: 1,
      units: [
        {
          unit_ukk_id: u1?.unit_ukk_id,
          kode_unit: 'J.01',
          nama_unit_id: 'Memasang kabel UTP',
          nama_unit_en: 'Installing UTP',
        },
        { kode_unit: 'J.03', nama_unit_id: 'Uji koneksi', nama_unit_en: 'Testing a connection' },
      ],
    });
    expect(upd.statusCode).toBe(200);
    expect(json<Body>(upd).message).toBe(PAKET_MESSAGES.updated);
    const after = json<PaketDetail>(await call('kaprog', 'GET', `${PAKET}/${p1}`));
    expect(after.nomor_paket).toBe('1A');
    expect(after.units.map((u) => [u.unit_ukk_id === u1?.unit_ukk_id, u.kode_unit, u.nama_unit_id])).toEqual([
      [true, 'J.01', 'Memasang kabel UTP'],
      [false, 'J.03', 'Uji koneksi'],
    ]);
    // Renaming onto another package's number is refused, nothing changes.
    const clash = await call('kaprog', 'PUT', `${PAKET}/${p1}`, { ...after, nomor_paket: '2', units: [] });
    expect(clash.statusCode).toBe(422);
    expect(json<Body>(clash).details?.nomor_paket).toBe(PAKET_MESSAGES.nomorTaken('2'));
    expect((await count()).unit).toBe(before.unit);
  });

  it('switches status with the reference message', async () => {
    const p2 = await paketId('2');
    const on = await call('kaprog', 'PUT', `${PAKET}/${p2}/status`, { status: 1 });
    expect(json<Body>(on).message).toBe(PAKET_MESSAGES.activated);
    const off = await call('kaprog', 'PUT', `${PAKET}/${p2}/status`, { status: 0 });
    expect(json<Body>(off).message).toBe(PAKET_MESSAGES.deactivated);
  });

  it('keeps national packages read-only', async () => {
    const before = await count();
    for (const [method, url, payload] of [
      ['PUT', `${PAKET}/${NASIONAL}/status`, { status: 0 }],
      [
        'POST',
        `${PAKET}/${NASIONAL}/unit`,
        { units: [{ kode_unit: 'X', nama_unit_id: 'x', nama_unit_en: 'x' }] },
      ],
      ['DELETE', `${PAKET}/${NASIONAL}`, undefined],
    ] as const) {
      const res = await call('kaprog', method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(json<Body>(res).message).toBe(PAKET_MESSAGES.nasional);
    }
    expect(await count()).toEqual(before);
    expect((await call('kaprog', 'GET', `${PAKET}/${NASIONAL}`)).statusCode).toBe(200);
  });

  it('does not delete a package a plan uses; deletes an unused one with its units', async () => {
    const p1 = await paketId('1A');
    const guruId = demo.accounts.guru.guruId ?? '';
    await t().db.db.insert(rencanaUkk).values({
      sekolahId: demo.sekolahId,
      semesterId: demo.semesterId,
      rombonganBelajarId: rombel12,
      paketUkkId: p1,
      internal: guruId,
      eksternal: guruId,
      tanggalSertifikat: '2026-06-01',
    });
    const before = await count();
    const used = await call('kaprog', 'DELETE', `${PAKET}/${p1}`);
    expect(used.statusCode).toBe(409);
    expect(json<Body>(used).message).toBe(PAKET_MESSAGES.used(1));
    expect(await count()).toEqual(before);
    const p2 = await paketId('2');
    const ok = await call('kaprog', 'DELETE', `${PAKET}/${p2}`);
    expect(json<Body>(ok).message).toBe(PAKET_MESSAGES.deleted);
    expect((await count()).paket).toBe((before.paket ?? 0) - 1);
    expect((await call('kaprog', 'GET', `${PAKET}/${p2}`)).statusCode).toBe(404);
  });

  describe('authorization: only a Kaprog of the school', () => {
    it.each(['admin', 'guru', 'wali', 'waka', 'pkl', 'siswa'])(
      '%s gets 403 on every endpoint',
      async (who) => {
        const p1 = await paketId('1A');
        const before = await count();
        const calls = [
          call(who, 'GET', PAKET),
          call(who, 'GET', `${PAKET}/pilihan`),
          call(who, 'GET', `${PAKET}/${p1}`),
          call(who, 'POST', PAKET, {
            jurusan_id: jurusanId,
            kurikulum_id: kurikulum[0],
            paket: [{ nomor_paket: '8', nama_paket_id: 'A', nama_paket_en: 'A', status: 1 }],
          }),
          call(who, 'PUT', `${PAKET}/${p1}`, {
            nomor_paket: '8',
            nama_paket_id: 'A',
            nama_paket_en: 'A',
            status: 1,
            units: [],
          }),
          call(who, 'PUT', `${PAKET}/${p1}/status`, { status: 0 }),
          call(who, 'POST', `${PAKET}/${p1}/unit`, {
            units: [{ kode_unit: 'Z', nama_unit_id: 'z', nama_unit_en: 'z' }],
          }),
          call(who, 'DELETE', `${PAKET}/${p1}`),
        ];
        for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
        expect(await count()).toEqual(before);
      },
    );
  });
});
