import { randomBytes } from 'node:crypto';
import { IMAGE_MESSAGES } from '@erapor/contract/image';
import {
  SETTING_MESSAGES,
  type SettingsResponse,
  SUMBER_DAPODIK_SETTING,
  sumberDapodik,
} from '@erapor/contract/sekolah';
import { beforeAll, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';

const PNG = Buffer.from(
  // A 1 × 1 black PNG that decodes (lib/image.ts decodes every upload in full, decision 049).
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63606060f80f00010401005fe5c34b0000000049454e44ae426082',
  'hex',
);

function multipart(data: unknown, file?: { name: string; content: Buffer }) {
  const boundary = `----erapor${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  ];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const ROLES_DENIED = ['guru', 'wali', 'kaprog', 'waka', 'ekskul', 'pkl', 'siswa'] as const;

describeEngines('sekolah settings and beranda', {}, (t) => {
  const tokens: Record<string, string> = {};
  let semesterId = '';
  beforeAll(async () => {
    const [row] = await t().db.query<{ semester_id: string }>(
      'select semester_id from semester where periode_aktif',
    );
    semesterId = row?.semester_id ?? '';
    for (const key of ['admin', ...ROLES_DENIED]) {
      tokens[key] = (await loginAs(t().app, `${key}@demo.sch.id`, semesterId)).accessToken;
    }
  });
  const get = (url: string, who = 'admin') => t().app.inject({ url, headers: bearer(tokens[who] ?? '') });

  function validForm(page: SettingsResponse) {
    return {
      periode_aktif: page.periode_aktif,
      tanggal_rapor: '2026-12-19',
      tanggal_rapor_kelas_akhir: '',
      tanggal_rapor_pts: null,
      kepala_sekolah: page.guru_options[0]?.value ?? null,
      jabatan: 'Plt. Kepala Sekolah',
      zona: 'Asia/Makassar',
      rombel_4_tahun: page.rombel_options.slice(0, 1).map((o) => o.value),
      url_dapodik: 'http://127.0.0.1:5774',
      token_dapodik: 'rahasia-token-123',
      sekolah: { ...page.sekolah, nama: 'SMK Negeri Demo Baru' },
    };
  }

  it('administrator reads and saves every setting; the token stays on the server, encrypted', async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    expect(page.semester_id).toBe(semesterId);
    expect(page.guru_options.length).toBeGreaterThan(0);
    expect(page.token_dapodik_tersimpan).toBe(false);
    const form = validForm(page);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/setting',
      payload: form,
      headers: bearer(tokens.admin ?? ''),
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = json<SettingsResponse>(res);
    expect(saved).toMatchObject({
      tanggal_rapor: '2026-12-19',
      tanggal_rapor_kelas_akhir: null,
      jabatan: 'Plt. Kepala Sekolah',
      zona: 'Asia/Makassar',
      kepala_sekolah: form.kepala_sekolah,
      rombel_4_tahun: form.rombel_4_tahun,
      url_dapodik: 'http://127.0.0.1:5774',
      token_dapodik_tersimpan: true,
    });
    expect(saved.sekolah.nama).toBe('SMK Negeri Demo Baru');
    expect(res.body).not.toContain('rahasia-token-123');
    const stored = await t().db.query<{ value: string }>(
      "select value from settings where key = 'token_dapodik'",
    );
    expect(stored[0]?.value).toMatch(/^v1\./);
    expect(stored[0]?.value).not.toContain('rahasia');

    // Empty token: the stored one is kept.
    const again = await t().app.inject({
      method: 'POST',
      url: '/api/setting',
      payload: { ...form, token_dapodik: '' },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(json<SettingsResponse>(again).token_dapodik_tersimpan).toBe(true);
  });

  it('the Dapodik source: auto until chosen, kept when omitted, read by the sync under the same key', async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    expect(page.sumber_dapodik).toBe('auto');
    const post = (payload: object) =>
      t().app.inject({ method: 'POST', url: '/api/setting', payload, headers: bearer(tokens.admin ?? '') });
    const chosen = await post({ ...validForm(page), sumber_dapodik: 'webservice' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(json<SettingsResponse>(chosen).sumber_dapodik).toBe('webservice');
    const stored = await t().db.query<{ value: string }>(
      `select value from settings where key = '${SUMBER_DAPODIK_SETTING}' and semester_id is null`,
    );
    expect(sumberDapodik(stored[0]?.value)).toBe('webservice');
    // A form without the field (an older client) leaves the choice alone.
    expect(json<SettingsResponse>(await post(validForm(page))).sumber_dapodik).toBe('webservice');
    const bad = await post({ ...validForm(page), sumber_dapodik: 'ftp' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ details: Record<string, string> }>(bad).details.sumber_dapodik).toBe(
      SETTING_MESSAGES.sumberDapodikInvalid,
    );
    expect(json<SettingsResponse>(await get('/api/setting')).sumber_dapodik).toBe('webservice');
  });

  it("showing this semester's grades to pupils: off until chosen, per semester, kept when omitted", async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    expect(page.rilis_nilai_siswa).toBe(false);
    const post = (payload: object) =>
      t().app.inject({ method: 'POST', url: '/api/setting', payload, headers: bearer(tokens.admin ?? '') });
    const on = await post({ ...validForm(page), rilis_nilai_siswa: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(json<SettingsResponse>(on).rilis_nilai_siswa).toBe(true);
    const stored = await t().db.query<{ value: string; semester_id: string | null }>(
      "select value, semester_id from settings where key = 'rilis_nilai_siswa'",
    );
    expect(stored).toEqual([{ value: '1', semester_id: page.semester_id }]);
    expect(json<SettingsResponse>(await post(validForm(page))).rilis_nilai_siswa).toBe(true);
    const bad = await post({ ...validForm(page), rilis_nilai_siswa: 'ya' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ details: Record<string, string> }>(bad).details.rilis_nilai_siswa).toBe(
      SETTING_MESSAGES.rilisNilaiSiswaInvalid,
    );
    const off = await post({ ...validForm(page), rilis_nilai_siswa: false });
    expect(json<SettingsResponse>(off).rilis_nilai_siswa).toBe(false);
  });

  it("classmates' contact details in the pupil portal: hidden until chosen, per school, kept when omitted", async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    expect(page.kontak_teman_sekelas).toBe(false);
    const post = (payload: object) =>
      t().app.inject({ method: 'POST', url: '/api/setting', payload, headers: bearer(tokens.admin ?? '') });
    const on = await post({ ...validForm(page), kontak_teman_sekelas: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(json<SettingsResponse>(on).kontak_teman_sekelas).toBe(true);
    const stored = await t().db.query<{ value: string; semester_id: string | null }>(
      "select value, semester_id from settings where key = 'kontak_teman_sekelas'",
    );
    expect(stored).toEqual([{ value: '1', semester_id: null }]);
    expect(json<SettingsResponse>(await post(validForm(page))).kontak_teman_sekelas).toBe(true);
    const bad = await post({ ...validForm(page), kontak_teman_sekelas: 'ya' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ details: Record<string, string> }>(bad).details.kontak_teman_sekelas).toBe(
      SETTING_MESSAGES.kontakTemanSekelasInvalid,
    );
    const off = await post({ ...validForm(page), kontak_teman_sekelas: false });
    expect(json<SettingsResponse>(off).kontak_teman_sekelas).toBe(false);
  });

  it('Tempat Rapor and the staff number under signatures: saved, read back, kept when omitted, refused when unknown', async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    expect(page.identitas_pegawai).toBe('nip');
    const post = (payload: object) =>
      t().app.inject({ method: 'POST', url: '/api/setting', payload, headers: bearer(tokens.admin ?? '') });
    const saved = await post({ ...validForm(page), tempat_rapor: '  Cimahi ', identitas_pegawai: 'niy' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<SettingsResponse>(saved)).toMatchObject({ tempat_rapor: 'Cimahi', identitas_pegawai: 'niy' });
    // Omitted choice kept; an emptied place falls back to the kabupaten (tempatRapor) when printed.
    const kept = json<SettingsResponse>(await post({ ...validForm(page), tempat_rapor: '' }));
    expect(kept).toMatchObject({ tempat_rapor: null, identitas_pegawai: 'niy' });
    const before = await t().db.query(
      'select key, value, semester_id from settings order by key, semester_id',
    );
    const bad = await post({ ...validForm(page), identitas_pegawai: 'nik', tempat_rapor: 'x'.repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(json<{ details: Record<string, string> }>(bad).details).toMatchObject({
      identitas_pegawai: SETTING_MESSAGES.identitasPegawaiInvalid,
      tempat_rapor: 'Maksimal 100 karakter',
    });
    expect(
      await t().db.query('select key, value, semester_id from settings order by key, semester_id'),
    ).toEqual(before);
  });

  it('bad input: field messages in Indonesian, nothing saved', async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    const before = await t().db.query(
      'select key, value, semester_id from settings order by key, semester_id',
    );
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/setting',
      payload: { ...validForm(page), jabatan: '', zona: 'Europe/Berlin', tanggal_rapor: '2026-13-45' },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ details: Record<string, string> }>(res).details).toMatchObject({
      jabatan: SETTING_MESSAGES.jabatanRequired,
      zona: SETTING_MESSAGES.zonaRequired,
      tanggal_rapor: SETTING_MESSAGES.tanggalInvalid,
    });
    const foreign = await t().app.inject({
      method: 'POST',
      url: '/api/setting',
      payload: { ...validForm(page), kepala_sekolah: '00000000-0000-4000-8000-00000000ffff' },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(foreign.statusCode).toBe(422);
    expect(json<{ details: Record<string, string> }>(foreign).details.kepala_sekolah).toBe(
      SETTING_MESSAGES.kepalaSekolahUnknown,
    );
    expect(
      await t().db.query('select key, value, semester_id from settings order by key, semester_id'),
    ).toEqual(before);
  });

  it('logo: png saved with the form; too big, wrong type or fake content refused and nothing half-saved', async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    const form = { ...validForm(page), tanggal_rapor: '2026-12-01' };
    const send = (m: ReturnType<typeof multipart>) =>
      t().app.inject({
        method: 'POST',
        url: '/api/setting',
        payload: m.payload,
        headers: { ...m.headers, ...bearer(tokens.admin ?? '') },
      });
    const tooBig = await send(
      multipart(form, { name: 'logo.png', content: Buffer.concat([PNG, randomBytes(1024 * 1024)]) }),
    );
    expect(tooBig.statusCode).toBe(422);
    expect(json<{ details: Record<string, string> }>(tooBig).details.logo).toBe(SETTING_MESSAGES.logoSize);
    const pdf = await send(multipart(form, { name: 'logo.pdf', content: Buffer.from('%PDF-1.4') }));
    expect(json<{ details: Record<string, string> }>(pdf).details.logo).toBe(SETTING_MESSAGES.logoType);
    const fake = await send(
      multipart(form, { name: 'logo.png', content: Buffer.from('not an image at all') }),
    );
    expect(json<{ details: Record<string, string> }>(fake).details.logo).toBe(IMAGE_MESSAGES.notImage);
    // None of the refused requests saved the form's date.
    expect(json<SettingsResponse>(await get('/api/setting')).tanggal_rapor).not.toBe('2026-12-01');

    const ok = await send(multipart(form, { name: 'Logo.PNG', content: PNG }));
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = json<SettingsResponse>(ok);
    expect(saved.tanggal_rapor).toBe('2026-12-01');
    expect(saved.sekolah.logo_url).toMatch(/^\/api\/setting\/logo\//);
    const img = await get(saved.sekolah.logo_url ?? '', 'siswa');
    expect(img.statusCode).toBe(200);
    // A PNG logo stays PNG, re-encoded by us (decision 049).
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(false);
  });

  it('periode aktif: the administrator moves the active semester of the installation', async () => {
    const page = json<SettingsResponse>(await get('/api/setting'));
    const other = page.semesters.find((s) => s.semester_id !== page.periode_aktif)?.semester_id;
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/setting',
      payload: { ...validForm(page), periode_aktif: other },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(json<SettingsResponse>(res).periode_aktif).toBe(other);
    const unknown = await t().app.inject({
      method: 'POST',
      url: '/api/setting',
      payload: { ...validForm(page), periode_aktif: '19991' },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(unknown.statusCode).toBe(422);
    // Back, so the other suites' assumptions hold.
    await t().app.inject({
      method: 'POST',
      url: '/api/setting',
      payload: { ...validForm(page), periode_aktif: semesterId },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(json<SettingsResponse>(await get('/api/setting')).periode_aktif).toBe(semesterId);
  });

  it('beranda: counts by SQL, identity, app info, status penilaian switch', async () => {
    const res = await get('/api/beranda/admin');
    expect(res.statusCode).toBe(200);
    const body = json<{
      counts: Record<string, number>;
      status_penilaian: boolean;
      app: { version: string };
    }>(res);
    const [pd] = await t().db.query<{ n: number }>(
      'select count(*)::int as n from peserta_didik p where active and not exists (select 1 from pd_keluar k where k.peserta_didik_id = p.peserta_didik_id)',
    );
    const [rombel] = await t().db.query<{ n: number }>(
      `select count(*)::int as n from rombongan_belajar where jenis_rombel = 1 and semester_id = '${semesterId}' and deleted_at is null`,
    );
    expect(body.counts.peserta_didik).toBe(pd?.n);
    expect(body.counts.rombel).toBe(rombel?.n);
    expect(body.counts.guru).toBeGreaterThan(0);
    expect(body.counts.pembelajaran).toBeGreaterThan(0);
    expect(body.status_penilaian).toBe(true);

    const close = await t().app.inject({
      method: 'PUT',
      url: '/api/status-penilaian',
      payload: { status: false },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(close.statusCode).toBe(200);
    for (const who of ['guru', 'siswa']) {
      expect(json(await get('/api/status-penilaian', who))).toEqual({ status: false });
    }
    await t().app.inject({
      method: 'PUT',
      url: '/api/status-penilaian',
      payload: { status: true },
      headers: bearer(tokens.admin ?? ''),
    });
    expect(json(await get('/api/status-penilaian', 'wali'))).toEqual({ status: true });
  });

  it('Tata Usaha reads the admin beranda but cannot change anything', async () => {
    await t().db.query(
      `insert into role_user (user_id, role, semester_id, sekolah_id, source)
       select user_id, 'tu', $1, sekolah_id, 'manual' from users where email = 'waka@demo.sch.id'`,
      [semesterId],
    );
    const tu = (await loginAs(t().app, 'waka@demo.sch.id', semesterId)).accessToken;
    expect((await t().app.inject({ url: '/api/beranda/admin', headers: bearer(tu) })).statusCode).toBe(200);
    expect((await t().app.inject({ url: '/api/setting', headers: bearer(tu) })).statusCode).toBe(403);
    const toggle = await t().app.inject({
      method: 'PUT',
      url: '/api/status-penilaian',
      payload: { status: false },
      headers: bearer(tu),
    });
    expect(toggle.statusCode).toBe(403);
    await t().db.query("delete from role_user where role = 'tu' and semester_id = $1", [semesterId]);
  });

  it('403 for every role other than the administrator', async () => {
    for (const who of ROLES_DENIED) {
      expect((await get('/api/setting', who)).statusCode, who).toBe(403);
      expect((await get('/api/beranda/admin', who)).statusCode, who).toBe(403);
      const save = await t().app.inject({
        method: 'POST',
        url: '/api/setting',
        payload: {},
        headers: bearer(tokens[who] ?? ''),
      });
      expect(save.statusCode, who).toBe(403);
      const toggle = await t().app.inject({
        method: 'PUT',
        url: '/api/status-penilaian',
        payload: { status: false },
        headers: bearer(tokens[who] ?? ''),
      });
      expect(toggle.statusCode, who).toBe(403);
    }
    expect((await t().app.inject({ url: '/api/setting' })).statusCode).toBe(401);
  });
});
