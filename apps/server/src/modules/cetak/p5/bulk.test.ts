import { namaBerkasSiswa } from '@erapor/contract/cetak/rapor-semua';
import { MESSAGES } from '@erapor/contract/errors';
import type { Job } from '@erapor/contract/jobs';
import {
  JOB_KIND_RAPOR_P5_SEMUA,
  projekProfil,
  RAPOR_P5_MESSAGES,
  RAPOR_P5_SEMUA_MESSAGES,
  RAPOR_P5_TITLE,
} from '@erapor/contract/projek/cetak';
import type { NilaiProjekGrid } from '@erapor/contract/projek/penilaian';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../../db/sql-rows';
import { entryData, readZipDirectory } from '../../../lib/spreadsheet/zip-budget';
import { bearer, describeEngines, json } from '../../../test/engines';
import { pdfText } from '../../../test/pdf-text';
import { staffToken } from '../../penilaian/beranda/test-accounts';
import { P5_SEMESTER, type P5Fixture, p5Fixture } from '../../projek/test-p5';
import { jobEnd } from '../rapor/test-jobs';

/*
 * Cetak Semua of a class's P5 reports (decisions 033, 037): the report cards' bulk job under the
 * kind `rapor-p5-semua`, its status / cancel / download addresses, the single report's access.
 */

const SIX = [
  { elemen: 1, sub_elemen: 1 },
  { elemen: 2, sub_elemen: 4 },
  { elemen: 15, sub_elemen: 36 },
  { elemen: 16, sub_elemen: 38 },
  { elemen: 13, sub_elemen: 29 },
  { elemen: 14, sub_elemen: 31 },
];
const PROJEK = 'Kearifan Lokal Nusantara';

describeEngines('Cetak Semua: the P5 reports of a class', {}, (t) => {
  let f: P5Fixture;
  let waliToken = '';
  let otherWaliToken = '';
  let pupils: { id: string; nama: string; nisn: string | null }[] = [];
  let k13Kelas = '';

  const start = (token: string, payload: Record<string, unknown>) =>
    t().app.inject({ method: 'POST', url: '/api/cetak/rapor-p5-semua', headers: bearer(token), payload });
  const get = (token: string, url: string) => t().app.inject({ method: 'GET', url, headers: bearer(token) });

  const finished = (token: string, id: string) => jobEnd(t().app, id, token);

  async function finishedJob(token: string, output: 'pdf' | 'zip'): Promise<Job> {
    const res = await start(token, { rombongan_belajar_id: f.kelas.id, output });
    expect(res.statusCode, res.body).toBe(202);
    const end = await finished(token, json<Job>(res).id);
    expect(end.status, end.message ?? '').toBe('done');
    return end;
  }

  beforeAll(async () => {
    const db = t().db.db;
    f = await p5Fixture(t().app, db, 'semua');
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
      t().app.inject({
        method,
        url,
        headers: bearer(f.tokens.koord),
        ...(payload ? { payload: payload as object } : {}),
      });
    const plan = await call('POST', '/api/projek/rencana', {
      rombongan_belajar_id: f.kelas.id,
      pembelajaran_id: f.kelas.themes[0]?.id,
      nama: PROJEK,
      deskripsi: 'Mengenal permainan tradisional daerah.',
      no_urut: 1,
      sub_elemen: SIX,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const grid = json<NilaiProjekGrid>(await call('GET', `/api/projek/penilaian/${f.kelas.id}`));
    const projek = grid.rencana[0];
    if (!projek) throw new Error('no project');
    pupils = grid.siswa.map((s) => ({ id: s.anggota_rombel_id, nama: s.nama, nisn: s.nisn ?? null }));
    // The first two pupils get a level in every sub-element.
    const saved = await call('PUT', `/api/projek/penilaian/${f.kelas.id}`, {
      rows: grid.siswa.slice(0, 2).flatMap((s) =>
        projek.aspek.map((a) => ({
          anggota_rombel_id: s.anggota_rombel_id,
          aspek_budaya_kerja_id: a.aspek_budaya_kerja_id,
          nilai: 'BSH',
          sebelumnya: null,
        })),
      ),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const wali = async (kelasId: string, email: string) => {
      const [k] = await sqlRows<{ guru_id: string }>(
        db,
        sql`select guru_id from rombongan_belajar where rombongan_belajar_id = ${kelasId}`,
      );
      return staffToken(
        t().app,
        db,
        { sekolahId: f.demo.sekolahId, semesterId: P5_SEMESTER },
        { guruId: k?.guru_id ?? '', email, roles: ['guru', 'wali'] },
      );
    };
    waliToken = await wali(f.kelas.id, 'wali-p5-semua@test.sch.id');
    otherWaliToken = await wali(f.other.id, 'wali-lain-p5-semua@test.sch.id');
    const [k13] = await sqlRows<{ id: string }>(
      db,
      sql`select r.rombongan_belajar_id as id from rombongan_belajar r
        join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
        where r.sekolah_id = ${f.demo.sekolahId} and r.semester_id = ${P5_SEMESTER} and r.jenis_rombel = 1
          and k.nama_kurikulum not ilike '%merdeka%' and r.deleted_at is null
          and exists (select 1 from anggota_rombel a where a.rombongan_belajar_id = r.rombongan_belajar_id)
        limit 1`,
    );
    k13Kelas = k13?.id ?? '';
  });

  it('prints the class as one PDF: every pupil, the project, "√", pages numbered per pupil', async () => {
    const end = await finishedJob(f.tokens.koord, 'pdf');
    expect(end.total).toBe(pupils.length);
    expect(end.progress).toBe(pupils.length);
    expect(end.message).toBe(RAPOR_P5_SEMUA_MESSAGES.done(pupils.length));
    const file = await get(f.tokens.koord, `/api/cetak/rapor-semua/${end.id}/unduh`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(
      `Rapor P5 ${f.kelas.nama} ${P5_SEMESTER}.pdf`,
    );
    const { text } = pdfText(file.rawPayload);
    expect(text.split(RAPOR_P5_TITLE).length - 1).toBe(pupils.length);
    expect(text).toContain(projekProfil(1, PROJEK));
    for (const p of pupils) expect(text).toContain(`${p.nama} - ${f.kelas.nama} | 1 |`);
    // Two pupils with six levels each.
    expect(text.split('√').length - 1).toBe(12);
  });

  it('prints a ZIP for the wali, the Waka and the admin: an entry "{No}-{NISN}-{Nama}.pdf" per pupil', async () => {
    for (const token of [waliToken, f.tokens.waka, f.tokens.admin]) {
      const end = await finishedJob(token, 'zip');
      const file = await get(token, `/api/cetak/rapor-semua/${end.id}/unduh`);
      expect(file.headers['content-type']).toBe('application/zip');
      const zip = file.rawPayload;
      const entries = readZipDirectory(zip, { maxEntries: 1000, maxPartBytes: 50e6, maxTotalBytes: 500e6 });
      expect(entries.map((e) => e.name)).toEqual(
        pupils.map((p, i) => `${f.kelas.nama}/${namaBerkasSiswa(i + 1, { ...p, nis: null })}`),
      );
      const first = entries[0];
      if (!first) throw new Error('empty zip');
      const { text, pages } = pdfText(Buffer.from(entryData(zip, first)));
      expect(pages).toBeGreaterThan(0);
      expect(text).toContain(pupils[0]?.nama);
      expect(text).toContain(projekProfil(1, PROJEK));
    }
  });

  it('runs one job per class: a second start while it runs is 409 naming it; cancel ends it', async () => {
    const first = await start(f.tokens.koord, { rombongan_belajar_id: f.kelas.id, output: 'zip' });
    expect(first.statusCode).toBe(202);
    const job = json<Job>(first);
    expect(job.kind.startsWith(`${JOB_KIND_RAPOR_P5_SEMUA}:`)).toBe(true);
    const again = await start(waliToken, { rombongan_belajar_id: f.kelas.id, output: 'pdf' });
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe(RAPOR_P5_SEMUA_MESSAGES.alreadyRunning);
    const cancel = await t().app.inject({
      method: 'POST',
      url: `/api/cetak/rapor-semua/${job.id}/batal`,
      headers: bearer(f.tokens.koord),
    });
    // The job may have finished already on a fast machine: then cancelling is 409.
    expect([200, 409]).toContain(cancel.statusCode);
    expect(['cancelled', 'done']).toContain((await finished(f.tokens.koord, job.id)).status);
  });

  it('403 for roles that may not, before the body; another class’s wali and Koord P5 too', async () => {
    for (const who of ['guru', 'kaprog', 'siswa'] as const) {
      for (const payload of [{ rombongan_belajar_id: f.kelas.id, output: 'pdf' }, {}]) {
        const res = await start(f.tokens[who], payload);
        expect(res.statusCode, who).toBe(403);
        expect(json<{ message: string }>(res).message).toBe(MESSAGES.forbidden);
      }
    }
    for (const token of [f.tokens.koordOther, otherWaliToken]) {
      expect((await start(token, { rombongan_belajar_id: f.kelas.id, output: 'pdf' })).statusCode).toBe(403);
    }
  });

  it('400 with the field for a bad body; 409 for a K13 class and from 20251', async () => {
    const bad = await start(f.tokens.koord, { rombongan_belajar_id: 'x', output: 'docx' });
    expect(bad.statusCode).toBe(400);
    const details = json<{ details: Record<string, string> }>(bad).details;
    expect(details.rombongan_belajar_id).toBe('Rombongan belajar tidak ditemukan.');
    expect(details.output).toBe('Pilih PDF atau ZIP.');
    if (k13Kelas) {
      const k13 = await start(f.tokens.waka, { rombongan_belajar_id: k13Kelas, output: 'pdf' });
      expect(k13.statusCode).toBe(409);
      expect(json<{ message: string }>(k13).message).toBe(RAPOR_P5_MESSAGES.notMerdeka);
    }
    const fresh = await start(f.tokens.koordNew, { rombongan_belajar_id: f.kelasNew.id, output: 'pdf' });
    expect(fresh.statusCode).toBe(409);
    expect(json<{ message: string }>(fresh).message).toBe(RAPOR_P5_MESSAGES.newPpa);
  });
});
