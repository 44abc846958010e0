import {
  TAUTAN_BAWAAN,
  TAUTAN_MESSAGES,
  UNDUHAN_KATALOG,
  type UnduhanEntry,
} from '@erapor/contract/unduhan/katalog';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { PENGUJI_EMAIL } from '../demo/write-ukk';

/*
 * Pusat Unduhan (issue #14 item 8): every catalogue entry downloads a valid file for a role it
 * names and answers 403 to a role it does not; a Nilai Akhir template taken from the centre's
 * address is accepted by the upload; the reference links are the administrator's to edit.
 */

type Row = Record<string, unknown>;
const P5_SEMESTER = '20242';

describeEngines('Pusat Unduhan', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  const values: Record<string, string> = {};
  const p5Values: Record<string, string> = {};

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db, { living: true });
    for (const who of ['admin', 'guru', 'wali', 'waka', 'siswa', 'kaprog'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
    tokens.penguji = (await loginAs(t().app, PENGUJI_EMAIL, demo.semesterId)).accessToken;
    // The P5 report is printed in a semester before 20251: both sides log in to that one.
    tokens.wakaP5 = (await loginAs(t().app, demo.accounts.waka.email, P5_SEMESTER)).accessToken;
    tokens.guruP5 = (await loginAs(t().app, demo.accounts.guru.email, P5_SEMESTER)).accessToken;
    // guru@'s first subject with a CP, wali@'s class and its first pupil, as the pickers offer them.
    const [mapel] = await sqlRows<Row>(
      db,
      sql`select p.pembelajaran_id from pembelajaran p
        where p.guru_id = ${demo.accounts.guru.guruId} and p.semester_id = ${demo.semesterId}
          and p.kelompok_id is not null and p.deleted_at is null
        order by p.pembelajaran_id limit 1`,
    );
    values.pembelajaran = String(mapel?.pembelajaran_id);
    const sumber = json<{ jenis: string; data: { id: string }[] }>(
      await t().app.inject({
        method: 'GET',
        url: `/api/kurikulum/tp/sumber?pembelajaran_id=${values.pembelajaran}`,
        headers: bearer(tokens.guru ?? ''),
      }),
    );
    values.cp = `${sumber.jenis}:${sumber.data[0]?.id}`;
    const [kelas] = await sqlRows<Row>(
      db,
      sql`select r.rombongan_belajar_id, a.anggota_rombel_id from rombongan_belajar r
        join anggota_rombel a on a.rombongan_belajar_id = r.rombongan_belajar_id and a.deleted_at is null
        where r.guru_id = ${demo.accounts.wali.guruId} and r.semester_id = ${demo.semesterId} and r.jenis_rombel = 1
        order by a.anggota_rombel_id limit 1`,
    );
    values.rombel = String(kelas?.rombongan_belajar_id);
    values.anggota = String(kelas?.anggota_rombel_id);
    // A pupil of a class with P5 projects in the semester the demo gives them.
    const [p5] = await sqlRows<Row>(
      db,
      sql`select r.rombongan_belajar_id, a.anggota_rombel_id from rencana_budaya_kerja rb
        join rombongan_belajar r on r.rombongan_belajar_id = rb.rombongan_belajar_id
        join anggota_rombel a on a.rombongan_belajar_id = r.rombongan_belajar_id and a.deleted_at is null
        where r.semester_id = ${P5_SEMESTER} order by a.anggota_rombel_id limit 1`,
    );
    // A scored pupil with NISN of the living demo's UKK plan (not run by an LSP).
    const [ukk] = await sqlRows<Row>(
      db,
      sql`select n.rencana_ukk_id, n.anggota_rombel_id from nilai_ukk n
        join rencana_ukk r on r.rencana_ukk_id = n.rencana_ukk_id
        join peserta_didik p on p.peserta_didik_id = n.peserta_didik_id
        where r.semester_id = ${demo.semesterId} and r.pola_ukk <> 'lsp' and n.nilai is not null
          and p.nisn is not null order by n.anggota_rombel_id limit 1`,
    );
    values.ukk = String(ukk?.rencana_ukk_id);
    values.ukkAnggota = String(ukk?.anggota_rombel_id);
    // pkl@'s PKL placement as the living demo plans it (issue #27), and one of its pupils.
    const [pkl] = await t().db.query<{ pkl_id: string; peserta_didik_id: string }>(
      `select k.pkl_id, pd.peserta_didik_id from praktik_kerja_lapangan k
       join pd_pkl pd on pd.pkl_id = k.pkl_id
       where k.akt_pd_id = $1 order by pd.peserta_didik_id limit 1`,
      [demo.school.relations.pklAktPdIds[0]],
    );
    if (!pkl) throw new Error('demo PKL plan missing');
    values.pkl = pkl.pkl_id;
    values.pd = pkl.peserta_didik_id;
    p5Values.rombel = String(p5?.rombongan_belajar_id);
    p5Values.anggota = String(p5?.anggota_rombel_id);
  });

  /** The role that downloads an entry in this test (one it names) and one it does not name. */
  const permitted = (e: UnduhanEntry) => (e.p5 ? 'wakaP5' : (e.roles.find((r) => r in tokens) ?? ''));
  const refused = (e: UnduhanEntry) =>
    e.p5 ? 'guruP5' : e.roles.includes('guru') ? 'siswa' : e.roles.includes('wali') ? 'guru' : 'wali';

  function fetchEntry(e: UnduhanEntry, token: string) {
    const v = {
      pembelajaran: '',
      cp: '',
      rombel: '',
      anggota: '',
      ukk: '',
      pkl: '',
      pd: '',
      ...values,
      ...(e.p5 ? p5Values : {}),
      // A certificate's pupil is one of the plan's.
      ...(e.params.includes('ukk') ? { anggota: values.ukkAnggota ?? '' } : {}),
    };
    const { path, query } = e.request(v);
    const qs = query ? `?${new URLSearchParams(query)}` : '';
    return t().app.inject({ method: 'GET', url: `/api${path}${qs}`, headers: bearer(token) });
  }

  for (const entry of UNDUHAN_KATALOG) {
    it(`${entry.id}: a permitted role downloads a valid ${entry.format}, another gets 403`, async () => {
      const ok = await fetchEntry(entry, tokens[permitted(entry)] ?? '');
      expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
      const head = ok.rawPayload.subarray(0, 4).toString('latin1');
      expect(head).toBe(entry.format === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
      const no = await fetchEntry(entry, tokens[refused(entry)] ?? '');
      expect(no.statusCode).toBe(403);
      const anon = await fetchEntry(entry, '');
      expect(anon.statusCode).toBe(401);
    });
  }

  it("offers a certificate printer the plans they print and the chosen plan's scored pupils", async () => {
    const choices = (who: string, plan = '') =>
      t().app.inject({
        method: 'GET',
        url: `/api/cetak/sertifikat${plan ? `?rencana_ukk_id=${plan}` : ''}`,
        headers: bearer(tokens[who] ?? ''),
      });
    const [count] = await sqlRows<Row>(
      t().db.db,
      sql`select count(*)::int n from nilai_ukk where rencana_ukk_id = ${values.ukk} and nilai is not null`,
    );
    for (const who of ['kaprog', 'waka', 'penguji']) {
      const list = json<{ rencana: { value: string }[]; data: unknown[] }>(await choices(who));
      expect(
        list.rencana.map((r) => r.value),
        who,
      ).toContain(values.ukk);
      expect(list.data).toEqual([]);
      const chosen = json<{ data: { anggota_rombel_id: string }[] }>(await choices(who, values.ukk ?? ''));
      expect(chosen.data).toHaveLength(Number(count?.n));
      expect(chosen.data.map((d) => d.anggota_rombel_id)).toContain(values.ukkAnggota);
    }
    for (const who of ['admin', 'guru', 'wali', 'siswa']) {
      expect((await choices(who)).statusCode, who).toBe(403);
    }
    expect((await choices('kaprog', 'bukan-uuid')).statusCode).toBe(400);
  });

  it('a Nilai Akhir template downloaded through the centre is accepted by the upload', async () => {
    const entry = UNDUHAN_KATALOG.find((e) => e.id === 'template-nilai-akhir');
    if (!entry) throw new Error('no entry');
    const file = await fetchEntry(entry, tokens.guru ?? '');
    expect(file.statusCode).toBe(200);
    const boundary = '----unduhan';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file_excel"; filename="na.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file.rawPayload,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t().app.inject({
      method: 'POST',
      url: `/api/penilaian/pembelajaran/${values.pembelajaran}/upload/nilai-akhir`,
      headers: { ...bearer(tokens.guru ?? ''), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(up.statusCode, up.body.slice(0, 300)).toBe(200);
  });

  it('serves the default links until the administrator saves the school own list', async () => {
    const first = await t().app.inject({
      method: 'GET',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.guru ?? ''),
    });
    expect(json(first)).toEqual({ data: TAUTAN_BAWAAN });
    const list = [{ bagian: 'Panduan', judul: 'Panduan Sekolah', url: 'https://contoh.sch.id/panduan.pdf' }];
    const saved = await t().app.inject({
      method: 'PUT',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.admin ?? ''),
      payload: { data: list },
    });
    expect(json(saved)).toEqual({ data: list, message: TAUTAN_MESSAGES.saved });
    const read = await t().app.inject({
      method: 'GET',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.siswa ?? ''),
    });
    expect(json(read)).toEqual({ data: list });
    const emptied = await t().app.inject({
      method: 'PUT',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.admin ?? ''),
      payload: { data: [] },
    });
    expect(emptied.statusCode).toBe(200);
    const none = await t().app.inject({
      method: 'GET',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.admin ?? ''),
    });
    expect(json(none)).toEqual({ data: [] });
  });

  it('refuses a bad link per field and keeps the stored list; others get 403 whatever the body', async () => {
    const before = await t().app.inject({
      method: 'GET',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.admin ?? ''),
    });
    const bad = await t().app.inject({
      method: 'PUT',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.admin ?? ''),
      payload: { data: [{ bagian: '', judul: 'x'.repeat(151), url: 'javascript:alert(1)' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(TAUTAN_MESSAGES.bagian);
    expect(bad.body).toContain(TAUTAN_MESSAGES.judulMax);
    expect(bad.body).toContain(TAUTAN_MESSAGES.url);
    const after = await t().app.inject({
      method: 'GET',
      url: '/api/unduhan/tautan',
      headers: bearer(tokens.admin ?? ''),
    });
    expect(after.body).toBe(before.body);
    for (const who of ['guru', 'wali', 'waka', 'siswa']) {
      const res = await t().app.inject({
        method: 'PUT',
        url: '/api/unduhan/tautan',
        headers: bearer(tokens[who] ?? ''),
        payload: { data: 'bukan daftar' },
      });
      expect(res.statusCode, who).toBe(403);
    }
  });
});
