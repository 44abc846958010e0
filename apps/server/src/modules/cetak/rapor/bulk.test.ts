import { existsSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import {
  JOB_KIND_RAPOR_SEMUA,
  namaBerkasSiswa,
  RAPOR_SEMUA_KEEP_HOURS,
  RAPOR_SEMUA_MESSAGES,
  safeName,
} from '@erapor/contract/cetak/rapor-semua';
import type { Job } from '@erapor/contract/jobs';
import { isMerdeka } from '@erapor/contract/penilaian/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../../db/sql-rows';
import { jobs } from '../../../db/tables/jobs';
import { nilaiAkhir } from '../../../db/tables/penilaian';
import { entryData, readZipDirectory } from '../../../lib/spreadsheet/zip-budget';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json } from '../../../test/engines';
import { pdfText } from '../../../test/pdf-text';
import { demoTokens, otherWali } from '../../penilaian/beranda/test-accounts';
import { bulkDir, bulkFile } from './bulk';
import { jobEnd } from './test-jobs';

const SCHOOL_2 = '00000000-0000-4000-8000-0000000e0c01';
const ROMBEL_2 = '00000000-0000-4000-8000-0000000e0c02';
const UNKNOWN = '00000000-0000-4000-8000-0000000e0c05';
const JOB_2 = '00000000-0000-4000-8000-0000000e0c06';
const ALL = ['cover', 'nilai-akhir', 'pelengkap'];

describeEngines('cetak semua: the bulk report-card job', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let kelasId = '';
  let pupils: { ar: string; nama: string; nisn: string | null; nis: string | null; nilai: number }[] = [];
  let mapel = '';

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    Object.assign(
      tokens,
      await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'waka']),
    );
    tokens.otherWali = (await otherWali(t().app, db, demo, 'wali-lain-semua@test.sch.id')).token;
    kelasId = demo.school.relations.waliRombelId;
    // The first three pupils (in print order: by name) get a hand-set grade in the class's first subject.
    const rows = await sqlRows<{
      anggota_rombel_id: string;
      nama: string;
      nisn: string | null;
      nis: string | null;
    }>(
      db,
      sql`select a.anggota_rombel_id, p.nama, p.nisn, p.no_induk as nis from anggota_rombel a
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${kelasId} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id limit 3`,
    );
    const [subject] = await sqlRows<{
      pembelajaran_id: string;
      nama_mata_pelajaran: string;
      nama_kurikulum: string;
    }>(
      db,
      sql`select b.pembelajaran_id, b.nama_mata_pelajaran, k.nama_kurikulum from pembelajaran b
        join rombongan_belajar r on r.rombongan_belajar_id = b.rombongan_belajar_id
        left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
        where b.rombongan_belajar_id = ${kelasId} and b.deleted_at is null and b.induk_pembelajaran_id is null
          and b.kelompok_id is not null and b.no_urut is not null and b.mata_pelajaran_id not between 200040000 and 200040099
          and b.nama_mata_pelajaran ilike '%matematika%'
        limit 1`,
    );
    if (rows.length < 3 || !subject) throw new Error('demo class too small');
    mapel = subject.nama_mata_pelajaran;
    pupils = rows.map((r, i) => ({
      ar: r.anggota_rombel_id,
      nama: r.nama,
      nisn: r.nisn,
      nis: r.nis,
      nilai: [67, 84, 93][i] ?? 0,
    }));
    const kompetensiId = isMerdeka(subject.nama_kurikulum) ? 4 : 1;
    await db.delete(nilaiAkhir).where(
      and(
        eq(nilaiAkhir.pembelajaranId, subject.pembelajaran_id),
        inArray(
          nilaiAkhir.anggotaRombelId,
          pupils.map((p) => p.ar),
        ),
      ),
    );
    await db.insert(nilaiAkhir).values(
      pupils.map((p) => ({
        sekolahId: demo.sekolahId,
        anggotaRombelId: p.ar,
        pembelajaranId: subject.pembelajaran_id,
        kompetensiId,
        nilai: p.nilai,
      })),
    );
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999912',
      semesterId: demo.semesterId,
    });
  });

  const start = (who: string, payload: Record<string, unknown>) =>
    t().app.inject({
      method: 'POST',
      url: '/api/cetak/rapor-semua',
      headers: bearer(tokens[who] ?? ''),
      payload,
    });
  const get = (url: string, who: string) =>
    t().app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });

  /** Polls the job until it has ended. */
  const finished = (id: string, who: string) => jobEnd(t().app, id, tokens[who]);

  it("prints the wali's class as one PDF: every pupil's name, NISN and grade, progress counted in pupils", async () => {
    const res = await start('wali', {
      rombongan_belajar_id: kelasId,
      dokumen: ['nilai-akhir'],
      output: 'pdf',
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = json<Job>(res);
    expect(job.total).toBeGreaterThanOrEqual(3);
    const end = await finished(job.id, 'wali');
    expect(end.status, end.message ?? '').toBe('done');
    expect(end.progress).toBe(end.total);
    expect(end.message).toBe(`Selesai: rapor ${end.total} peserta didik siap diunduh.`);
    const file = await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'wali');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const nama = demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === kelasId)?.nama;
    expect(String(file.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Rapor ${nama} ${demo.semesterId}.pdf`)}`,
    );
    const { text, pages } = pdfText(file.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(end.total ?? 0);
    for (const p of pupils) {
      expect(text).toContain(p.nama);
      expect(text).toContain(`${p.nis ?? '-'} / ${p.nisn ?? '-'}`);
      // The subject's row: its name, then the pupil's hand-set grade.
      const own = text.slice(text.indexOf(p.nama));
      expect(own).toMatch(new RegExp(`${mapel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^0-9]*${p.nilai}`));
    }
    // Pages are numbered per pupil: the second pupil's first page says "| 1 |" again.
    const second = pupils[1]?.nama ?? '';
    expect(text).toContain(`${second} - `);
    expect(text).toMatch(new RegExp(`${second.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - [^|]+\\| 1 \\|`));
    // The creator, the Waka and the admin download it; another wali may not.
    expect((await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'waka')).statusCode).toBe(200);
    expect((await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'otherWali')).statusCode).toBe(403);
  });

  it('writes a ZIP with a folder per class and "{No}-{NISN, else NIS}-{Nama}.pdf" entries', async () => {
    const res = await start('wali', { rombongan_belajar_id: kelasId, dokumen: ALL, output: 'zip' });
    expect(res.statusCode, res.body).toBe(202);
    const job = json<Job>(res);
    const end = await finished(job.id, 'wali');
    expect(end.status, end.message ?? '').toBe('done');
    const file = await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'wali');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = file.rawPayload;
    const entries = readZipDirectory(zip, { maxEntries: 1000, maxPartBytes: 50e6, maxTotalBytes: 500e6 });
    expect(entries).toHaveLength(end.total ?? -1);
    const own = demo.school.rombongan_belajar.find((r) => r.rombongan_belajar_id === kelasId);
    pupils.forEach((p, i) => {
      expect(entries[i]?.name).toBe(`${own?.nama}/${namaBerkasSiswa(i + 1, p)}`);
    });
    expect(entries[0]?.name).toMatch(/^[^/]+\/1-\d+-[^/]+\.pdf$/);
    // Every entry is whole (stored, checksum right) and a PDF of the three documents.
    for (const e of entries) {
      const data = entryData(zip, e);
      expect(crc32(data)).toBe(e.crc32);
      expect(data.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const first = entryData(zip, entries[0] as (typeof entries)[number]);
    const { text } = pdfText(Buffer.from(first));
    expect(text).toContain('RAPOR');
    expect(text).toContain(pupils[0]?.nama);
    expect(text).toContain('Tanggapan Orang Tua/Wali Murid');
  });

  it('answers 409 to a second job of the same scope and documents, and cancels: status cancelled, no file', async () => {
    const payload = { sekolah: true, dokumen: ALL, output: 'zip' };
    const res = await start('waka', payload);
    expect(res.statusCode, res.body).toBe(202);
    const job = json<Job>(res);
    const again = await start('admin', payload);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(
      'Cetak rapor untuk pilihan ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
    );
    // Another choice of documents is another job.
    const other = await start('admin', { sekolah: true, dokumen: ['cover'], output: 'zip' });
    expect(other.statusCode).toBe(202);
    for (const [id, who] of [
      [job.id, 'waka'],
      [json<Job>(other).id, 'admin'],
    ] as const) {
      const cancel = await t().app.inject({
        method: 'POST',
        url: `/api/cetak/rapor-semua/${id}/batal`,
        headers: bearer(tokens[who] ?? ''),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(json<Job>(cancel).status).toBe('cancelled');
      const end = await finished(id, who);
      expect(end.status).toBe('cancelled');
      expect(end.message).toBe('Cetak rapor dibatalkan.');
      expect(existsSync(join(bulkDir(t().config.dataDir), `${id}.zip`))).toBe(false);
      expect((await get(`/api/cetak/rapor-semua/${id}/unduh`, who)).statusCode).toBe(409);
    }
    expect(readdirSync(bulkDir(t().config.dataDir)).filter((f) => f.startsWith(job.id))).toEqual([]);
    // Once cancelled, the same job may start again.
    const third = await start('waka', { sekolah: true, dokumen: ['cover'], output: 'zip' });
    expect(third.statusCode).toBe(202);
    await t().app.inject({
      method: 'POST',
      url: `/api/cetak/rapor-semua/${json<Job>(third).id}/batal`,
      headers: bearer(tokens.waka ?? ''),
    });
  });

  it('refuses guru, another wali, pembina, pembimbing and siswa (403), and the wali a tingkat or the school', async () => {
    const one = { rombongan_belajar_id: kelasId, dokumen: ALL, output: 'pdf' };
    for (const who of ['guru', 'otherWali', 'ekskul', 'pkl', 'siswa']) {
      expect((await start(who, one)).statusCode, who).toBe(403);
    }
    expect((await start('wali', { tingkat: 10, dokumen: ALL, output: 'zip' })).statusCode).toBe(403);
    expect((await start('wali', { sekolah: true, dokumen: ALL, output: 'zip' })).statusCode).toBe(403);
    expect(
      (await t().app.inject({ method: 'POST', url: '/api/cetak/rapor-semua', payload: one })).statusCode,
    ).toBe(401);
  });

  it("a wali's job: status, events, download and cancel are 403 for guru, another wali, pembina, pembimbing and siswa", async () => {
    const res = await start('wali', { rombongan_belajar_id: kelasId, dokumen: ['cover'], output: 'pdf' });
    expect(res.statusCode, res.body).toBe(202);
    const id = json<Job>(res).id;
    const end = await finished(id, 'wali');
    expect(end.status, end.message ?? '').toBe('done');
    // The creator reaches every address of the job (so the 403s below are about the caller).
    expect((await get(`/api/cetak/rapor-semua/${id}`, 'wali')).statusCode).toBe(200);
    const events = await get(`/api/cetak/rapor-semua/${id}/events`, 'wali');
    expect(events.statusCode).toBe(200);
    expect(events.body).toContain('event: job');
    expect((await get(`/api/cetak/rapor-semua/${id}/unduh`, 'wali')).statusCode).toBe(200);
    for (const who of ['guru', 'otherWali', 'ekskul', 'pkl', 'siswa']) {
      for (const path of ['', '/events', '/unduh']) {
        const answer = await get(`/api/cetak/rapor-semua/${id}${path}`, who);
        expect(answer.statusCode, `${who} ${path}`).toBe(403);
        expect(answer.body).not.toContain('event: job');
      }
      const cancel = await t().app.inject({
        method: 'POST',
        url: `/api/cetak/rapor-semua/${id}/batal`,
        headers: bearer(tokens[who] ?? ''),
      });
      expect(cancel.statusCode, `${who} batal`).toBe(403);
    }
    expect(json<Job>(await get(`/api/cetak/rapor-semua/${id}`, 'wali')).status).toBe('done');
  });

  it("a job of another school is 404 on every address, even for this school's Waka and admin", async () => {
    const db = t().db.db;
    await db.insert(jobs).values({
      id: JOB_2,
      sekolahId: SCHOOL_2,
      kind: `${JOB_KIND_RAPOR_SEMUA}:lain`,
      status: 'done',
      progress: 1,
      total: 1,
      result: { file_name: 'Rapor X TKJ 9 lain.pdf' },
    });
    for (const who of ['admin', 'waka', 'wali']) {
      for (const path of ['', '/events', '/unduh']) {
        expect((await get(`/api/cetak/rapor-semua/${JOB_2}${path}`, who)).statusCode, `${who} ${path}`).toBe(
          404,
        );
      }
      const cancel = await t().app.inject({
        method: 'POST',
        url: `/api/cetak/rapor-semua/${JOB_2}/batal`,
        headers: bearer(tokens[who] ?? ''),
      });
      expect(cancel.statusCode, `${who} batal`).toBe(404);
    }
    const [row] = await db.select().from(jobs).where(eq(jobs.id, JOB_2));
    expect(row?.status).toBe('done');
  });

  it('answers 404 for a class of another school or an unknown job, 400 with the field for a bad choice', async () => {
    const res = await start('admin', { rombongan_belajar_id: ROMBEL_2, dokumen: ALL, output: 'pdf' });
    expect(res.statusCode).toBe(404);
    for (const path of ['', '/events', '/unduh']) {
      expect((await get(`/api/cetak/rapor-semua/${UNKNOWN}${path}`, 'admin')).statusCode, path).toBe(404);
    }
    const pdfForSchool = await start('admin', { sekolah: true, dokumen: ALL, output: 'pdf' });
    expect(pdfForSchool.statusCode).toBe(400);
    expect(JSON.stringify(json(pdfForSchool))).toContain('Satu PDF hanya untuk satu rombel');
    const none = await start('wali', { rombongan_belajar_id: kelasId, dokumen: [], output: 'pdf' });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(json(none))).toContain('Pilih minimal satu dokumen.');
  });

  /** Starts a job, waits for it to end and answers it (done, or the test fails). */
  async function finishedJob(who: string, payload: Record<string, unknown>): Promise<Job> {
    const res = await start(who, payload);
    expect(res.statusCode, res.body).toBe(202);
    const end = await finished(json<Job>(res).id, who);
    expect(end.status, end.message ?? '').toBe('done');
    return end;
  }

  it('keeps a file 24 h: an older one is swept when a job starts and its download answers 410, a younger one stays', async () => {
    const dataDir = t().config.dataDir;
    const old = await finishedJob('wali', {
      rombongan_belajar_id: kelasId,
      dokumen: ['pelengkap'],
      output: 'pdf',
    });
    expect((await get(`/api/cetak/rapor-semua/${old.id}/unduh`, 'wali')).statusCode).toBe(200);
    // A file's age is its modification time: the job's file just past the keeping time, another
    // file just within it.
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const oldPath = bulkFile(dataDir, old.id, 'pdf');
    const youngPath = join(bulkDir(dataDir), 'young.pdf');
    writeFileSync(youngPath, '%PDF-');
    utimesSync(oldPath, hoursAgo(RAPOR_SEMUA_KEEP_HOURS + 1), hoursAgo(RAPOR_SEMUA_KEEP_HOURS + 1));
    utimesSync(youngPath, hoursAgo(RAPOR_SEMUA_KEEP_HOURS - 1), hoursAgo(RAPOR_SEMUA_KEEP_HOURS - 1));
    // Nothing is swept until a job starts.
    expect((await get(`/api/cetak/rapor-semua/${old.id}/unduh`, 'wali')).statusCode).toBe(200);
    const next = await finishedJob('admin', {
      rombongan_belajar_id: kelasId,
      dokumen: ['pelengkap'],
      output: 'zip',
    });
    expect(existsSync(oldPath)).toBe(false);
    expect(existsSync(youngPath)).toBe(true);
    const gone = await get(`/api/cetak/rapor-semua/${old.id}/unduh`, 'wali');
    expect(gone.statusCode).toBe(410);
    expect(json(gone).message).toBe(RAPOR_SEMUA_MESSAGES.expired);
    // The job row stays done with its result; the new job's file downloads.
    expect(json<Job>(await get(`/api/cetak/rapor-semua/${old.id}`, 'wali')).status).toBe('done');
    expect((await get(`/api/cetak/rapor-semua/${next.id}/unduh`, 'admin')).statusCode).toBe(200);
    rmSync(youngPath);
  });

  it('the Waka prints a tingkat to the end as a ZIP: a folder per class holding each of its pupils', async () => {
    const db = t().db.db;
    const classes = await sqlRows<{ nama: string; siswa: number }>(
      db,
      sql`select r.nama, count(a.anggota_rombel_id)::int as siswa from rombongan_belajar r
        join anggota_rombel a on a.rombongan_belajar_id = r.rombongan_belajar_id and a.deleted_at is null
        where r.sekolah_id = ${demo.sekolahId} and r.semester_id = ${demo.semesterId} and r.tingkat = 12
          and r.jenis_rombel = 1 and r.deleted_at is null
        group by r.rombongan_belajar_id, r.nama order by r.nama`,
    );
    expect(classes.length).toBeGreaterThan(1);
    const total = classes.reduce((n, c) => n + Number(c.siswa), 0);
    const end = await finishedJob('waka', { tingkat: 12, dokumen: ['nilai-akhir'], output: 'zip' });
    expect(end.total).toBe(total);
    expect(end.progress).toBe(total);
    const file = await get(`/api/cetak/rapor-semua/${end.id}/unduh`, 'waka');
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(
      encodeURIComponent(`Rapor Kelas 12 ${demo.semesterId}.zip`),
    );
    const zip = file.rawPayload;
    const entries = readZipDirectory(zip, { maxEntries: 1000, maxPartBytes: 50e6, maxTotalBytes: 500e6 });
    expect(entries).toHaveLength(total);
    for (const c of classes) {
      const folder = safeName(c.nama);
      const own = entries.filter((e) => e.name.startsWith(`${folder}/`));
      expect(own, c.nama).toHaveLength(Number(c.siswa));
      // Numbered 1… within the class, each a whole PDF of that class's pupil.
      own.forEach((e, i) => {
        expect(e.name).toMatch(new RegExp(`^[^/]+/${i + 1}-[^/]+\\.pdf$`));
      });
      const first = own[0];
      if (!first) throw new Error(`no entry of ${c.nama}`);
      const data = entryData(zip, first);
      expect(crc32(data)).toBe(first.crc32);
      expect(pdfText(Buffer.from(data)).text).toContain(`Kelas : ${c.nama}`);
    }
    expect(new Set(entries.map((e) => e.name.split('/')[0])).size).toBe(classes.length);
  });
});
