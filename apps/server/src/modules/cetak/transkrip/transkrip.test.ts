import { crc32 } from 'node:zlib';
import { namaBerkasSiswa } from '@erapor/contract/cetak/rapor-semua';
import {
  formatRataRata,
  nomorSemester,
  rataRata,
  TRANSKRIP_MESSAGES,
} from '@erapor/contract/cetak/transkrip';
import { BULAN } from '@erapor/contract/format';
import type { Job } from '@erapor/contract/jobs';
import { isP5Mapel } from '@erapor/contract/penilaian/rules';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../../db/sql-rows';
import { entryData, readZipDirectory } from '../../../lib/spreadsheet/zip-budget';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { pdfPageTexts, pdfText } from '../../../test/pdf-text';
import { pupilToken } from '../../portal/test-support';
import { jobEnd } from '../rapor/test-jobs';

/*
 * Transkrip Nilai (issue #15 item 3; docs/decisions/040-transkrip.md) on the living demo: an XII
 * pupil with every semester of the demo's history (20242, 20251, 20252) and the active one; the
 * PDF read back by pdftotext against the stored final grades; who may print whose transcript.
 */

type Row = Record<string, unknown>;
const ROMAWI: Record<number, string> = { 10: 'X', 11: 'XI', 12: 'XII', 13: 'XIII' };
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeEngines('cetak transkrip nilai', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let senior = { pesertaDidikId: '', anggotaRombelId: '', rombelId: '', nama: '' };
  let waliPupil = '';
  beforeAll(async () => {
    demo = await seedDemo(t().db.db, { living: true });
    for (const who of ['admin', 'guru', 'wali', 'waka', 'kaprog'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
    // The pupil with the most semesters of regular classes, in a class of the active semester.
    const [row] = await sqlRows<Row>(
      t().db.db,
      sql`select a.peserta_didik_id, a.anggota_rombel_id, a.rombongan_belajar_id, p.nama,
          (select count(*) from anggota_rombel x join rombongan_belajar y on y.rombongan_belajar_id = x.rombongan_belajar_id
            where x.peserta_didik_id = a.peserta_didik_id and x.deleted_at is null and y.jenis_rombel = 1) as n
        from anggota_rombel a
        join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id and r.jenis_rombel = 1
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.deleted_at is null and r.semester_id = ${demo.semesterId}
        order by n desc, a.peserta_didik_id limit 1`,
    );
    senior = {
      pesertaDidikId: String(row?.peserta_didik_id),
      anggotaRombelId: String(row?.anggota_rombel_id),
      rombelId: String(row?.rombongan_belajar_id),
      nama: String(row?.nama),
    };
    expect(Number(row?.n)).toBeGreaterThanOrEqual(4);
    tokens.siswa = await pupilToken(t().app, t().db.db, demo, senior.pesertaDidikId, 'transkrip@test.sch.id');
    tokens.siswaX = (await loginAs(t().app, demo.accounts.siswa.email, demo.semesterId)).accessToken;
    const [own] = await sqlRows<Row>(
      t().db.db,
      sql`select anggota_rombel_id from anggota_rombel where rombongan_belajar_id = ${demo.school.relations.waliRombelId}
        and deleted_at is null order by anggota_rombel_id limit 1`,
    );
    waliPupil = String(own?.anggota_rombel_id);
  });
  const get = (url: string, token: string | undefined) =>
    t().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const url = (id: string) => `/api/cetak/transkrip/${id}`;

  /** The stored printed grades of the pupil: per mata_pelajaran_id, per semester. */
  async function stored() {
    const rows = await sqlRows<Row>(
      t().db.db,
      sql`select b.mata_pelajaran_id, b.nama_mata_pelajaran, b.semester_id, n.nilai, rr.tingkat, sm.nama as semester
        from nilai_akhir n
        join anggota_rombel a on a.anggota_rombel_id = n.anggota_rombel_id and a.deleted_at is null
        join pembelajaran b on b.pembelajaran_id = n.pembelajaran_id and b.rombongan_belajar_id = a.rombongan_belajar_id
          and b.induk_pembelajaran_id is null and b.kelompok_id is not null and b.no_urut is not null
          and b.deleted_at is null
        join anggota_rombel ra on ra.peserta_didik_id = a.peserta_didik_id and ra.deleted_at is null
        join rombongan_belajar rr on rr.rombongan_belajar_id = ra.rombongan_belajar_id and rr.jenis_rombel = 1
          and rr.semester_id = b.semester_id
        join semester sm on sm.semester_id = b.semester_id
        where a.peserta_didik_id = ${senior.pesertaDidikId} and n.kompetensi_id in (1, 4)
        order by b.semester_id`,
    );
    return rows.filter((r) => !isP5Mapel(Number(r.mata_pelajaran_id)));
  }

  it('the Waka prints an XII pupil with four semesters: every semester header, each subject grades and averages', async () => {
    const res = await get(url(senior.anggotaRombelId), tokens.waka);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain('TRANSKRIP NILAI');
    expect(text).toContain(senior.nama);
    const rows = await stored();
    const semesters = [...new Set(rows.map((r) => String(r.semester_id)))].sort();
    expect(semesters.length).toBeGreaterThanOrEqual(4);
    expect(semesters).toEqual([...demo.historySemesterIds, demo.semesterId].sort());
    // Every semester's column header: "Semester {n} {kelas} {tahun pelajaran}".
    for (const id of semesters) {
      const r = rows.find((x) => x.semester_id === id);
      const tahun = String(r?.semester).split(' ')[0];
      const header = `Semester ${nomorSemester(Number(r?.tingkat), id)} ${ROMAWI[Number(r?.tingkat)]} ${tahun}`;
      expect(text, header).toContain(header);
    }
    // Each subject: its grades in semester order (blank cells print nothing), then the average.
    const byMapel = new Map<number, { nama: string; nilai: (number | null)[] }>();
    for (const r of rows) {
      const id = Number(r.mata_pelajaran_id);
      const entry = byMapel.get(id) ?? { nama: '', nilai: semesters.map(() => null) };
      entry.nama = String(r.nama_mata_pelajaran); // the newest name (rows ordered by semester)
      entry.nilai[semesters.indexOf(String(r.semester_id))] = Number(r.nilai);
      byMapel.set(id, entry);
    }
    expect(byMapel.size).toBeGreaterThan(5);
    const averages: number[] = [];
    for (const { nama, nilai } of byMapel.values()) {
      const avg = rataRata(nilai);
      if (avg !== null) averages.push(avg);
      const cells = [...nilai.filter((v) => v !== null), formatRataRata(avg)].join(' ');
      expect(text, nama).toMatch(new RegExp(`\\d+ ${esc(nama)} ${esc(cells)}`));
    }
    // At least one subject has all four semesters (the demo's history is complete).
    expect([...byMapel.values()].some((m) => m.nilai.every((v) => v !== null))).toBe(true);
    // The semesters' averages and the overall one in the last row.
    const semAvg = semesters.map((_, i) => rataRata([...byMapel.values()].map((m) => m.nilai[i] ?? null)));
    const last = `Rata-rata ${[...semAvg.map(formatRataRata), formatRataRata(rataRata(averages))].join(' ')}`;
    expect(text).toContain(last);
    // Printed documents are Indonesian (issue #27 item 1): averages with a decimal comma, 65,00.
    expect(last).toMatch(/^Rata-rata( \d{1,3},\d{2})+$/);
    // The head teacher's block, dated as the report card.
    const rapor = await get(`/api/cetak/rapor?rombongan_belajar_id=${senior.rombelId}`, tokens.waka);
    const cetak = (rapor.json() as { cetak: { tempat: string; tanggal: string; kepala_sekolah: string } })
      .cetak;
    expect(text).toContain(`${cetak.tempat}, ${cetak.tanggal}`);
    expect(cetak.tanggal).toMatch(new RegExp(`^\\d{1,2} (${BULAN.join('|')}) \\d{4}$`));
    expect(text).toContain(cetak.kepala_sekolah);
  });

  it('the pupil downloads their own transcript, with released grades only (this semester waits for the lock)', async () => {
    const res = await get(url(senior.anggotaRombelId), tokens.siswa);
    expect(res.statusCode, res.body).toBe(200);
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain(senior.nama);
    const rows = await stored();
    // The active semester is neither locked nor opened: its column has a header and no grade.
    const current = rows.filter((r) => r.semester_id === demo.semesterId);
    expect(current.length).toBeGreaterThan(0);
    const tingkat = Number(current[0]?.tingkat);
    expect(text).toContain(`Semester ${nomorSemester(tingkat, demo.semesterId)} ${ROMAWI[tingkat]}`);
    const staff = pdfText((await get(url(senior.anggotaRombelId), tokens.admin)).rawPayload).text;
    expect(text).not.toBe(staff);
    const pastOnly = new Map<number, (number | null)[]>();
    for (const r of rows.filter((x) => x.semester_id !== demo.semesterId)) {
      const id = Number(r.mata_pelajaran_id);
      pastOnly.set(id, [...(pastOnly.get(id) ?? []), Number(r.nilai)]);
    }
    const some = [...pastOnly.entries()].find(([, v]) => v.length === 3);
    expect(some).toBeDefined();
    if (some) expect(text).toContain(`${some[1].join(' ')} ${formatRataRata(rataRata(some[1]))}`);
  });

  it("another pupil's transcript is 403 for a pupil; the wali prints their own class's pupil, not another class's", async () => {
    expect((await get(url(senior.anggotaRombelId), tokens.siswaX)).statusCode).toBe(403);
    expect((await get(url(waliPupil), tokens.siswa)).statusCode).toBe(403);
    const own = await get(url(waliPupil), tokens.wali);
    expect(own.statusCode, own.body).toBe(200);
    expect(pdfText(own.rawPayload).text).toContain('TRANSKRIP NILAI');
    expect(senior.rombelId).not.toBe(demo.school.relations.waliRombelId);
    expect((await get(url(senior.anggotaRombelId), tokens.wali)).statusCode).toBe(403);
    expect((await get(url(senior.anggotaRombelId), tokens.admin)).statusCode).toBe(200);
  });

  it('guru and kaprog 403 (even with a malformed id: authorization before validation); 401, 404, 400', async () => {
    for (const who of ['guru', 'kaprog'] as const) {
      expect((await get(url(senior.anggotaRombelId), tokens[who])).statusCode, who).toBe(403);
      expect((await get(url('not-a-uuid'), tokens[who])).statusCode, who).toBe(403);
    }
    expect((await get(url(senior.anggotaRombelId), undefined)).statusCode).toBe(401);
    expect((await get(url('00000000-0000-4000-8000-000000000000'), tokens.waka)).statusCode).toBe(404);
    expect((await get(url('00000000-0000-4000-8000-000000000000'), tokens.siswa)).statusCode).toBe(404);
    const bad = await get(url('not-a-uuid'), tokens.waka);
    expect(bad.statusCode).toBe(400);
  });

  // --- the class as one job (decision 033's Cetak Semua with the kind transkrip-semua) ---

  const start = (token: string | undefined, payload: unknown) =>
    t().app.inject({
      method: 'POST',
      url: '/api/cetak/transkrip-semua',
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const finished = (id: string, token: string | undefined) => jobEnd(t().app, id, token);
  /** wali@'s class's pupils in print order (by name). */
  async function waliPupils() {
    return sqlRows<{ nama: string; nis: string | null; nisn: string | null }>(
      t().db.db,
      sql`select p.nama, p.no_induk as nis, p.nisn from anggota_rombel a
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${demo.school.relations.waliRombelId} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id`,
    );
  }

  it("the wali prints their class's transcripts as one PDF: every pupil, pages numbered per pupil", async () => {
    const res = await start(tokens.wali, {
      rombongan_belajar_id: demo.school.relations.waliRombelId,
      output: 'pdf',
    });
    expect(res.statusCode, res.body).toBe(202);
    const end = await finished(json<Job>(res).id, tokens.wali);
    expect(end.status, end.message ?? '').toBe('done');
    expect(end.message).toBe(TRANSKRIP_MESSAGES.done(end.total ?? -1));
    expect(end.progress).toBe(end.total);
    const file = await get(`/api/cetak/rapor-semua/${end.id}/unduh`, tokens.wali);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pupils = await waliPupils();
    expect(end.total).toBe(pupils.length);
    const pages = pdfPageTexts(file.rawPayload);
    const firsts = pages.filter((p) => p.includes('TRANSKRIP NILAI'));
    expect(firsts).toHaveLength(pupils.length);
    pupils.forEach((p, i) => {
      expect(firsts[i]).toContain(p.nama);
      // Each pupil's transcript starts at page 1 of its own footer.
      expect(firsts[i]).toMatch(new RegExp(`${esc(p.nama)} - [^|]+ \\| 1 \\|`));
    });
  });

  it('the Waka prints a class as a ZIP: one PDF per pupil named as the report cards', async () => {
    const res = await start(tokens.waka, { rombongan_belajar_id: senior.rombelId, output: 'zip' });
    expect(res.statusCode, res.body).toBe(202);
    const end = await finished(json<Job>(res).id, tokens.waka);
    expect(end.status, end.message ?? '').toBe('done');
    const file = await get(`/api/cetak/rapor-semua/${end.id}/unduh`, tokens.waka);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = file.rawPayload;
    const entries = readZipDirectory(zip, { maxEntries: 1000, maxPartBytes: 50e6, maxTotalBytes: 500e6 });
    expect(entries).toHaveLength(end.total ?? -1);
    const pupils = await sqlRows<{ nama: string; nis: string | null; nisn: string | null }>(
      t().db.db,
      sql`select p.nama, p.no_induk as nis, p.nisn from anggota_rombel a
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${senior.rombelId} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id`,
    );
    const [kelas] = await sqlRows<{ nama: string }>(
      t().db.db,
      sql`select nama from rombongan_belajar where rombongan_belajar_id = ${senior.rombelId}`,
    );
    pupils.forEach((p, i) => {
      expect(entries[i]?.name).toBe(`${kelas?.nama}/${namaBerkasSiswa(i + 1, p)}`);
    });
    const i = pupils.findIndex((p) => p.nama === senior.nama);
    const entry = entries[i];
    if (!entry) throw new Error('no entry of the senior pupil');
    const data = entryData(zip, entry);
    expect(crc32(data)).toBe(entry.crc32);
    const { text } = pdfText(Buffer.from(data));
    expect(text).toContain(senior.nama);
    for (const id of [...demo.historySemesterIds, demo.semesterId]) {
      const r = (await stored()).find((x) => x.semester_id === id);
      expect(text).toContain(`Semester ${nomorSemester(Number(r?.tingkat), id)}`);
    }
  });

  it('the class job: 403 for guru (before validation), a pupil, another wali; 400 for a bad body; 404 unknown class', async () => {
    const body = { rombongan_belajar_id: senior.rombelId, output: 'pdf' };
    expect((await start(tokens.guru, body)).statusCode).toBe(403);
    expect((await start(tokens.guru, { nonsense: true })).statusCode).toBe(403);
    expect((await start(tokens.siswa, body)).statusCode).toBe(403);
    expect((await start(tokens.wali, body)).statusCode).toBe(403);
    expect((await start(undefined, body)).statusCode).toBe(401);
    expect(
      (await start(tokens.waka, { rombongan_belajar_id: senior.rombelId, output: 'docx' })).statusCode,
    ).toBe(400);
    expect(
      (
        await start(tokens.waka, {
          rombongan_belajar_id: '00000000-0000-4000-8000-000000000000',
          output: 'pdf',
        })
      ).statusCode,
    ).toBe(404);
  });
});
