import type { ListResponse } from '@erapor/contract/list';
import { NIK_MESSAGES } from '@erapor/contract/referensi/nik';
import { PD_MESSAGES, type PdDetailResponse, type PdRow } from '@erapor/contract/referensi/peserta-didik';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pesertaDidik } from '../../../db/tables/referensi';
import { hashPassword } from '../../../lib/passwords';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, DEMO_PASSWORD, describeEngines, json, loginAs } from '../../../test/engines';
import * as pengguna from '../../pengguna/service';
import { ensureScreenRefs } from '../rombel/test-refs';

describeEngines('referensi peserta didik', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let otherPupil = '';
  let ownPupil = '';

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    await ensureScreenRefs(t().db.db);
    for (const key of ['admin', 'wali', 'guru', 'siswa', 'waka'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    // A Tata Usaha account (no demo log-in has the role): reads and edits every pupil.
    const tu = await pengguna.createUser(t().db.db, {
      sekolahId: demo.sekolahId,
      name: 'Staf TU',
      email: 'tu@demo.sch.id',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    await pengguna.grantRoles(t().db.db, [
      { userId: tu.id, sekolahId: demo.sekolahId, semesterId: demo.semesterId, role: 'tu', source: 'manual' },
    ]);
    tokens.tu = (await loginAs(t().app, 'tu@demo.sch.id', demo.semesterId)).accessToken;
    const waliRombel = demo.school.relations.waliRombelId;
    const inWali = demo.school.peserta_didik.filter(
      (p) => p.anggota_rombel.rombongan_belajar_id === waliRombel,
    );
    const elsewhere = demo.school.peserta_didik.filter(
      (p) => p.anggota_rombel.rombongan_belajar_id !== waliRombel,
    );
    ownPupil =
      inWali.find((p) => p.peserta_didik_id !== demo.accounts.siswa.pesertaDidikId)?.peserta_didik_id ?? '';
    otherPupil = elsewhere[0]?.peserta_didik_id ?? '';
  });

  /**
   * The pupils a demo teacher works with, from the generator's school: members of the rombel
   * (any jenis) they are wali or pembina of (ptk_id) or teach a pembelajaran in.
   */
  const pupilsOf = (who: 'guru' | 'wali') => {
    const guruId = demo.accounts[who].guruId;
    const ids = demo.school.rombongan_belajar
      .filter((r) => r.ptk_id === guruId || r.pembelajaran.some((p) => p.ptk_id === guruId))
      .flatMap((r) => r.anggota_rombel.map((a) => a.peserta_didik_id));
    const left = new Set(demo.school.peserta_didik_keluar.map((p) => p.peserta_didik_id));
    return new Set(ids.filter((id) => !left.has(id)));
  };
  const classesOf = (who: 'guru' | 'wali') => {
    const pupils = pupilsOf(who);
    return new Set(
      demo.school.peserta_didik
        .filter((p) => pupils.has(p.peserta_didik_id))
        .map((p) => p.anggota_rombel.rombongan_belajar_id),
    );
  };

  const get = <T = Record<string, unknown>>(url: string, who: string) =>
    t()
      .app.inject({ url, headers: bearer(tokens[who] ?? '') })
      .then((res) => ({ status: res.statusCode, body: json<T>(res) }));
  const put = (url: string, who: string, payload: object) =>
    t()
      .app.inject({ method: 'PUT', url, payload, headers: bearer(tokens[who] ?? '') })
      .then((res) => ({ status: res.statusCode, body: json(res) }));
  const row = async (id: string) =>
    (await t().db.db.select().from(pesertaDidik).where(eq(pesertaDidik.pesertaDidikId, id)))[0];

  describe('list (aktif)', () => {
    it('pages, searches and sorts in SQL for the administrator', async () => {
      const active = demo.school.peserta_didik.length;
      const all = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik?per_page=100', 'admin');
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(active);
      expect(all.body.data).toHaveLength(Math.min(100, active));
      const names = all.body.data.map((r) => r.nama);

      const page2 = await get<ListResponse<PdRow>>(
        '/api/referensi/peserta-didik?per_page=10&page=2',
        'admin',
      );
      expect(page2.body.data.map((r) => r.nama)).toEqual(names.slice(10, 20));

      const desc = await get<ListResponse<PdRow>>(
        '/api/referensi/peserta-didik?sort_by=nama&sort_dir=desc',
        'admin',
      );
      expect(desc.body.data[0]?.nama).toBe(names.at(-1));

      const someone = demo.school.peserta_didik[3];
      const byNisn = await get<ListResponse<PdRow>>(
        `/api/referensi/peserta-didik?q=${someone?.nisn}`,
        'admin',
      );
      expect(byNisn.body.data.map((r) => r.peserta_didik_id)).toContain(someone?.peserta_didik_id);
      const first = someone?.nama.split(' ')[0]?.toLowerCase() ?? '';
      const byName = await get<ListResponse<PdRow>>(
        `/api/referensi/peserta-didik?q=${encodeURIComponent(first)}`,
        'admin',
      );
      expect(byName.body.total).toBeGreaterThan(0);
      expect(byName.body.data.every((r) => r.nama.toLowerCase().includes(first))).toBe(true);
      const none = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik?q=%25%25zz', 'admin');
      expect(none.body).toMatchObject({ total: 0, data: [] });
    });

    it('narrows tingkat → jurusan → rombel with options from the server', async () => {
      const opts = await get<{
        tingkat: { value: string }[];
        jurusan: { value: string }[];
        rombel: unknown[];
      }>('/api/referensi/peserta-didik/filter', 'admin');
      expect(opts.body.tingkat.map((o) => o.value)).toEqual(['10', '11', '12']);
      expect(opts.body.rombel).toEqual([]); // a tingkat first
      const at10 = await get<{ jurusan: { value: string }[]; rombel: { value: string; label: string }[] }>(
        '/api/referensi/peserta-didik/filter?tingkat=10',
        'admin',
      );
      expect(at10.body.rombel.map((r) => r.value)).toEqual([demo.school.relations.waliRombelId]);
      const jurusan = at10.body.jurusan[0]?.value ?? '';
      const list = await get<ListResponse<PdRow>>(
        `/api/referensi/peserta-didik?tingkat=10&jurusan_sp_id=${jurusan}&per_page=100`,
        'admin',
      );
      const expected = demo.school.peserta_didik.filter(
        (p) => p.anggota_rombel.rombongan_belajar_id === demo.school.relations.waliRombelId,
      ).length;
      expect(list.body.total).toBe(expected);
      const byRombel = await get<ListResponse<PdRow>>(
        `/api/referensi/peserta-didik?rombongan_belajar_id=${demo.school.relations.waliRombelId}&per_page=100`,
        'admin',
      );
      expect(byRombel.body.total).toBe(expected);
      const twelve = await get<ListResponse<PdRow>>(
        '/api/referensi/peserta-didik?tingkat=12&per_page=100',
        'admin',
      );
      expect(twelve.body.data.every((r) => r.kelas?.startsWith('XII'))).toBe(true);
    });

    it('refuses unknown sort columns and filters with field messages (400)', async () => {
      const bad = await get('/api/referensi/peserta-didik?sort_by=password', 'admin');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ details: { sort_by: expect.stringContaining('Kolom pengurutan') } });
      const badTingkat = await get('/api/referensi/peserta-didik?tingkat=9&rombongan_belajar_id=x', 'admin');
      expect(badTingkat.status).toBe(400);
      expect(badTingkat.body).toMatchObject({
        details: {
          tingkat: 'Tingkat kelas harus 10, 11, 12 atau 13',
          rombongan_belajar_id: 'Rombel tidak valid',
        },
      });
    });

    it('shows a teacher the pupils of the classes they teach, a pupil only themself', async () => {
      const waliClasses = classesOf('wali');
      expect(waliClasses).toContain(demo.school.relations.waliRombelId);
      const wali = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik?per_page=100', 'wali');
      expect(wali.status).toBe(200);
      expect(new Set(wali.body.data.map((r) => r.peserta_didik_id))).toEqual(pupilsOf('wali'));
      expect(wali.body.total).toBe(pupilsOf('wali').size);
      const waliOpts = await get<{ rombel: { value: string }[] }>(
        '/api/referensi/peserta-didik/filter',
        'wali',
      );
      expect(new Set(waliOpts.body.rombel.map((r) => r.value))).toEqual(waliClasses);

      // A guru (PD Aktif is in every teacher's menu): the pupils of the classes they teach.
      const guruClasses = classesOf('guru');
      expect(guruClasses.size).toBeGreaterThan(0);
      const guru = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik?per_page=100', 'guru');
      expect(guru.status).toBe(200);
      expect(new Set(guru.body.data.map((r) => r.peserta_didik_id))).toEqual(pupilsOf('guru'));
      expect((await get('/api/referensi/peserta-didik/filter', 'guru')).status).toBe(200);
      const notTaught = demo.school.rombongan_belajar.find(
        (r) => r.jenis_rombel === 1 && !guruClasses.has(r.rombongan_belajar_id),
      );
      const filtered = await get<ListResponse<PdRow>>(
        `/api/referensi/peserta-didik?rombongan_belajar_id=${notTaught?.rombongan_belajar_id}`,
        'guru',
      );
      expect(filtered.body.total).toBe(0);

      const siswa = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik', 'siswa');
      expect(siswa.status).toBe(200);
      expect(siswa.body.data.map((r) => r.peserta_didik_id)).toEqual([demo.accounts.siswa.pesertaDidikId]);

      expect((await t().app.inject({ url: '/api/referensi/peserta-didik' })).statusCode).toBe(401);
      expect((await get('/api/referensi/peserta-didik', 'waka')).status).toBe(200);
      const tu = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik', 'tu');
      expect(tu.body.total).toBe(demo.school.peserta_didik.length);
    });
  });

  describe('list (keluar)', () => {
    it('is the administrator’s: pupils who left, with their last class', async () => {
      const res = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik?status=keluar', 'admin');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(demo.school.peserta_didik_keluar.length);
      expect(res.body.data.map((r) => r.peserta_didik_id).sort()).toEqual(
        demo.school.peserta_didik_keluar.map((p) => p.peserta_didik_id).sort(),
      );
      const active = await get<ListResponse<PdRow>>('/api/referensi/peserta-didik?per_page=100', 'admin');
      const left = new Set(demo.school.peserta_didik_keluar.map((p) => p.peserta_didik_id));
      expect(active.body.data.some((r) => left.has(r.peserta_didik_id))).toBe(false);
      for (const who of ['wali', 'siswa', 'guru', 'waka']) {
        expect((await get('/api/referensi/peserta-didik?status=keluar', who)).status).toBe(403);
      }
    });
  });

  describe('detail and edit', () => {
    it('gives the detail to those who may see the pupil, 403 to the rest', async () => {
      const admin = await get<PdDetailResponse>(`/api/referensi/peserta-didik/${ownPupil}`, 'admin');
      expect(admin.status).toBe(200);
      expect(admin.body.can_edit).toBe(true);
      expect(admin.body.data.kelas).toBeTruthy();
      expect(admin.body.pekerjaan.length).toBeGreaterThan(5);
      expect(
        (await get<PdDetailResponse>(`/api/referensi/peserta-didik/${otherPupil}`, 'tu')).body.can_edit,
      ).toBe(true);
      expect(
        (await get<PdDetailResponse>(`/api/referensi/peserta-didik/${otherPupil}`, 'waka')).body.can_edit,
      ).toBe(false);

      const wali = await get<PdDetailResponse>(`/api/referensi/peserta-didik/${ownPupil}`, 'wali');
      expect(wali.status).toBe(200);
      expect(wali.body.can_edit).toBe(true);
      // Another class's pupil: readable (not editable) when the wali teaches there, else 403.
      const other = await get<PdDetailResponse>(`/api/referensi/peserta-didik/${otherPupil}`, 'wali');
      if (pupilsOf('wali').has(otherPupil)) {
        expect(other.status).toBe(200);
        expect(other.body.can_edit).toBe(false);
      } else expect(other.status).toBe(403);

      const self = await get<PdDetailResponse>(
        `/api/referensi/peserta-didik/${demo.accounts.siswa.pesertaDidikId}`,
        'siswa',
      );
      expect(self.status).toBe(200);
      expect(self.body.can_edit).toBe(false);
      expect((await get(`/api/referensi/peserta-didik/${ownPupil}`, 'siswa')).status).toBe(403);
      // A guru reads the pupils they teach, edits none, and gets 403 for a pupil they do not teach.
      const taught = pupilsOf('guru');
      const taughtPupil = demo.school.peserta_didik.find((p) => taught.has(p.peserta_didik_id));
      const untaughtPupil = demo.school.peserta_didik.find((p) => !taught.has(p.peserta_didik_id));
      const guru = await get<PdDetailResponse>(
        `/api/referensi/peserta-didik/${taughtPupil?.peserta_didik_id}`,
        'guru',
      );
      expect(guru.status).toBe(200);
      expect(guru.body.can_edit).toBe(false);
      expect(
        (await get(`/api/referensi/peserta-didik/${untaughtPupil?.peserta_didik_id}`, 'guru')).status,
      ).toBe(403);
      expect(
        (await get('/api/referensi/peserta-didik/00000000-0000-4000-8000-000000000000', 'admin')).status,
      ).toBe(404);
      expect((await get('/api/referensi/peserta-didik/bukan-id', 'admin')).status).toBe(400);
    });

    it('saves the editable fields; a stale version answers 409 and changes nothing', async () => {
      const before = await get<PdDetailResponse>(`/api/referensi/peserta-didik/${ownPupil}`, 'admin');
      const loaded = before.body.data.updated_at;
      const ok = await put(`/api/referensi/peserta-didik/${ownPupil}`, 'admin', {
        status: 'Anak Kandung',
        anak_ke: '2',
        nama_wali: 'Paman Sutrisno',
        alamat_wali: 'Jl. Kenanga 5',
        telp_wali: '081234567890',
        kerja_wali: '5',
        kode_pos: '17113',
        updated_at: loaded,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.message).toBe(PD_MESSAGES.updated(before.body.data.nama));
      const saved = await row(ownPupil);
      expect(saved).toMatchObject({ namaWali: 'Paman Sutrisno', anakKe: 2, kerjaWali: 5, kodePos: '17113' });

      const stale = await put(`/api/referensi/peserta-didik/${ownPupil}`, 'admin', {
        nama_wali: 'Orang Lain',
        updated_at: loaded,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(PD_MESSAGES.conflict);
      expect((await row(ownPupil))?.namaWali).toBe('Paman Sutrisno');

      // The wali kelas may edit their own pupil, not another class's; a pupil may not edit.
      const fresh = await get<PdDetailResponse>(`/api/referensi/peserta-didik/${ownPupil}`, 'wali');
      const byWali = await put(`/api/referensi/peserta-didik/${ownPupil}`, 'wali', {
        ...fresh.body.data,
        nama_wali: 'Bibi Sumarni',
      });
      expect(byWali.status, JSON.stringify(byWali.body)).toBe(200);
      const otherVersion = (
        await get<PdDetailResponse>(`/api/referensi/peserta-didik/${otherPupil}`, 'admin')
      ).body.data.updated_at;
      expect(
        (await put(`/api/referensi/peserta-didik/${otherPupil}`, 'wali', { updated_at: otherVersion }))
          .status,
      ).toBe(403);
      const selfVersion = (
        await get<PdDetailResponse>(
          `/api/referensi/peserta-didik/${demo.accounts.siswa.pesertaDidikId}`,
          'siswa',
        )
      ).body.data.updated_at;
      expect(
        (
          await put(`/api/referensi/peserta-didik/${demo.accounts.siswa.pesertaDidikId}`, 'siswa', {
            nama_wali: 'x',
            updated_at: selfVersion,
          })
        ).status,
      ).toBe(403);
      expect(
        (await put(`/api/referensi/peserta-didik/${ownPupil}`, 'guru', { updated_at: selfVersion })).status,
      ).toBe(403);
      expect(
        (await put(`/api/referensi/peserta-didik/${ownPupil}`, 'waka', { updated_at: selfVersion })).status,
      ).toBe(403);
    });

    it('refuses bad values field by field in Indonesian and leaves the row as it was', async () => {
      const before = await row(ownPupil);
      const { data } = (await get<PdDetailResponse>(`/api/referensi/peserta-didik/${ownPupil}`, 'admin'))
        .body;
      const shape = await put(`/api/referensi/peserta-didik/${ownPupil}`, 'admin', {
        nik: '12345',
        anak_ke: 'dua',
        rt: 'satu',
        kode_pos: '123',
        telp_wali: 'tidak ada',
        status: 'Keponakan',
        updated_at: data.updated_at,
      });
      expect(shape.status).toBe(400);
      expect(shape.body.details).toEqual({
        nik: 'NIK harus 16 digit!',
        anak_ke: 'Anak Ke harus angka antara 1 dan 30',
        rt: 'RT harus berupa angka (maksimal 3 digit)',
        kode_pos: 'Kodepos harus 5 digit angka',
        telp_wali: 'Telp/HP Wali tidak valid',
        status: 'Status dalam keluarga harus Anak Kandung, Anak Tiri atau Anak Angkat',
      });

      // 16 digits but a birth date that is not the pupil's; an occupation that does not exist.
      const rule = await put(`/api/referensi/peserta-didik/${ownPupil}`, 'admin', {
        nik: '3275010101010001',
        kerja_ibu: 9999,
        updated_at: data.updated_at,
      });
      expect(rule.status).toBe(422);
      expect(rule.body.details).toEqual({
        nik: NIK_MESSAGES.birthDateMismatch,
        kerja_ibu: PD_MESSAGES.pekerjaanUnknown,
      });
      expect(await row(ownPupil)).toEqual(before);
    });

    it('keeps an occupation code the reference does not know when the form is saved unchanged', async () => {
      await t()
        .db.db.update(pesertaDidik)
        .set({ kerjaIbu: 9999 })
        .where(eq(pesertaDidik.pesertaDidikId, ownPupil));
      const { body } = await get<PdDetailResponse>(`/api/referensi/peserta-didik/${ownPupil}`, 'admin');
      expect(body.pekerjaan).toContainEqual({ value: '9999', label: '9999' });
      const res = await put(`/api/referensi/peserta-didik/${ownPupil}`, 'admin', {
        ...body.data,
        nama_ayah: 'Pak Budi',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await row(ownPupil)).toMatchObject({ kerjaIbu: 9999, namaAyah: 'Pak Budi' });
    });

    it('accepts a NIK that matches the pupil’s birth date and sex', async () => {
      const pupil = demo.school.peserta_didik.find((p) => p.peserta_didik_id === ownPupil);
      const [y, m, d] = (pupil?.tanggal_lahir ?? '2009-01-01').split('-');
      const day = Number(d) + (pupil?.jenis_kelamin === 'P' ? 40 : 0);
      const region = (pupil?.nik ?? '327501').slice(0, 6);
      const nik = `${region}${String(day).padStart(2, '0')}${m}${y?.slice(2)}0042`;
      const { data } = (await get<PdDetailResponse>(`/api/referensi/peserta-didik/${ownPupil}`, 'admin'))
        .body;
      const res = await put(`/api/referensi/peserta-didik/${ownPupil}`, 'admin', { ...data, nik });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await row(ownPupil))?.nik).toBe(nik);
    });
  });
});
