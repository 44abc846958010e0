import { crc32 } from 'node:zlib';
import { MESSAGES } from '@erapor/contract/errors';
import type { Job } from '@erapor/contract/jobs';
import { type CetakPklResponse, namaBerkasPkl } from '@erapor/contract/pkl/cetak';
import { PKL_MESSAGES } from '@erapor/contract/pkl/perencanaan';
import { namaLengkap } from '@erapor/contract/referensi/gtk';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { beforeAll, expect, it } from 'vitest';
import { praktikKerjaLapangan } from '../../../db/tables/pkl';
import {
  aktPd,
  dudi,
  gelarPtk,
  guru,
  jurusanSp,
  mou,
  pembelajaran,
  pesertaDidik,
  rombonganBelajar,
} from '../../../db/tables/referensi';
import { refGelarAkademik, refJurusan } from '../../../db/tables/referensi-ref';
import { entryData, readZipDirectory } from '../../../lib/spreadsheet/zip-budget';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json } from '../../../test/engines';
import { type PageImage, pdfPages, pdfText, pdfWords } from '../../../test/pdf-text';
import { demoTokens, otherWali, staffToken } from '../../penilaian/beranda/test-accounts';
import { pklPlanFixture } from '../../pkl/test-plan';
import { MARGIN } from '../rapor/layout';
import { jobEnd } from '../rapor/test-jobs';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TP = [id(0xc11), id(0xc12), id(0xc13)] as const;
const SCHOOL_2 = id(0xc21);
const PLAN_2 = id(0xc27);

/** Whether a pixel rectangle (in PDF points) is blank. */
function blank(page: PageImage, dpi: number, x0: number, y0: number, x1: number, y1: number): boolean {
  const px = (pt: number) => Math.round((pt * dpi) / 72);
  for (let y = px(y0); y < Math.min(px(y1), page.height); y++) {
    for (let x = px(x0); x < Math.min(px(x1), page.width); x++) if (page.at(x, y) < 250) return false;
  }
  return true;
}

// Cetak Rapor PKL (issue #12 item 7): the report of a pupil's placement, the print page and the
// bulk job with its own kind. Plan, scores, catatan and attendance made through the APIs as pkl@.
describeEngines('Cetak Rapor PKL', {}, (t) => {
  let demo: SeededDemo;
  let tokens: Record<string, string> = {};
  let fx: Awaited<ReturnType<typeof pklPlanFixture>>;
  let a = '';
  let b = '';
  let nisnA: string | null = null;

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    tokens = {
      ...(await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'waka'])),
    };
    fx = await pklPlanFixture(t().app, db, demo, {
      tpIds: TP,
      waliEmail: 'wali-pkl-cetak@test.sch.id',
      tanggal: ['2025-07-01', '2025-12-31'],
    });
    tokens.classWali = fx.waliToken;
    tokens.otherWali = (
      await otherWali(t().app, db, demo, 'wali-pkl-cetak2@test.sch.id', [fx.rombel.ptk_id])
    ).token;
    // The co-supervisor: another bimbing_pd member of the PKS who teaches the class's PKL.
    const pklGuru = demo.accounts.pkl.guruId ?? '';
    const akt = demo.school.dudi
      .flatMap((d) => d.mou.flatMap((m) => m.akt_pd))
      .find((x) => x.id_akt_pd === demo.school.relations.pklAktPdIds[0]);
    const coGuru = akt?.bimbing_pd.find((g) => g.ptk_id !== pklGuru)?.ptk_id ?? '';
    await db
      .update(pembelajaran)
      .set({ guruPengajarId: coGuru })
      .where(eq(pembelajaran.pembelajaranId, demo.school.relations.pklPembelajaranId));
    tokens.co = await staffToken(t().app, db, demo, {
      guruId: coGuru,
      email: 'pkl-co-cetak@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    // Another Pembimbing PKL: neither owns the plan nor co-supervises it.
    const busy = [pklGuru, coGuru, fx.rombel.ptk_id, ...(akt?.bimbing_pd.map((g) => g.ptk_id) ?? [])];
    const otherGuru = demo.school.ptk.find((p) => !busy.includes(p.ptk_id))?.ptk_id;
    if (!otherGuru) throw new Error('no other teacher in the demo');
    tokens.otherPembimbing = await staffToken(t().app, db, demo, {
      guruId: otherGuru,
      email: 'pkl-lain-cetak@test.sch.id',
      roles: ['guru', 'pembimbing'],
    });
    // pkl@ in a semester before 2023/2024.
    tokens.pastPkl = await staffToken(
      t().app,
      db,
      { ...demo, semesterId: '20222' },
      { guruId: pklGuru, email: 'pkl-lalu-cetak@test.sch.id', roles: ['guru', 'pembimbing'] },
    );

    const peserta = fx.plan.peserta.map((p) => p.peserta_didik_id).sort();
    [a, b] = peserta as [string, string];
    const [row] = await db
      .select({ nisn: pesertaDidik.nisn })
      .from(pesertaDidik)
      .where(eq(pesertaDidik.pesertaDidikId, a));
    nisnA = row?.nisn ?? null;
    const cell = (pd: string, tp: string | null, nilai: number | null, deskripsi: string | null) => ({
      peserta_didik_id: pd,
      tp_id: tp,
      nilai,
      deskripsi,
      sebelumnya: null,
    });
    const saved = await t().app.inject({
      method: 'PUT',
      url: `/api/pkl/rencana/${fx.plan.pkl_id}/nilai`,
      headers: bearer(fx.pklToken),
      payload: {
        rows: [
          cell(a, TP[0], 88, 'Sangat teliti memasang jaringan'),
          cell(a, TP[1], 76, 'Cukup disiplin waktu'),
          cell(a, TP[2], 93, 'Komunikasi dengan pelanggan baik'),
          cell(a, null, null, 'Rajin, sopan, dan cepat belajar di lapangan'),
          cell(b, TP[0], 70, null),
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const absen = await t().app.inject({
      method: 'PUT',
      url: '/api/pkl/kehadiran',
      headers: bearer(fx.pklToken),
      payload: {
        pkl_id: fx.plan.pkl_id,
        rows: [
          { peserta_didik_id: a, sakit: 2, izin: 1, alpa: 3, sebelumnya: { sakit: 0, izin: 0, alpa: 0 } },
        ],
      },
    });
    expect(absen.statusCode, absen.body).toBe(200);

    // Another school with a plan of its own.
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: id(0xc26),
      npsn: '69999951',
      semesterId: demo.semesterId,
      tingkat: 12,
    });
    await db.insert(dudi).values({ dudiId: id(0xc22), sekolahId: SCHOOL_2, nama: 'PT Lain' });
    await db.insert(mou).values({ mouId: id(0xc23), sekolahId: SCHOOL_2, dudiId: id(0xc22) });
    await db
      .insert(aktPd)
      .values({ aktPdId: id(0xc24), sekolahId: SCHOOL_2, mouId: id(0xc23), judulAktPd: 'PKL' });
    await db
      .insert(guru)
      .values({ guruId: id(0xc25), sekolahId: SCHOOL_2, nama: 'Guru Lain', jenisPtkId: 3 });
    await db.insert(praktikKerjaLapangan).values({
      pklId: PLAN_2,
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      guruId: id(0xc25),
      rombonganBelajarId: id(0xc26),
      aktPdId: id(0xc24),
      tanggalMulai: '2025-07-14',
      tanggalSelesai: '2025-12-13',
      instruktur: 'Instruktur Lain',
    });
  });

  const get = (url: string, who: string) =>
    t().app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });
  const pdfUrl = (plan = fx.plan.pkl_id, pd = a) => `/api/cetak/rapor-pkl/${plan}/${pd}`;

  /** The plan's Guru Pembimbing as the report names them: name with degrees, and NIP. */
  async function pembimbingOfPlan() {
    const db = t().db.db;
    const guruId = fx.plan.guru_id;
    const [g] = await db.select({ nama: guru.nama, nip: guru.nip }).from(guru).where(eq(guru.guruId, guruId));
    const gelar = await db
      .select({ kode: refGelarAkademik.kode, posisi: refGelarAkademik.posisiGelar })
      .from(gelarPtk)
      .innerJoin(refGelarAkademik, eq(refGelarAkademik.gelarAkademikId, gelarPtk.gelarAkademikId))
      .where(and(eq(gelarPtk.guruId, guruId), isNull(gelarPtk.deletedAt)))
      .orderBy(asc(gelarPtk.noUrut), asc(refGelarAkademik.kode));
    if (!g) throw new Error('pembimbing missing');
    const nama = namaLengkap(
      g.nama,
      gelar.filter((x) => x.posisi === 1).map((x) => x.kode),
      gelar.filter((x) => x.posisi !== 1).map((x) => x.kode),
    );
    return { nama, nip: g.nip };
  }

  /** The class's Konsentrasi Keahlian (jurusan_sp) and Program Keahlian (its parent jurusan). */
  async function keahlianOfClass() {
    const induk = alias(refJurusan, 'induk');
    const [row] = await t()
      .db.db.select({ konsentrasi: jurusanSp.namaJurusanSp, program: induk.namaJurusan })
      .from(rombonganBelajar)
      .innerJoin(jurusanSp, eq(jurusanSp.jurusanSpId, rombonganBelajar.jurusanSpId))
      .innerJoin(refJurusan, eq(refJurusan.jurusanId, jurusanSp.jurusanId))
      .innerJoin(induk, eq(induk.jurusanId, refJurusan.jurusanInduk))
      .where(eq(rombonganBelajar.rombonganBelajarId, fx.rombel.rombongan_belajar_id));
    if (!row) throw new Error('the PKL class has no jurusan with a parent in the demo');
    return row;
  }

  it("prints a pupil's PKL report: identity, DUDI, dates, instructor, each TP's score and description, catatan, S/I/A, both signers", async () => {
    const res = await get(pdfUrl(), 'pkl');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = pdfText(res.rawPayload);
    const nama = fx.plan.peserta.find((p) => p.peserta_didik_id === a)?.nama ?? '?';
    expect(text).toContain(`Nama Peserta Didik : ${nama}`);
    expect(text).toContain(`NISN : ${nisnA ?? '-'}`);
    expect(text).toContain(`Kelas : ${fx.rombel.nama}`);
    expect(text).toContain(`Tempat PKL : ${fx.dudi.nama}`);
    expect(text).toContain('Mulai: 1 Juli 2025 Selesai: 31 Desember 2025');
    expect(text).toContain('Nama Instruktur : Budi Instruktur');
    // Program Keahlian is the parent jurusan, Konsentrasi Keahlian the class's own.
    const keahlian = await keahlianOfClass();
    expect(keahlian.program).not.toBe(keahlian.konsentrasi);
    expect(text).toContain(
      `Program Keahlian : ${keahlian.program} Konsentrasi Keahlian : ${keahlian.konsentrasi} Tempat PKL`,
    );
    expect(text).toContain('No Tujuan Pembelajaran Skor Deskripsi');
    expect(text).toContain('1 TP PKL 1 88 Sangat teliti memasang jaringan');
    expect(text).toContain('2 TP PKL 2 76 Cukup disiplin waktu');
    expect(text).toContain('3 TP PKL 3 93 Komunikasi dengan pelanggan baik');
    expect(text).toContain('Rajin, sopan, dan cepat belajar di lapangan');
    expect(text).toContain('Sakit 2 hari');
    expect(text).toContain('Izin 1 hari');
    expect(text).toContain('Tanpa Keterangan 3 hari');
    // The Guru Pembimbing by name (with degrees) and NIP, in the identity table and the signature.
    const pembimbing = await pembimbingOfPlan();
    expect(pembimbing.nip).toBeTruthy();
    expect(text).toContain(`Nama Pembimbing : ${pembimbing.nama} No Tujuan Pembelajaran`);
    expect(text).toContain(`Guru Pembimbing ${pembimbing.nama} NIP. ${pembimbing.nip}`);
    expect(text).toContain('31 Desember 2025 Pembimbing Dunia Kerja');
    expect(text).toContain('Budi Instruktur NIP. 198001012010011001');
    expect(text).toMatch(/Tahun Ajaran \d{4}\/\d{4}/);
    expect(text).toContain(`${nama} - ${fx.rombel.nama} | 1 | Dicetak dari e-Rapor SMK`);
    // An unscored pupil's TP prints a dash, never an empty cell.
    const other = pdfText((await get(pdfUrl(fx.plan.pkl_id, b), 'pkl')).rawPayload).text;
    expect(other).toContain('1 TP PKL 1 70 -');
    expect(other).toContain('2 TP PKL 2 - -');
  });

  it('prints "NIP. -" under the Guru Pembimbing who has no NIP', async () => {
    const db = t().db.db;
    const { nama, nip } = await pembimbingOfPlan();
    await db.update(guru).set({ nip: null }).where(eq(guru.guruId, fx.plan.guru_id));
    try {
      const res = await get(pdfUrl(), 'pkl');
      expect(res.statusCode, res.body).toBe(200);
      const { text } = pdfText(res.rawPayload);
      expect(text).toContain(`Nama Pembimbing : ${nama} No Tujuan Pembelajaran`);
      expect(text).toContain(`Guru Pembimbing ${nama} NIP. - 31 Desember 2025 Pembimbing Dunia Kerja`);
    } finally {
      await db.update(guru).set({ nip }).where(eq(guru.guruId, fx.plan.guru_id));
    }
  });

  it('keeps both signature blocks on the last page and the margins blank (pdftoppm)', async () => {
    const pdf = (await get(pdfUrl(), 'pkl')).rawPayload;
    const { pages } = pdfText(pdf);
    const words = pdfWords(pdf);
    const lastOf = (w: string) => words.filter((x) => x.text === w).at(-1);
    expect(lastOf('Dunia')?.page).toBe(pages);
    const signers = words.filter((x) => x.text === 'Pembimbing' && x.page === pages);
    // "Guru Pembimbing" and "Pembimbing Dunia Kerja" on the last page; the instructor's NIP too.
    expect(signers.length).toBeGreaterThanOrEqual(2);
    expect(lastOf('198001012010011001')?.page).toBe(pages);
    const dpi = 36;
    const images = pdfPages(pdf, dpi);
    expect(images.length).toBe(pages);
    const [w, h] = [595.28, 841.89];
    const inner = MARGIN - 2;
    for (const [i, page] of images.entries()) {
      expect(blank(page, dpi, 0, 0, w, inner), `page ${i + 1} top`).toBe(true);
      expect(blank(page, dpi, 0, 0, inner, h), `page ${i + 1} left`).toBe(true);
      expect(blank(page, dpi, w - inner, 0, w, h), `page ${i + 1} right`).toBe(true);
    }
  });

  it('lets owner, co-supervisor, the class wali, the Waka and the admin print; others 403; another school 404', async () => {
    for (const who of ['pkl', 'co', 'classWali', 'waka', 'admin']) {
      expect((await get(pdfUrl(), who)).statusCode, who).toBe(200);
    }
    for (const who of ['otherWali', 'guru', 'ekskul', 'siswa']) {
      expect((await get(pdfUrl(), who)).statusCode, who).toBe(403);
    }
    // Another pembimbing's plan: 403, and the plan is not among those they may print.
    const other = await get(pdfUrl(), 'otherPembimbing');
    expect(other.statusCode).toBe(403);
    expect(json(other).message).toBe(MESSAGES.forbidden);
    const page = await get('/api/cetak/rapor-pkl', 'otherPembimbing');
    expect(page.statusCode).toBe(200);
    expect(json<CetakPklResponse>(page)).toMatchObject({ kelas: [], rencana: [], data: [] });
    expect((await get(pdfUrl(PLAN_2), 'waka')).statusCode).toBe(404);
    expect((await get(pdfUrl(id(0xcff)), 'pkl')).statusCode).toBe(404);
    // A pupil not in the plan: 404 with the reason.
    const outsider = await get(pdfUrl(fx.plan.pkl_id, id(0xcfe)), 'pkl');
    expect(outsider.statusCode).toBe(404);
    expect(json(outsider).message).toBe('Peserta didik tidak terdaftar pada rencana PKL ini.');
  });

  it('lists the pupils with a Daftar Nilai entry per placement, per class filter', async () => {
    const res = await get(
      `/api/cetak/rapor-pkl?rombongan_belajar_id=${fx.rombel.rombongan_belajar_id}`,
      'pkl',
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = json<CetakPklResponse>(res);
    expect(page.kelas.map((k) => k.value)).toContain(fx.rombel.rombongan_belajar_id);
    expect(page.data.map((d) => d.peserta_didik_id).sort()).toEqual(
      fx.plan.peserta.map((p) => p.peserta_didik_id).sort(),
    );
    expect(page.data[0]?.penempatan).toEqual([{ pkl_id: fx.plan.pkl_id, nama_dudi: fx.dudi.nama }]);
    expect(page.rencana).toEqual([
      {
        pkl_id: fx.plan.pkl_id,
        kelas: fx.rombel.nama,
        nama_dudi: fx.dudi.nama,
        peserta: fx.plan.peserta.length,
      },
    ]);
    // Another wali sees none of it; guru and siswa 403.
    expect(json<CetakPklResponse>(await get('/api/cetak/rapor-pkl', 'otherWali')).data).toEqual([]);
    expect((await get('/api/cetak/rapor-pkl', 'guru')).statusCode).toBe(403);
    expect((await get('/api/cetak/rapor-pkl', 'siswa')).statusCode).toBe(403);
  });

  const start = (who: string, payload: Record<string, unknown>) =>
    t().app.inject({
      method: 'POST',
      url: '/api/cetak/rapor-pkl-semua',
      headers: bearer(tokens[who] ?? ''),
      payload,
    });
  const finished = (jobId: string, who: string) => jobEnd(t().app, jobId, tokens[who]);

  it('refuses Cetak Rapor PKL before 2023/2024 (409 with the reason): the page, the PDF, the bulk job', async () => {
    const responses = [
      await get('/api/cetak/rapor-pkl', 'pastPkl'),
      await get(pdfUrl(), 'pastPkl'),
      await start('pastPkl', { pkl_id: fx.plan.pkl_id, output: 'pdf' }),
      await start('pastPkl', { rombongan_belajar_id: fx.rombel.rombongan_belajar_id, output: 'zip' }),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res).message).toBe(PKL_MESSAGES.beforePkl);
    }
  });

  it("prints a plan's reports as one PDF through the Cetak Semua job, beside a running report-card job", async () => {
    // A report-card job of the same class runs at the same time: different kinds never block.
    const rapor = await t().app.inject({
      method: 'POST',
      url: '/api/cetak/rapor-semua',
      headers: bearer(tokens.classWali ?? ''),
      payload: {
        rombongan_belajar_id: fx.rombel.rombongan_belajar_id,
        dokumen: ['nilai-akhir'],
        output: 'pdf',
      },
    });
    expect(rapor.statusCode, rapor.body).toBe(202);
    const res = await start('pkl', { pkl_id: fx.plan.pkl_id, output: 'pdf' });
    expect(res.statusCode, res.body).toBe(202);
    const job = json<Job>(res);
    expect(job.total).toBe(fx.plan.peserta.length);
    const end = await finished(job.id, 'pkl');
    expect(end.status, end.message ?? '').toBe('done');
    expect(end.progress).toBe(end.total);
    expect(end.message).toBe(`Selesai: rapor PKL ${end.total} peserta didik siap diunduh.`);
    await finished(json<Job>(rapor).id, 'classWali');
    const file = await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'pkl');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const { text, pages } = pdfText(file.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(fx.plan.peserta.length);
    for (const p of fx.plan.peserta) expect(text).toContain(`Nama Peserta Didik : ${p.nama}`);
    expect(text).toContain('1 TP PKL 1 88 Sangat teliti memasang jaringan');
    // Pages are numbered per pupil.
    const second = [...fx.plan.peserta].sort((x, y) => x.nama.localeCompare(y.nama))[1]?.nama ?? '';
    expect(text).toContain(`${second} - ${fx.rombel.nama} | 1 |`);
    // Another wali may not start it (403) nor download it (403); another school's plan 404.
    expect((await start('otherWali', { pkl_id: fx.plan.pkl_id, output: 'pdf' })).statusCode).toBe(403);
    // Nor another pembimbing, for the plan or its class (403).
    for (const payload of [
      { pkl_id: fx.plan.pkl_id, output: 'pdf' },
      { rombongan_belajar_id: fx.rombel.rombongan_belajar_id, output: 'zip' },
    ]) {
      const other = await start('otherPembimbing', payload);
      expect(other.statusCode, JSON.stringify(payload)).toBe(403);
      expect(json(other).message).toBe(MESSAGES.forbidden);
    }
    expect((await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'otherPembimbing')).statusCode).toBe(403);
    expect((await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'otherWali')).statusCode).toBe(403);
    expect((await start('waka', { pkl_id: PLAN_2, output: 'pdf' })).statusCode).toBe(404);
    const bad = await start('pkl', { output: 'pdf' });
    expect(bad.statusCode).toBe(400);
  });

  it('writes a class\'s reports as a ZIP of "{No}-{NISN, else NIS}-{Nama}-{DUDI}.pdf" entries', async () => {
    const res = await start('classWali', {
      rombongan_belajar_id: fx.rombel.rombongan_belajar_id,
      output: 'zip',
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = json<Job>(res);
    const end = await finished(job.id, 'classWali');
    expect(end.status, end.message ?? '').toBe('done');
    const file = await get(`/api/cetak/rapor-semua/${job.id}/unduh`, 'classWali');
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = file.rawPayload;
    const entries = readZipDirectory(zip, { maxEntries: 1000, maxPartBytes: 50e6, maxTotalBytes: 500e6 });
    expect(entries).toHaveLength(fx.plan.peserta.length);
    const db = t().db.db;
    const pupils = await db
      .select({
        nama: pesertaDidik.nama,
        nisn: pesertaDidik.nisn,
        nis: pesertaDidik.noInduk,
        id: pesertaDidik.pesertaDidikId,
      })
      .from(pesertaDidik);
    const byId = new Map(pupils.map((p) => [p.id, p]));
    const ordered = fx.plan.peserta
      .map((p) => byId.get(p.peserta_didik_id))
      .filter((p) => p !== undefined)
      .sort((x, y) => x.nama.localeCompare(y.nama));
    expect(entries.map((e) => e.name)).toEqual(
      ordered.map((p, i) => `${fx.rombel.nama}/${namaBerkasPkl(i + 1, p, fx.dudi.nama)}`),
    );
    for (const e of entries) {
      const data = entryData(zip, e);
      expect(crc32(data)).toBe(e.crc32);
      expect(data.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
