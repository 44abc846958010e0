import type { ListResponse } from '@erapor/contract/list';
import {
  ANGGOTA_MESSAGES,
  type AnggotaResponse,
  PEMBELAJARAN_MESSAGES,
  type PembelajaranResponse,
  type PembelajaranRow,
  type RombelRow,
} from '@erapor/contract/referensi/rombel';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { anggotaRombel, pembelajaran } from '../../../db/tables/referensi';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { orderParentsFirst } from './service';
import { ensureScreenRefs } from './test-refs';

describe('orderParentsFirst', () => {
  it('puts each sub-subject right under its parent, keeping the order otherwise', () => {
    const rows = [
      { pembelajaran_id: 'c1', induk_pembelajaran_id: 'p2' },
      { pembelajaran_id: 'p1', induk_pembelajaran_id: null },
      { pembelajaran_id: 'p2', induk_pembelajaran_id: null },
      { pembelajaran_id: 'c2', induk_pembelajaran_id: 'p2' },
      { pembelajaran_id: 'o', induk_pembelajaran_id: 'gone' },
    ];
    expect(orderParentsFirst(rows).map((r) => r.pembelajaran_id)).toEqual(['p1', 'p2', 'c1', 'c2', 'o']);
  });
});

describeEngines('referensi rombel', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let waliRombel = '';
  let otherRombel = '';
  let subRombel = '';

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    await ensureScreenRefs(t().db.db);
    for (const key of ['admin', 'wali', 'guru', 'siswa', 'waka', 'ekskul'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    waliRombel = demo.school.relations.waliRombelId;
    const regular = demo.school.rombongan_belajar.filter((r) => r.jenis_rombel === 1);
    otherRombel = regular.find((r) => r.rombongan_belajar_id !== waliRombel)?.rombongan_belajar_id ?? '';
    subRombel =
      regular.find((r) => r.pembelajaran.some((p) => p.induk_pembelajaran_id))?.rombongan_belajar_id ?? '';
  });

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const get = <T = Record<string, unknown>>(url: string, who: string) => call<T>('GET', url, who);

  describe('list', () => {
    it('lists regular and elective classes by tingkat and jurusan, searched and sorted in SQL', async () => {
      const regular = demo.school.rombongan_belajar.filter((r) => r.jenis_rombel === 1);
      const res = await get<ListResponse<RombelRow>>(
        '/api/referensi/rombongan-belajar?jenis_rombel=1&per_page=50',
        'admin',
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(regular.length);
      const wali = res.body.data.find((r) => r.rombongan_belajar_id === waliRombel);
      expect(wali).toMatchObject({ tingkat: 10, jenis_rombel: 1 });
      expect(wali?.wali_kelas).toBeTruthy();
      expect(wali?.jumlah_anggota).toBe(
        demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === waliRombel)?.anggota_rombel
          .length,
      );
      const pilihan = await get<ListResponse<RombelRow>>(
        '/api/referensi/rombongan-belajar?jenis_rombel=16',
        'admin',
      );
      expect(pilihan.body.total).toBe(
        demo.school.rombongan_belajar.filter((r) => r.jenis_rombel === 16).length,
      );
      const twelve = await get<ListResponse<RombelRow>>(
        '/api/referensi/rombongan-belajar?tingkat=12',
        'admin',
      );
      expect(twelve.body.data.every((r) => r.tingkat === 12)).toBe(true);
      expect(twelve.body.total).toBe(regular.filter((r) => r.tingkat_pendidikan_id === 12).length);
      const opts = await get<{ tingkat: { value: string }[]; jurusan: { value: string }[] }>(
        '/api/referensi/rombongan-belajar/filter?jenis_rombel=1&tingkat=10',
        'admin',
      );
      expect(opts.body.tingkat.map((o) => o.value)).toEqual(['10', '11', '12']);
      const byJurusan = await get<ListResponse<RombelRow>>(
        `/api/referensi/rombongan-belajar?tingkat=10&jurusan_sp_id=${opts.body.jurusan[0]?.value}`,
        'admin',
      );
      expect(byJurusan.body.data.map((r) => r.rombongan_belajar_id)).toEqual([waliRombel]);
      const search = await get<ListResponse<RombelRow>>('/api/referensi/rombongan-belajar?q=XII', 'admin');
      expect(search.body.data.every((r) => r.nama.includes('XII'))).toBe(true);
      const desc = await get<ListResponse<RombelRow>>(
        '/api/referensi/rombongan-belajar?sort_by=tingkat&sort_dir=desc',
        'admin',
      );
      expect(desc.body.data[0]?.tingkat).toBe(12);
      expect((await get('/api/referensi/rombongan-belajar?sort_by=guru_id', 'admin')).status).toBe(400);
      expect((await get('/api/referensi/rombongan-belajar?jenis_rombel=51', 'admin')).status).toBe(400);
    });

    it('is for admin and waka (Rombel); wali, guru and pupils get 403', async () => {
      expect((await get('/api/referensi/rombongan-belajar', 'waka')).status).toBe(200);
      for (const who of ['wali', 'guru', 'siswa', 'ekskul']) {
        expect((await get('/api/referensi/rombongan-belajar', who)).status).toBe(403);
        expect((await get('/api/referensi/rombongan-belajar/filter', who)).status).toBe(403);
      }
    });
  });

  describe('anggota', () => {
    it('lists the members to admin, waka and the class’s own wali; others 403', async () => {
      const admin = await get<AnggotaResponse>(
        `/api/referensi/rombongan-belajar/${waliRombel}/anggota?per_page=100`,
        'admin',
      );
      expect(admin.status).toBe(200);
      expect(admin.body.can_manage).toBe(true);
      expect(admin.body.data.map((a) => a.peserta_didik_id)).toContain(demo.accounts.siswa.pesertaDidikId);
      const wali = await get<AnggotaResponse>(
        `/api/referensi/rombongan-belajar/${waliRombel}/anggota`,
        'wali',
      );
      expect(wali.status).toBe(200);
      expect(wali.body.can_manage).toBe(false);
      expect((await get(`/api/referensi/rombongan-belajar/${otherRombel}/anggota`, 'wali')).status).toBe(403);
      expect((await get(`/api/referensi/rombongan-belajar/${waliRombel}/anggota`, 'guru')).status).toBe(403);
      expect((await get(`/api/referensi/rombongan-belajar/${waliRombel}/anggota`, 'siswa')).status).toBe(403);
      expect((await get(`/api/referensi/rombongan-belajar/${waliRombel}/anggota`, 'waka')).status).toBe(200);
      expect(
        (await get('/api/referensi/rombongan-belajar/00000000-0000-4000-8000-000000000000/anggota', 'admin'))
          .status,
      ).toBe(404);
    });

    it('pages, searches and sorts the members in SQL', async () => {
      const url = `/api/referensi/rombongan-belajar/${waliRombel}/anggota`;
      const size = demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === waliRombel)
        ?.anggota_rombel.length;
      const page1 = await get<AnggotaResponse>(`${url}?per_page=10`, 'admin');
      expect(page1.body.total).toBe(size);
      expect(page1.body.data.map((a) => a.no)).toEqual(page1.body.data.map((_, i) => i + 1));
      const page2 = await get<AnggotaResponse>(`${url}?per_page=10&page=2`, 'admin');
      expect(page2.body.data[0]?.no).toBe(11);
      const one = page1.body.data[0];
      const found = await get<AnggotaResponse>(`${url}?q=${one?.nisn}`, 'admin');
      expect(found.body.data.map((a) => a.anggota_rombel_id)).toEqual([one?.anggota_rombel_id]);
      const desc = await get<AnggotaResponse>(`${url}?sort_by=nama&sort_dir=desc&per_page=100`, 'admin');
      expect(desc.body.data.at(-1)?.anggota_rombel_id).toBe(one?.anggota_rombel_id);
      expect((await get(`${url}?sort_by=nik`, 'admin')).status).toBe(400);
    });

    it('removes a member for the administrator only, after the server checks it', async () => {
      const { body } = await get<AnggotaResponse>(
        `/api/referensi/rombongan-belajar/${otherRombel}/anggota?per_page=100`,
        'admin',
      );
      const member = body.data[0];
      if (!member) throw new Error('no member');
      const url = `/api/referensi/anggota-rombel/${member.anggota_rombel_id}`;
      for (const who of ['wali', 'waka', 'guru', 'siswa'])
        expect((await call('DELETE', url, who)).status).toBe(403);
      const ok = await call('DELETE', url, 'admin');
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(ANGGOTA_MESSAGES.removed);
      const after = await get<AnggotaResponse>(
        `/api/referensi/rombongan-belajar/${otherRombel}/anggota?per_page=100`,
        'admin',
      );
      expect(after.body.data.map((a) => a.anggota_rombel_id)).not.toContain(member.anggota_rombel_id);
      expect(after.body.total).toBe(body.total - 1);
      // Kept (soft-deleted): grades hang off the membership.
      const [row] = await t()
        .db.db.select()
        .from(anggotaRombel)
        .where(eq(anggotaRombel.anggotaRombelId, member.anggota_rombel_id));
      expect(row?.deletedAt).not.toBeNull();
      expect((await call('DELETE', url, 'admin')).status).toBe(404);
      expect((await call('DELETE', '/api/referensi/anggota-rombel/xyz', 'admin')).status).toBe(400);
    });

    it('lets the ekskul pembina read their own ekskul’s members', async () => {
      const ekskul = demo.school.ekstrakurikuler.find(
        (e) => e.ID_kelas_ekskul === demo.school.relations.ekskulId,
      );
      const other = demo.school.ekstrakurikuler.find(
        (e) => e.ID_kelas_ekskul !== demo.school.relations.ekskulId,
      );
      const own = await get<AnggotaResponse>(
        `/api/referensi/rombongan-belajar/${ekskul?.rombongan_belajar_id}/anggota?per_page=100`,
        'ekskul',
      );
      expect(own.status).toBe(200);
      expect(own.body.rombel.jenis_rombel).toBe(51);
      expect(own.body.data.every((a) => a.kelas)).toBe(true);
      expect(
        (await get(`/api/referensi/rombongan-belajar/${other?.rombongan_belajar_id}/anggota`, 'ekskul'))
          .status,
      ).toBe(403);
    });
  });

  describe('pembelajaran', () => {
    const grid = (id: string, who = 'admin') =>
      get<PembelajaranResponse>(`/api/referensi/rombongan-belajar/${id}/pembelajaran`, who);
    const save = (id: string, rows: object[], who = 'admin') =>
      call('PUT', `/api/referensi/rombongan-belajar/${id}/pembelajaran`, who, { rows });
    const edits = (rows: PembelajaranRow[]) =>
      rows.map((r) => ({
        pembelajaran_id: r.pembelajaran_id,
        nama_mata_pelajaran: r.nama_mata_pelajaran,
        guru_pengajar_id: r.guru_pengajar_id,
        kelompok_id: r.kelompok_id,
        no_urut: r.no_urut,
        updated_at: r.updated_at,
      }));
    const dbRows = async (id: string) =>
      t()
        .db.db.select()
        .from(pembelajaran)
        .where(and(eq(pembelajaran.rombonganBelajarId, id), isNull(pembelajaran.deletedAt)))
        .orderBy(pembelajaran.pembelajaranId);

    it('gives the grid with sub-subjects right under their parent, guru and kelompok choices', async () => {
      const res = await grid(subRombel);
      expect(res.status).toBe(200);
      expect(res.body.can_manage).toBe(true);
      expect(res.body.guru.length).toBeGreaterThan(3);
      expect(res.body.kelompok.map((k) => k.value)).toEqual(['16', '17']); // Merdeka
      const rows = res.body.data;
      const firstChild = rows.findIndex((r) => r.induk_pembelajaran_id);
      expect(firstChild).toBeGreaterThan(0);
      const parentIndex = rows.findIndex(
        (r) => r.pembelajaran_id === rows[firstChild]?.induk_pembelajaran_id,
      );
      expect(rows.slice(parentIndex + 1, firstChild).every((r) => r.induk_pembelajaran_id)).toBe(true);
      expect((await grid(waliRombel, 'wali')).body.can_manage).toBe(false);
      expect((await grid(waliRombel, 'waka')).status).toBe(200);
      expect((await grid(otherRombel, 'wali')).status).toBe(403);
      expect((await grid(waliRombel, 'guru')).status).toBe(403);
      expect((await grid(waliRombel, 'siswa')).status).toBe(403);
    });

    it('saves the whole grid in one go; a stale row answers 409 and nothing is written', async () => {
      const { body } = await grid(waliRombel);
      const rows = edits(body.data);
      const guruId = body.guru[0]?.value ?? null;
      const changed = rows.map((r, i) =>
        i === 0
          ? { ...r, nama_mata_pelajaran: 'Matematika Terapan', guru_pengajar_id: guruId, no_urut: 42 }
          : r,
      );
      for (const who of ['wali', 'waka', 'guru', 'siswa'])
        expect((await save(waliRombel, changed, who)).status).toBe(403);
      const ok = await save(waliRombel, changed);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.message).toBe(PEMBELAJARAN_MESSAGES.saved);
      const [first] = (await dbRows(waliRombel)).filter((r) => r.pembelajaranId === rows[0]?.pembelajaran_id);
      expect(first).toMatchObject({
        namaMataPelajaran: 'Matematika Terapan',
        guruPengajarId: guruId,
        noUrut: 42,
      });

      // Someone else saved meanwhile: the old versions answer 409, the database keeps the newer save.
      const before = await dbRows(waliRombel);
      const stale = await save(
        waliRombel,
        rows.map((r, i) => (i === 1 ? { ...r, no_urut: 77 } : r)),
      );
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(PEMBELAJARAN_MESSAGES.conflict);
      expect(await dbRows(waliRombel)).toEqual(before);
    });

    it('checks every row and reports each bad cell; nothing is written', async () => {
      const { body } = await grid(waliRombel);
      const rows = edits(body.data);
      const before = await dbRows(waliRombel);
      const shape = await save(
        waliRombel,
        rows.map((r, i) =>
          i === 0
            ? { ...r, nama_mata_pelajaran: ' ' }
            : i === 1
              ? { ...r, no_urut: 'abc' }
              : i === 2
                ? { ...r, kelompok_id: '' }
                : r,
        ),
      );
      expect(shape.status).toBe(400);
      expect(shape.body.details).toEqual({
        'rows.0.nama_mata_pelajaran': PEMBELAJARAN_MESSAGES.namaRequired,
        'rows.1.no_urut': PEMBELAJARAN_MESSAGES.noUrutInvalid,
        'rows.2.kelompok_id': PEMBELAJARAN_MESSAGES.pairRequired,
      });
      const other = (await grid(otherRombel)).body.data[0];
      const rule = await save(waliRombel, [
        { ...rows[0], guru_pengajar_id: '00000000-0000-4000-8000-00000000dead', kelompok_id: 6 },
        { ...rows[1], pembelajaran_id: other?.pembelajaran_id },
        { ...rows[0] },
      ]);
      expect(rule.status).toBe(422);
      expect(rule.body.details).toEqual({
        'rows.0.guru_pengajar_id': PEMBELAJARAN_MESSAGES.guruUnknown,
        'rows.0.kelompok_id': PEMBELAJARAN_MESSAGES.kelompokUnknown,
        'rows.1.pembelajaran_id': PEMBELAJARAN_MESSAGES.notInRombel,
        'rows.2.pembelajaran_id': PEMBELAJARAN_MESSAGES.duplicateRow,
      });
      expect(await dbRows(waliRombel)).toEqual(before);
    });

    it('shows and keeps a kelompok of another curriculum that is already set', async () => {
      const first = (await grid(otherRombel)).body.data.find((r) => r.kelompok_id !== null);
      if (!first) throw new Error('no active subject');
      await t()
        .db.db.update(pembelajaran)
        .set({ kelompokId: 6 })
        .where(eq(pembelajaran.pembelajaranId, first.pembelajaran_id));
      const { body } = await grid(otherRombel);
      expect(body.kelompok.map((k) => k.value)).toContain('6');
      const ok = await save(otherRombel, edits(body.data));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const [row] = (await dbRows(otherRombel)).filter((r) => r.pembelajaranId === first.pembelajaran_id);
      expect(row?.kelompokId).toBe(6);
    });

    it('resets a subject to the Dapodik values (administrator only)', async () => {
      const { body } = await grid(waliRombel);
      const target = body.data.find((r) => r.kelompok_id !== null);
      if (!target) throw new Error('no active subject');
      const url = `/api/referensi/pembelajaran/${target.pembelajaran_id}/reset`;
      for (const who of ['wali', 'waka', 'guru', 'siswa'])
        expect((await call('POST', url, who)).status).toBe(403);
      const ok = await call<{ message: string; data: PembelajaranRow }>('POST', url, 'admin');
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(PEMBELAJARAN_MESSAGES.reset(target.nama_mata_pelajaran));
      expect(ok.body.data).toMatchObject({ guru_pengajar_id: null, kelompok_id: null, no_urut: null });
      expect(
        (
          await call(
            'POST',
            '/api/referensi/pembelajaran/00000000-0000-4000-8000-000000000000/reset',
            'admin',
          )
        ).status,
      ).toBe(404);
    });
  });
});
