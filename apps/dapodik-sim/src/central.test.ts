import { deflateRawSync, deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeEraporPayload, encodeEraporPayload, PayloadError } from './central/kirim-data.ts';
import type { Simulator } from './simulator.ts';
import { admin, testSimulator } from './test-support.ts';

const sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

const rows = [
  { nilai_akhir_id: 'a1', nilai: 87, nama: "Nur'aini — é" },
  { nilai_akhir_id: 'a2', nilai: 90, nama: 'Budi' },
];

describe('e-Rapor payload encoding: rawurlencode(base64(gzcompress(serialize(json))))', () => {
  it('round-trips, multi-byte characters included', () => {
    const text = encodeEraporPayload(rows);
    expect(text).toMatch(/^[A-Za-z0-9%]+$/);
    expect(decodeEraporPayload(text)).toEqual(rows);
  });

  it('decodes what PHP produces, byte lengths in the serialised header', () => {
    const json = JSON.stringify(rows);
    const php = `s:${Buffer.byteLength(json)}:"${json}";`;
    const b64 = deflateSync(Buffer.from(php)).toString('base64');
    const raw = b64.replace(/\+/g, '%2B').replace(/\//g, '%2F').replace(/=/g, '%3D');
    expect(decodeEraporPayload(raw)).toEqual(rows);
    // Raw deflate and a missing serialise wrapper are tolerated too.
    expect(decodeEraporPayload(deflateRawSync(Buffer.from(json)).toString('base64'))).toEqual(rows);
  });

  it('refuses garbage and a wrong serialised length', () => {
    expect(() => decodeEraporPayload('%%%')).toThrow(PayloadError);
    expect(() => decodeEraporPayload('not base64 !')).toThrow(PayloadError);
    const bad = `s:3:"${JSON.stringify(rows)}";`;
    expect(() => decodeEraporPayload(deflateSync(Buffer.from(bad)).toString('base64'))).toThrow(PayloadError);
  });
});

describe('POST /api/sinkronisasi/kirim-data', () => {
  it('keeps every batch for assertions and answers status:true', async () => {
    const s = testSimulator();
    sims.push(s);
    const base = { sekolah_id: s.state.sekolahId, tahun_ajaran_id: 2025, semester_id: '20251' };
    const post = (payload: Record<string, unknown>) =>
      s.app.inject({ method: 'POST', url: '/api/sinkronisasi/kirim-data', payload });
    const a = await post({ ...base, table: 'nilai_akhir', json: encodeEraporPayload(rows) });
    expect(a.json()).toEqual({ status: true, message: '2 data nilai_akhir berhasil diterima' });
    const b = await post({ ...base, table: 'guru', json: [{ guru_id: 'g1' }] });
    expect(b.json().status).toBe(true);
    // A PHP form post works as well.
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/sinkronisasi/kirim-data',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...base,
        tahun_ajaran_id: '2025',
        table: 'sekolah',
        json: encodeEraporPayload([{ x: 1 }]),
      }).toString(),
    });
    expect(form.json().status).toBe(true);

    const batches = (await admin(s, 'GET', 'kirim-data')).json().batches;
    expect(batches.map((x: { table: string; encoding: string }) => [x.table, x.encoding])).toEqual([
      ['nilai_akhir', 'erapor'],
      ['guru', 'json'],
      ['sekolah', 'erapor'],
    ]);
    expect(batches[0]).toMatchObject({
      sekolah_id: s.state.sekolahId,
      tahun_ajaran_id: '2025',
      semester_id: '20251',
      rows,
    });
    expect((await admin(s, 'GET', 'kirim-data?table=guru')).json().batches).toHaveLength(1);
  });

  it('refuses another school, a missing table and an unreadable payload (nothing kept)', async () => {
    const s = testSimulator();
    sims.push(s);
    const post = (payload: Record<string, unknown>) =>
      s.app.inject({ method: 'POST', url: '/api/sinkronisasi/kirim-data', payload });
    const json = encodeEraporPayload(rows);
    for (const payload of [
      { sekolah_id: 'other', table: 'guru', json },
      { sekolah_id: s.state.sekolahId, json },
      { sekolah_id: s.state.sekolahId, table: 'guru', json: 'AAAA' },
      { sekolah_id: s.state.sekolahId, table: 'guru' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(false);
    }
    expect(s.state.kirimData).toHaveLength(0);
  });
});
