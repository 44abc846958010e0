import { IMAGE_MESSAGES } from '@erapor/contract/image';
import {
  BIODATA_MESSAGES,
  type PortalBiodata,
  type Usulan,
  type UsulanRow,
} from '@erapor/contract/portal/biodata';
import { PORTAL_FOTO_MESSAGES, type PortalProfil, type TemanSekelas } from '@erapor/contract/portal/portal';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows';
import { usulanBiodata } from '../../db/tables/portal';
import { pesertaDidik } from '../../db/tables/referensi';
import { readImageHeader } from '../../lib/image';
import { pngHeader } from '../../lib/test-images';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { multipartFile } from '../../test/multipart';
import { otherWali } from '../penilaian/beranda/test-accounts';
import { setSetting } from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';
import { pupilToken } from './test-support';

/*
 * Biodata, Teman Sekelas and the photo of the pupil portal (issue #15 items 1, 2, 5; decision 046):
 * siswa@ proposes corrections, only the wali of their class or the administrator decides, nothing
 * changes before; bad input is refused per field and stores nothing; nobody reads another's data.
 */

const PNG = Buffer.from(
  // A 1 × 1 black PNG that decodes (lib/image.ts decodes every upload in full, decision 049).
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63606060f80f00010401005fe5c34b0000000049454e44ae426082',
  'hex',
);

describeEngines('portal: biodata, teman sekelas, foto', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let own = '';
  let other = '';
  let otherClass = { nama: '', members: 0 };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    for (const who of ['admin', 'guru', 'wali', 'waka', 'siswa'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
    own = demo.accounts.siswa.pesertaDidikId ?? '';
    const fx = await otherWali(t().app, db, demo, 'wali-lain-biodata@test.sch.id', [
      demo.accounts.wali.guruId ?? '',
    ]);
    tokens.waliLain = fx.token;
    const pupil = fx.another.anggota_rombel[0]?.peserta_didik_id ?? '';
    other = pupil;
    otherClass = { nama: fx.another.nama, members: fx.another.anggota_rombel.length };
    tokens.siswaLain = await pupilToken(t().app, db, demo, pupil, 'siswa-lain@test.sch.id');
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) =>
    t().app.inject({ method, url, headers: bearer(token ?? ''), ...(payload ? { payload } : {}) });
  const stored = async (id = own) => {
    const [row] = await t().db.db.select().from(pesertaDidik).where(eq(pesertaDidik.pesertaDidikId, id));
    return row;
  };
  const usulanCount = async () =>
    Number((await sqlRows<{ n: number }>(t().db.db, sql`select count(*) as n from usulan_biodata`))[0]?.n);
  const form = (b: PortalBiodata['data'], changes: Record<string, unknown> = {}) => ({
    status: b.status,
    anak_ke: b.anak_ke,
    diterima_kelas: b.diterima_kelas,
    email: b.email,
    nama_wali: b.nama_wali,
    alamat_wali: b.alamat_wali,
    telp_wali: b.telp_wali,
    kerja_wali: b.kerja_wali,
    ...changes,
  });

  it('Biodata shows the pupil their own recorded data, no proposal yet', async () => {
    const res = await call('GET', '/api/portal/biodata', tokens.siswa);
    expect(res.statusCode, res.body).toBe(200);
    const b = json<PortalBiodata>(res);
    const row = await stored();
    expect(b.data).toMatchObject({
      peserta_didik_id: own,
      nama: row?.nama,
      nisn: row?.nisn,
      tempat_lahir: row?.tempatLahir,
      nama_ayah: row?.namaAyah,
      nama_wali: row?.namaWali,
      email: row?.email,
    });
    expect(b.pekerjaan.length).toBeGreaterThan(5);
    expect(b.usulan).toBeNull();
  });

  it('bad input: a message per field, 4xx, nothing stored', async () => {
    const before = await stored();
    const b = json<PortalBiodata>(await call('GET', '/api/portal/biodata', tokens.siswa)).data;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ nama_wali: 'W'.repeat(101) }, { nama_wali: 'Nama Wali maksimal 100 karakter' }],
      [{ email: 'bukan-email' }, { email: BIODATA_MESSAGES.email }],
      [{ alamat_wali: 'A'.repeat(256) }, { alamat_wali: 'Alamat Wali maksimal 255 karakter' }],
      [{ anak_ke: 0 }, { anak_ke: 'Anak Ke harus angka antara 1 dan 30' }],
      [{ telp_wali: 'telepon' }, { telp_wali: 'Telp/HP Wali tidak valid' }],
      // Fields outside the allowed set, another pupil's id among them: each named, nothing written.
      [
        { nama: 'Nama Baru', nik: '1234567890123456', peserta_didik_id: other },
        {
          nama: BIODATA_MESSAGES.notAllowed,
          nik: BIODATA_MESSAGES.notAllowed,
          peserta_didik_id: BIODATA_MESSAGES.notAllowed,
        },
      ],
    ];
    for (const [changes, details] of cases) {
      const res = await call('POST', '/api/portal/biodata', tokens.siswa, form(b, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(json<{ details: Record<string, string> }>(res).details).toMatchObject(details);
    }
    const unknownJob = await call(
      'POST',
      '/api/portal/biodata',
      tokens.siswa,
      form(b, { kerja_wali: 31999 }),
    );
    expect(unknownJob.statusCode).toBe(422);
    expect(json<{ details: Record<string, string> }>(unknownJob).details).toEqual({
      kerja_wali: 'Pekerjaan tidak ditemukan',
    });
    const same = await call('POST', '/api/portal/biodata', tokens.siswa, form(b));
    expect(same.statusCode).toBe(422);
    expect(json(same).message).toBe(BIODATA_MESSAGES.nothingChanged);
    expect(await usulanCount()).toBe(0);
    expect(await stored()).toEqual(before);
    expect(await stored(other)).toBeDefined();
  });

  it('a proposal changes nothing until the wali of the class approves; then it is the recorded value', async () => {
    const before = await stored();
    const b = json<PortalBiodata>(await call('GET', '/api/portal/biodata', tokens.siswa)).data;
    const proposal = {
      nama_wali: 'Hj. Siti Rahmawati',
      alamat_wali: 'Jl. Melati No. 7, Bekasi',
      telp_wali: '0812 3456 7890',
      email: 'Siswa.Baru@Contoh.ID',
      anak_ke: 2,
      status: 'Anak Angkat',
    };
    const res = await call('POST', '/api/portal/biodata', tokens.siswa, form(b, proposal));
    expect(res.statusCode, res.body).toBe(200);
    const usulan = json<{ usulan: Usulan }>(res).usulan;
    expect(usulan.status).toBe('diajukan');
    expect(usulan.perubahan.find((p) => p.field === 'email')).toMatchObject({
      lama: before?.email ?? null,
      baru: 'siswa.baru@contoh.id',
    });
    // Nothing recorded changes yet.
    expect(await stored()).toEqual(before);
    // A second "Perbaharui" replaces the pending proposal (one per pupil).
    const again = await call('POST', '/api/portal/biodata', tokens.siswa, form(b, proposal));
    expect(again.statusCode).toBe(200);
    expect(await usulanCount()).toBe(1);

    // Who sees it: the wali of siswa@'s class and the administrator; not another class's wali.
    const list = async (token: string | undefined) => {
      const r = await call('GET', '/api/usulan-biodata', token);
      expect(r.statusCode, r.body).toBe(200);
      return json<UsulanRow[]>(r);
    };
    expect((await list(tokens.wali)).map((u) => u.peserta_didik_id)).toEqual([own]);
    expect((await list(tokens.admin)).map((u) => u.peserta_didik_id)).toEqual([own]);
    expect(await list(tokens.waliLain)).toEqual([]);
    const id = usulan.usulan_biodata_id;
    for (const who of ['guru', 'waka', 'siswa', 'siswaLain']) {
      expect((await call('GET', '/api/usulan-biodata', tokens[who])).statusCode, who).toBe(403);
      expect((await call('POST', `/api/usulan-biodata/${id}/setujui`, tokens[who])).statusCode, who).toBe(
        403,
      );
    }
    const notHis = await call('POST', `/api/usulan-biodata/${id}/setujui`, tokens.waliLain);
    expect(notHis.statusCode).toBe(403);
    expect(json(notHis).message).toBe(BIODATA_MESSAGES.notWali);
    expect(await stored()).toEqual(before);

    // The wali approves: the values are recorded; a second decision is refused.
    const ok = await call('POST', `/api/usulan-biodata/${id}/setujui`, tokens.wali);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await stored();
    expect(after).toMatchObject({
      namaWali: 'Hj. Siti Rahmawati',
      alamatWali: 'Jl. Melati No. 7, Bekasi',
      telpWali: '0812 3456 7890',
      email: 'siswa.baru@contoh.id',
      anakKe: 2,
      status: 'Anak Angkat',
      // Untouched fields stay.
      nama: before?.nama,
      diterimaKelas: before?.diterimaKelas,
      kerjaWali: before?.kerjaWali,
    });
    expect((await call('POST', `/api/usulan-biodata/${id}/tolak`, tokens.admin)).statusCode).toBe(409);
    const mine = json<PortalBiodata>(await call('GET', '/api/portal/biodata', tokens.siswa));
    expect(mine.data.nama_wali).toBe('Hj. Siti Rahmawati');
    expect(mine.usulan).toMatchObject({ status: 'disetujui', diputuskan_oleh: expect.any(String) });
    // The school's own PD detail (printed from the same row) shows it too.
    const detail = await call('GET', `/api/referensi/peserta-didik/${own}`, tokens.admin);
    expect(json<{ data: { nama_wali: string } }>(detail).data.nama_wali).toBe('Hj. Siti Rahmawati');
  });

  it('the administrator rejects a proposal with a reason: nothing changes', async () => {
    const before = await stored();
    const b = json<PortalBiodata>(await call('GET', '/api/portal/biodata', tokens.siswa)).data;
    const res = await call(
      'POST',
      '/api/portal/biodata',
      tokens.siswa,
      form(b, { diterima_kelas: 'X TKJ 9' }),
    );
    expect(res.statusCode).toBe(200);
    const id = json<{ usulan: Usulan }>(res).usulan.usulan_biodata_id;
    const long = await call('POST', `/api/usulan-biodata/${id}/tolak`, tokens.admin, {
      alasan: 'x'.repeat(256),
    });
    expect(long.statusCode).toBe(400);
    const no = await call('POST', `/api/usulan-biodata/${id}/tolak`, tokens.admin, {
      alasan: 'Tidak sesuai buku induk',
    });
    expect(no.statusCode, no.body).toBe(200);
    expect(await stored()).toEqual(before);
    const mine = json<PortalBiodata>(await call('GET', '/api/portal/biodata', tokens.siswa));
    expect(mine.usulan).toMatchObject({ status: 'ditolak', alasan: 'Tidak sesuai buku induk' });
    const [row] = await t()
      .db.db.select({ status: usulanBiodata.status })
      .from(usulanBiodata)
      .where(eq(usulanBiodata.usulanBiodataId, id));
    expect(row?.status).toBe('ditolak');
    expect((await call('POST', '/api/usulan-biodata/bukan-id/setujui', tokens.admin)).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/usulan-biodata/00000000-0000-4000-8000-00000000dead/setujui', tokens.admin))
        .statusCode,
    ).toBe(404);
  });

  it("a pupil cannot read another pupil's profile; staff get 403 on the pupil's routes", async () => {
    expect((await call('GET', `/api/referensi/peserta-didik/${other}`, tokens.siswa)).statusCode).toBe(403);
    expect((await call('GET', `/api/referensi/peserta-didik/${own}`, tokens.siswaLain)).statusCode).toBe(403);
    for (const who of ['admin', 'guru', 'wali', 'waka']) {
      for (const url of ['/api/portal/biodata', `/api/portal/teman-sekelas/${demo.semesterId}`]) {
        expect((await call('GET', url, tokens[who])).statusCode, `${who} ${url}`).toBe(403);
      }
      expect((await call('POST', '/api/portal/biodata', tokens[who], { nama_wali: 'X' })).statusCode).toBe(
        403,
      );
    }
    expect((await t().app.inject({ url: '/api/portal/biodata' })).statusCode).toBe(401);
  });

  it("Teman Sekelas: the class's members with birthplace and date; contacts only when the school allows", async () => {
    const mates = async (token: string | undefined) => {
      const r = await call('GET', `/api/portal/teman-sekelas/${demo.semesterId}`, token);
      expect(r.statusCode, r.body).toBe(200);
      return json<TemanSekelas>(r);
    };
    const kelas = demo.school.rombongan_belajar.find(
      (r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId,
    );
    const hidden = await mates(tokens.siswa);
    expect(hidden.rombel).toBe(kelas?.nama);
    expect(hidden.kontak).toBe(false);
    const rows = await sqlRows<{ nama: string; tempat_lahir: string | null; tgl: string | null }>(
      t().db.db,
      sql`select pd.nama, pd.tempat_lahir, to_char(pd.tanggal_lahir, 'YYYY-MM-DD') as tgl from anggota_rombel a
        join peserta_didik pd on pd.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${kelas?.rombongan_belajar_id} and a.deleted_at is null`,
    );
    expect(hidden.data.length).toBe(rows.length);
    expect(hidden.data.map((d) => d.nama)).toContain((await stored())?.nama);
    for (const r of rows) {
      expect(hidden.data.find((d) => d.nama === r.nama)).toMatchObject({
        tempat_lahir: r.tempat_lahir,
        tanggal_lahir: r.tgl,
      });
    }
    expect(hidden.data.every((d) => d.email === null && d.no_hp === null)).toBe(true);
    // Another class's pupil sees their own class, not siswa@'s.
    const theirs = await mates(tokens.siswaLain);
    expect(theirs.rombel).toBe(otherClass.nama);
    expect(theirs.data.length).toBe(otherClass.members);
    // A semester the pupil was not in a class: not theirs.
    expect((await call('GET', '/api/portal/teman-sekelas/19991', tokens.siswa)).statusCode).toBe(404);

    await setSetting(t().db.db, demo, { key: SETTING_KEYS.kontakTemanSekelas, value: '1', semesterId: null });
    try {
      const shown = await mates(tokens.siswa);
      expect(shown.kontak).toBe(true);
      const contacts = await sqlRows<{ nama: string; email: string | null; no_hp: string | null }>(
        t().db.db,
        sql`select pd.nama, pd.email, pd.no_hp from anggota_rombel a
          join peserta_didik pd on pd.peserta_didik_id = a.peserta_didik_id
          where a.rombongan_belajar_id = ${kelas?.rombongan_belajar_id} and a.deleted_at is null`,
      );
      for (const c of contacts) {
        expect(shown.data.find((d) => d.nama === c.nama)).toMatchObject({
          email: c.email || null,
          no_hp: c.no_hp || null,
        });
      }
      expect(shown.data.some((d) => d.email !== null || d.no_hp !== null)).toBe(true);
    } finally {
      await setSetting(t().db.db, demo, {
        key: SETTING_KEYS.kontakTemanSekelas,
        value: '0',
        semesterId: null,
      });
    }
  });

  it('photo: a PNG within the limits is the header photo; not an image, too large, too big refused', async () => {
    const upload = (m: ReturnType<typeof multipartFile>, token = tokens.siswa) =>
      t().app.inject({
        method: 'POST',
        url: '/api/portal/foto',
        payload: m.payload,
        headers: { ...m.headers, ...bearer(token ?? '') },
      });
    const profil = async () => json<PortalProfil>(await call('GET', '/api/portal/profil', tokens.siswa));
    expect((await profil()).foto_url).toBeNull();
    const refused: [ReturnType<typeof multipartFile>, string][] = [
      [multipartFile('foto', 'foto.png', Buffer.from('bukan gambar sama sekali')), IMAGE_MESSAGES.notImage],
      [multipartFile('foto', 'foto.pdf', PNG), PORTAL_FOTO_MESSAGES.type],
      [
        multipartFile('foto', 'foto.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])),
        PORTAL_FOTO_MESSAGES.size,
      ],
      [multipartFile('foto', 'besar.png', pngHeader(4001, 300)), IMAGE_MESSAGES.tooLarge(4001, 300)],
      [multipartFile('lain', 'foto.png', PNG), PORTAL_FOTO_MESSAGES.required],
      // A true PNG header over data that does not decode.
      [
        multipartFile('foto', 'rusak.png', Buffer.concat([PNG.subarray(0, 33), Buffer.alloc(64, 7)])),
        IMAGE_MESSAGES.broken,
      ],
    ];
    for (const [m, message] of refused) {
      const res = await upload(m);
      expect(res.statusCode, res.body).toBe(422);
      expect(json<{ details: Record<string, string> }>(res).details.foto).toBe(message);
    }
    expect((await profil()).foto_url).toBeNull();
    expect((await upload(multipartFile('foto', 'foto.png', PNG), tokens.admin)).statusCode).toBe(403);

    const ok = await upload(multipartFile('foto', 'Foto Saya.PNG', PNG));
    expect(ok.statusCode, ok.body).toBe(200);
    const url = (await profil()).foto_url;
    expect(url).toBe(json<{ foto_url: string }>(ok).foto_url);
    const img = await call('GET', url ?? '', tokens.siswa);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');

    // A large JPEG with a comment in it: stored re-encoded inside 3 × 4 cm at 300 dpi, comment gone.
    const { default: sharp } = await import('sharp');
    const besar = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { ImageDescription: 'RAHASIA-LOKASI' } } })
      .toBuffer();
    expect(besar.includes('RAHASIA-LOKASI')).toBe(true);
    const jpg = await upload(multipartFile('foto', 'foto.jpg', besar));
    expect(jpg.statusCode, jpg.body).toBe(200);
    const stored = await call('GET', json<{ foto_url: string }>(jpg).foto_url, tokens.siswa);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(readImageHeader(stored.rawPayload)).toEqual({ mimeType: 'image/jpeg', width: 354, height: 266 });
    expect(stored.rawPayload.includes('RAHASIA-LOKASI')).toBe(false);
  });
});
