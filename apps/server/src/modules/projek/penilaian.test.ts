import { MESSAGES } from '@erapor/contract/errors';
import { type NilaiProjekGrid, P5_NILAI_MESSAGES } from '@erapor/contract/projek/penilaian';
import { PROJEK_MESSAGES, type RencanaProjekSaved } from '@erapor/contract/projek/perencanaan';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows';
import { bearer, describeEngines, json } from '../../test/engines';
import { withKelasLocked, withPenilaianClosed } from '../../test/gate';
import { P5_SEMESTER, type P5Fixture, p5Fixture } from './test-p5';

type Body = { message: string; details?: Record<string, string>; saved?: number; deleted?: number };

describeEngines('P5: Proses Penilaian P5', {}, (t) => {
  let f: P5Fixture;
  let grid: NilaiProjekGrid;
  let otherAspek = '';
  const url = () => `/api/projek/penilaian/${f.kelas.id}`;

  const call = async <T = Body>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    token: string,
    payload?: unknown,
  ) => {
    const res = await t().app.inject({
      method,
      url: path,
      headers: bearer(token),
      ...(payload ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const stored = () =>
    sqlRows<{ ar: string; aspek: string; opsi: number }>(
      t().db.db,
      sql`select anggota_rombel_id as ar, aspek_budaya_kerja_id as aspek, opsi_id as opsi from nilai_budaya_kerja order by 1, 2`,
    );
  const notes = () =>
    sqlRows<{ ar: string; catatan: string }>(
      t().db.db,
      sql`select anggota_rombel_id as ar, catatan from catatan_budaya_kerja where rencana_budaya_kerja_id is not null order by 1`,
    );
  const plan = async (
    token: string,
    kelas: P5Fixture['kelas'],
    no: number,
    sub: { elemen: number; sub_elemen: number }[],
  ) => {
    const res = await call<RencanaProjekSaved>('POST', '/api/projek/rencana', token, {
      rombongan_belajar_id: kelas.id,
      pembelajaran_id: kelas.themes[0]?.id,
      nama: `Projek ${no}`,
      deskripsi: `Deskripsi projek ${no}`,
      no_urut: no,
      sub_elemen: sub,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };

  beforeAll(async () => {
    f = await p5Fixture(t().app, t().db.db, 'nilai');
    await plan(f.tokens.koord, f.kelas, 1, [
      { elemen: 1, sub_elemen: 1 },
      { elemen: 13, sub_elemen: 29 },
    ]);
    await plan(f.tokens.koord, f.kelas, 2, [{ elemen: 15, sub_elemen: 36 }]);
    const other = await plan(f.tokens.koordOther, f.other, 1, [{ elemen: 1, sub_elemen: 2 }]);
    const [row] = await sqlRows<{ id: string }>(
      t().db.db,
      sql`select aspek_budaya_kerja_id as id from aspek_budaya_kerja where rencana_budaya_kerja_id = ${other.rencana_budaya_kerja_id}`,
    );
    otherAspek = row?.id ?? '';
  });

  it('the grid: the four levels MB, SB, BSH, SAB with their descriptions, projects by no urut, the class', async () => {
    const res = await call<NilaiProjekGrid>('GET', url(), f.tokens.koord);
    expect(res.status).toBe(200);
    grid = res.body;
    expect(grid.opsi.map((o) => o.kode)).toEqual(['MB', 'SB', 'BSH', 'SAB']);
    expect(grid.opsi.every((o) => o.deskripsi.length > 0)).toBe(true);
    expect(grid.rencana.map((r) => [r.no_urut, r.aspek.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(grid.rencana[0]?.aspek[0]).toMatchObject({
      dimensi: expect.stringContaining('Bertakwa'),
      elemen: 'Akhlak beragama',
    });
    expect(grid.siswa.map((s) => s.anggota_rombel_id)).toEqual(f.kelas.members.map((m) => m.id));
    expect(grid).toMatchObject({ writable: true, can_edit: true });
    const list = await call<{ data: { rombongan_belajar_id: string }[] }>(
      'GET',
      '/api/projek/penilaian/rombel',
      f.tokens.koord,
    );
    expect(list.body.data.map((r) => r.rombongan_belajar_id)).toContain(f.kelas.id);
    expect(list.body.data.map((r) => r.rombongan_belajar_id)).not.toContain(f.other.id);
  });

  it('saves codes, names and ids and the Catatan proses in one go; emptied cells are removed', async () => {
    const [a1, a2] = grid.rencana[0]?.aspek ?? [];
    const a3 = grid.rencana[1]?.aspek[0];
    const [m1, m2] = f.kelas.members;
    const p1 = grid.rencana[0]?.rencana_budaya_kerja_id;
    const res = await call('PUT', url(), f.tokens.koord, {
      rows: [
        {
          anggota_rombel_id: m1?.id,
          aspek_budaya_kerja_id: a1?.aspek_budaya_kerja_id,
          nilai: 'MB',
          sebelumnya: null,
        },
        {
          anggota_rombel_id: m1?.id,
          aspek_budaya_kerja_id: a2?.aspek_budaya_kerja_id,
          nilai: 'sangat berkembang',
          sebelumnya: null,
        },
        {
          anggota_rombel_id: m2?.id,
          aspek_budaya_kerja_id: a3?.aspek_budaya_kerja_id,
          nilai: 3,
          sebelumnya: null,
        },
        {
          anggota_rombel_id: m1?.id,
          rencana_budaya_kerja_id: p1,
          catatan: '  Aktif memilah sampah. ',
          sebelumnya: null,
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Nilai Projek berhasil disimpan', saved: 4, deleted: 0 });
    const again = await call<NilaiProjekGrid>('GET', url(), f.tokens.koord);
    const s1 = again.body.siswa.find((s) => s.anggota_rombel_id === m1?.id);
    expect(s1?.nilai).toEqual({ [a1?.aspek_budaya_kerja_id ?? '']: 2, [a2?.aspek_budaya_kerja_id ?? '']: 4 });
    expect(s1?.catatan).toEqual({ [p1 ?? '']: 'Aktif memilah sampah.' });
    grid = again.body;
    // Emptying removes the score and the note.
    const del = await call('PUT', url(), f.tokens.koord, {
      rows: [
        {
          anggota_rombel_id: m1?.id,
          aspek_budaya_kerja_id: a1?.aspek_budaya_kerja_id,
          nilai: '',
          sebelumnya: 2,
        },
        {
          anggota_rombel_id: m1?.id,
          rencana_budaya_kerja_id: p1,
          catatan: '',
          sebelumnya: 'Aktif memilah sampah.',
        },
      ],
    });
    expect(del.body).toMatchObject({ saved: 0, deleted: 2 });
    expect(await stored()).toHaveLength(2);
    expect(await notes()).toHaveLength(0);
    // The Riwayat Perubahan Nilai shows the levels by their codes, as the grid does, not opsi ids.
    const riwayat = await sqlRows<{ ar: string; jenis: string; lama: string | null; baru: string | null }>(
      t().db.db,
      sql`select anggota_rombel_id as ar, jenis, nilai_lama as lama, nilai_baru as baru from riwayat_nilai
        where jenis in ('p5', 'p5_catatan') order by riwayat_nilai_id`,
    );
    expect(riwayat.map((r) => [r.ar === m1?.id ? 'm1' : 'm2', r.jenis, r.lama, r.baru])).toEqual([
      ['m1', 'p5', null, 'MB'],
      ['m1', 'p5', null, 'SAB'],
      ['m2', 'p5', null, 'BSH'],
      ['m1', 'p5_catatan', null, 'Aktif memilah sampah.'],
      ['m1', 'p5', 'MB', null],
      ['m1', 'p5_catatan', 'Aktif memilah sampah.', null],
    ]);
  });

  it('refuses opsi 1 (BB) and 9, another class’s sub-element and a non-member, all at once, nothing written', async () => {
    const before = await stored();
    const [a1] = grid.rencana[0]?.aspek ?? [];
    const [m1, m2] = f.kelas.members;
    const res = await call('PUT', url(), f.tokens.koord, {
      rows: [
        {
          anggota_rombel_id: m1?.id,
          aspek_budaya_kerja_id: a1?.aspek_budaya_kerja_id,
          nilai: 1,
          sebelumnya: null,
        },
        {
          anggota_rombel_id: m2?.id,
          aspek_budaya_kerja_id: a1?.aspek_budaya_kerja_id,
          nilai: 9,
          sebelumnya: null,
        },
        { anggota_rombel_id: m2?.id, aspek_budaya_kerja_id: otherAspek, nilai: 'SB', sebelumnya: null },
        {
          anggota_rombel_id: f.other.members[0]?.id,
          aspek_budaya_kerja_id: a1?.aspek_budaya_kerja_id,
          nilai: 'SB',
          sebelumnya: null,
        },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      'rows.0.nilai': P5_NILAI_MESSAGES.opsiBb,
      'rows.1.nilai': P5_NILAI_MESSAGES.opsiInvalid,
      'rows.2.aspek_budaya_kerja_id': P5_NILAI_MESSAGES.aspekNotInRombel,
      'rows.3.anggota_rombel_id': P5_NILAI_MESSAGES.pdNotInRombel,
    });
    expect(await stored()).toEqual(before);
  });

  it('a stale grid is refused (409) naming the pupil, nothing written', async () => {
    const before = await stored();
    const a2 = grid.rencana[0]?.aspek[1];
    const [m1, m2] = f.kelas.members;
    const res = await call('PUT', url(), f.tokens.koord, {
      rows: [
        // m1 holds SAB (4) on a2: this browser loaded nothing there.
        {
          anggota_rombel_id: m1?.id,
          aspek_budaya_kerja_id: a2?.aspek_budaya_kerja_id,
          nilai: 'MB',
          sebelumnya: null,
        },
        {
          anggota_rombel_id: m2?.id,
          aspek_budaya_kerja_id: a2?.aspek_budaya_kerja_id,
          nilai: 'MB',
          sebelumnya: null,
        },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(P5_NILAI_MESSAGES.conflict([m1?.nama ?? '']));
    expect(res.body.details).toEqual({ 'rows.0.nilai': expect.any(String) });
    expect(await stored()).toEqual(before);
  });

  it('the school switch and the class lock close saving (423), nothing written', async () => {
    const before = await stored();
    const [a1] = grid.rencana[0]?.aspek ?? [];
    const body = {
      rows: [
        {
          anggota_rombel_id: f.kelas.members[0]?.id,
          aspek_budaya_kerja_id: a1?.aspek_budaya_kerja_id,
          nilai: 'SB',
          sebelumnya: null,
        },
      ],
    };
    await withPenilaianClosed(
      t().db.db,
      { sekolahId: f.demo.sekolahId, semesterId: P5_SEMESTER },
      async () => {
        const res = await call('PUT', url(), f.tokens.koord, body);
        expect(res.status).toBe(423);
        expect(res.body.message).toBe('Penilaian tidak aktif. Silahkan hubungi administrator!');
      },
    );
    await withKelasLocked(t().db.db, f.kelas.id, async () => {
      const res = await call('PUT', url(), f.tokens.koord, body);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe('Penilaian tidak aktif. Silahkan hubungi Wali Kelas!');
      const read = await call<NilaiProjekGrid>('GET', url(), f.tokens.koord);
      expect(read.body.can_edit).toBe(false);
    });
    expect(await stored()).toEqual(before);
  });

  it('403 for every other role and another class’s coordinator; from 20251 the grid is read-only (409)', async () => {
    const before = await stored();
    const [a1] = grid.rencana[0]?.aspek ?? [];
    const body = {
      rows: [
        {
          anggota_rombel_id: f.kelas.members[0]?.id,
          aspek_budaya_kerja_id: a1?.aspek_budaya_kerja_id,
          nilai: 'SB',
          sebelumnya: null,
        },
      ],
    };
    for (const who of ['admin', 'guru', 'wali', 'waka', 'kaprog', 'siswa'] as const) {
      for (const [method, path] of [
        ['GET', '/api/projek/penilaian/rombel'],
        ['GET', url()],
        ['PUT', url()],
      ] as const) {
        const res = await call(method, path, f.tokens[who], method === 'PUT' ? body : undefined);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
        expect(res.body.message).toBe(MESSAGES.forbidden);
      }
    }
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(method, url(), f.tokens.koordOther, method === 'PUT' ? body : undefined);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PROJEK_MESSAGES.notCoordinator);
    }
    const fresh = await call('PUT', `/api/projek/penilaian/${f.kelasNew.id}`, f.tokens.koordNew, body);
    expect(fresh.status).toBe(409);
    expect(fresh.body.message).toBe(PROJEK_MESSAGES.readOnly);
    const read = await call<NilaiProjekGrid>(
      'GET',
      `/api/projek/penilaian/${f.kelasNew.id}`,
      f.tokens.koordNew,
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ writable: false, can_edit: false });
    expect(await stored()).toEqual(before);
  });
});
