import {
  type CetakRaporResponse,
  formatTanggal,
  hari,
  splitJabatan,
  TANPA_NILAI,
  tanggalRapor,
  tempatRapor,
} from '@erapor/contract/cetak/rapor';
import type { Job } from '@erapor/contract/jobs';
import { agamaOfMapel, isMerdeka, isP5Mapel } from '@erapor/contract/penilaian/rules';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../../db/sql-rows';
import { catatanWali } from '../../../db/tables/wali-kelas';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import {
  inkedMargins,
  pdfPages,
  pdfPageTexts,
  pdfText,
  pdfWords,
  signatureBlock,
} from '../../../test/pdf-text';
import { MARGIN } from './layout';

/*
 * The report cards of the living demo school (issue #11 item 13 and its Done-when; decisions 031,
 * 033), compared with what the database holds: the print page right after seeding, wali@'s
 * Cetak Semua PDF read back by pdftotext and pdftoppm, and the cards of past semesters.
 */

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Whitespace collapsed; a hyphen at a line end ("sehari-" / "hari") reads back with a space after it
 * from pdftotext, so a hyphen between letters is written without spaces on both sides.
 */
const oneLine = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/(\p{L})- (?=\p{L})/gu, '$1-')
    .trim();

describeEngines('cetak rapor: the living demo school', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    demo = await seedDemo(t().db.db, { living: true });
    for (const who of ['wali', 'admin'] as const) {
      tokens[who] = (await loginAs(t().app, demo.accounts[who].email, demo.semesterId)).accessToken;
    }
  });
  const get = (url: string, token: string) => t().app.inject({ method: 'GET', url, headers: bearer(token) });

  it("right after seeding, wali@'s Cetak Rapor page shows every pupil complete, with a place and a date", async () => {
    const res = await get('/api/cetak/rapor', tokens.wali ?? '');
    expect(res.statusCode, res.body).toBe(200);
    const page = json<CetakRaporResponse>(res);
    expect(page.rombel.rombongan_belajar_id).toBe(demo.school.relations.waliRombelId);
    expect(page.data.length).toBeGreaterThan(3);
    for (const row of page.data) expect(row.kelengkapan, row.nama).toEqual([]);
    expect(page.cetak.tempat.trim()).not.toBe('');
    expect(page.cetak.tanggal?.trim() ?? '').not.toBe('');
  });

  /** wali@'s class as one Cetak Semua PDF with the three documents, as the screen prints it by default. */
  let classPdf: Promise<Buffer> | null = null;
  const cetakSemua = () => {
    classPdf ??= (async () => {
      const start = await t().app.inject({
        method: 'POST',
        url: '/api/cetak/rapor-semua',
        headers: bearer(tokens.wali ?? ''),
        payload: {
          rombongan_belajar_id: demo.school.relations.waliRombelId,
          dokumen: ['cover', 'nilai-akhir', 'pelengkap'],
          output: 'pdf',
        },
      });
      expect(start.statusCode, start.body).toBe(202);
      const id = json<Job>(start).id;
      for (let i = 0; i < 1200; i++) {
        const job = json<Job>(await get(`/api/cetak/rapor-semua/${id}`, tokens.wali ?? ''));
        if (job.status !== 'queued' && job.status !== 'running') {
          expect(job.status, job.message ?? '').toBe('done');
          const file = await get(`/api/cetak/rapor-semua/${id}/unduh`, tokens.wali ?? '');
          expect(file.statusCode).toBe(200);
          return file.rawPayload;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the job did not end');
    })();
    return classPdf;
  };

  /** What the database holds for the first three pupils of wali@'s class (print order: by name). */
  async function stored() {
    const db = t().db.db;
    const kelasId = demo.school.relations.waliRombelId;
    const [kelas] = await sqlRows<{
      nama: string;
      tingkat: number;
      wali: string;
      wali_nip: string | null;
      kabupaten: string | null;
    }>(
      db,
      sql`select r.nama, r.tingkat, g.nama as wali, g.nip as wali_nip, s.kabupaten
        from rombongan_belajar r join guru g on g.guru_id = r.guru_id join sekolah s on s.sekolah_id = r.sekolah_id
        where r.rombongan_belajar_id = ${kelasId}`,
    );
    const settings = await sqlRows<{ key: string; value: string | null; semester_id: string | null }>(
      db,
      sql`select key, value, semester_id from settings where sekolah_id = ${demo.sekolahId}
        and (semester_id is null or semester_id = ${demo.semesterId}) order by semester_id nulls first`,
    );
    const setting: Record<string, string | null> = {};
    for (const r of settings) setting[r.key] = r.value;
    const [kepala] = await sqlRows<{ nama: string; nip: string | null }>(
      db,
      sql`select nama, nip from guru where guru_id = ${setting.kepala_sekolah ?? null}`,
    );
    const pupils = await sqlRows<{
      anggota_rombel_id: string;
      peserta_didik_id: string;
      nama: string;
      nis: string | null;
      nisn: string | null;
      agama_id: number | null;
      sakit: number | null;
      izin: number | null;
      alpa: number | null;
    }>(
      db,
      sql`select a.anggota_rombel_id, p.peserta_didik_id, p.nama, p.no_induk as nis, p.nisn, p.agama_id,
          ab.sakit, ab.izin, ab.alpa
        from anggota_rombel a join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        left join absensi ab on ab.anggota_rombel_id = a.anggota_rombel_id
        where a.rombongan_belajar_id = ${kelasId} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id limit 3`,
    );
    // Every subject each pupil takes, in the class and in the elective classes it belongs to.
    const subjects = await sqlRows<{
      peserta_didik_id: string;
      nama_mata_pelajaran: string;
      mata_pelajaran_id: number;
      nama_kurikulum: string | null;
      nilai_merdeka: number | null;
      nilai_k13: number | null;
      deskripsi_pengetahuan: string | null;
      deskripsi_keterampilan: string | null;
    }>(
      db,
      sql`select a.peserta_didik_id, b.nama_mata_pelajaran, b.mata_pelajaran_id, k.nama_kurikulum,
          (select n.nilai from nilai_akhir n where n.anggota_rombel_id = a.anggota_rombel_id
            and n.pembelajaran_id = b.pembelajaran_id and n.kompetensi_id = 4) as nilai_merdeka,
          (select n.nilai from nilai_akhir n where n.anggota_rombel_id = a.anggota_rombel_id
            and n.pembelajaran_id = b.pembelajaran_id and n.kompetensi_id = 1) as nilai_k13,
          d.deskripsi_pengetahuan, d.deskripsi_keterampilan
        from anggota_rombel a
        join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id and r.deleted_at is null
          and r.jenis_rombel in (1, 16) and r.semester_id = ${demo.semesterId}
        join pembelajaran b on b.rombongan_belajar_id = r.rombongan_belajar_id and b.deleted_at is null
          and b.induk_pembelajaran_id is null and b.kelompok_id is not null and b.no_urut is not null
        left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
        left join deskripsi_mata_pelajaran d on d.anggota_rombel_id = a.anggota_rombel_id
          and d.pembelajaran_id = b.pembelajaran_id
        where a.deleted_at is null and a.peserta_didik_id in (${sql.join(
          pupils.map((p) => sql`${p.peserta_didik_id}::uuid`),
          sql`, `,
        )})`,
    );
    if (!kelas || !kepala || pupils.length < 3) throw new Error('the living demo lacks its class');
    return {
      kelas,
      tempat: tempatRapor(setting.tempat_rapor, kelas.kabupaten),
      tanggal: formatTanggal(
        tanggalRapor(
          {
            tanggal_rapor: setting.tanggal_rapor ?? null,
            tanggal_rapor_kelas_akhir: setting.tanggal_rapor_kelas_akhir ?? null,
          },
          { semesterId: demo.semesterId, tingkat: Number(kelas.tingkat), empatTahun: false },
        ),
      ),
      kepala,
      jabatan: splitJabatan(setting.jabatan),
      pupils: pupils.map((p) => ({
        ...p,
        mapel: subjects
          .filter((s) => s.peserta_didik_id === p.peserta_didik_id && !isP5Mapel(Number(s.mata_pelajaran_id)))
          .filter((s) => {
            const agama = agamaOfMapel(Number(s.mata_pelajaran_id));
            return agama === null || agama === p.agama_id;
          })
          .map((s) => ({
            nama: s.nama_mata_pelajaran,
            nilai: isMerdeka(s.nama_kurikulum) ? s.nilai_merdeka : s.nilai_k13,
            capaian: [s.deskripsi_pengetahuan, s.deskripsi_keterampilan]
              .filter((d): d is string => d !== null && d.trim() !== '')
              .map(oneLine)
              .join(' '),
          })),
      })),
    };
  }

  it("wali@'s Cetak Semua PDF shows three pupils' names, NISN, every grade and capaian, S/I/A and signatures as stored", async () => {
    const pdf = await cetakSemua();
    const db = await stored();
    const { tempat, tanggal, kepala, kelas } = db;
    expect(tempat).not.toBe('');
    expect(tanggal).not.toBe('');
    const pages = pdfPageTexts(pdf);
    for (const p of db.pupils) {
      // The pupil's pages, known by their footer; the footer and the table header repeated on a
      // continued page are taken out, so a row split across two pages reads whole.
      const footer = new RegExp(
        `${esc(p.nama)} - ${esc(kelas.nama)} \\| \\d+ \\| Dicetak dari e-Rapor SMK v\\.\\S+`,
        'g',
      );
      const own = pages.filter((text) => text.match(footer));
      expect(own.length, p.nama).toBeGreaterThan(3);
      const text = oneLine(
        own
          .map((page) =>
            page.replace(footer, ' ').replace(/No Mata Pelajaran Nilai Akhir Capaian Kompetensi/g, ' '),
          )
          .join(' '),
      );
      expect(text).toContain(`Nama Peserta Didik : ${p.nama}`);
      expect(text).toContain(`${p.nis ?? TANPA_NILAI} / ${p.nisn ?? TANPA_NILAI}`);
      expect(p.nisn).toMatch(/^\d{10}$/);
      expect(p.mapel.length).toBeGreaterThan(5);
      for (const m of p.mapel) {
        expect(m.nilai, `${p.nama}: ${m.nama}`).not.toBeNull();
        expect(m.capaian, `${p.nama}: ${m.nama}`).not.toBe('');
        expect(text, `${p.nama}: ${m.nama}`).toContain(`${m.nama} ${m.nilai} ${m.capaian}`);
      }
      expect(p.sakit).not.toBeNull();
      expect(text).toContain(`Sakit : ${hari(p.sakit ?? -1)}`);
      expect(text).toContain(`Izin : ${hari(p.izin ?? -1)}`);
      expect(text).toContain(`Tanpa Keterangan : ${hari(p.alpa ?? -1)}`);
      expect(text).toMatch(
        new RegExp(
          `${esc(`${tempat}, ${tanggal}`)} Wali Kelas ${esc(kelas.wali)}[^|]{0,40} NIP\\. ${esc(kelas.wali_nip ?? '-')}`,
        ),
      );
      expect(text).toMatch(
        new RegExp(
          `Mengetahui, ${esc(db.jabatan.jabatan)} ${esc([db.jabatan.awalan, kepala.nama].filter(Boolean).join(' '))}[^|]{0,40} NIP\\. ${esc(kepala.nip ?? '-')}`,
        ),
      );
    }
  });

  it("wali@'s Cetak Semua PDF by pdftoppm: margins blank on every page; each signature block whole, Wali Kelas on the right", async () => {
    const pdf = await cetakSemua();
    const db = await stored();
    const dpi = 36;
    const images = pdfPages(pdf, dpi);
    expect(images.length).toBe(pdfText(pdf).pages);
    expect(images.length).toBeGreaterThan(30);
    expect(inkedMargins(images, dpi, MARGIN)).toEqual([]);
    const texts = pdfPageTexts(pdf);
    const words = pdfWords(pdf);
    for (const p of db.pupils) {
      // The pupil's Rapor Akademik: from its grade page to the page with "Mengetahui,".
      const own = texts.flatMap((text, i) =>
        text.includes(`${p.nama} - ${db.kelas.nama} |`) ? [i + 1] : [],
      );
      const from = own.find((page) => texts[page - 1]?.includes('A. Nilai Akademik'));
      const to = own.find((page) => texts[page - 1]?.includes('Mengetahui,'));
      if (!from || !to) throw new Error(`no Rapor Akademik of ${p.nama}`);
      const block = signatureBlock(
        words.filter((w) => w.page >= from && w.page <= to),
        {
          tempatTanggal: `${db.tempat}, ${db.tanggal}`,
          wali: db.kelas.wali,
          nomorKepala: `NIP. ${db.kepala.nip ?? '-'}`,
        },
      );
      expect(block.problems, p.nama).toEqual([]);
      expect(block.page).toBe(to);
    }
  });

  it("a Merdeka card of 20251 prints Kokurikuler with the pupil's stored text; a 20242 card prints none", async () => {
    const db = t().db.db;
    expect(demo.historySemesterIds).toEqual(expect.arrayContaining(['20242', '20251']));
    for (const semesterId of ['20251', '20242']) {
      // The first pupil of the first Merdeka class of that semester.
      const [pupil] = await sqlRows<{ anggota_rombel_id: string; nama: string }>(
        db,
        sql`select a.anggota_rombel_id, p.nama from anggota_rombel a
          join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
          join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
          join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
          where r.sekolah_id = ${demo.sekolahId} and r.semester_id = ${semesterId} and r.jenis_rombel = 1
            and r.deleted_at is null and a.deleted_at is null and k.nama_kurikulum ilike '%merdeka%'
          order by r.tingkat, r.nama, p.nama limit 1`,
      );
      if (!pupil) throw new Error(`no Merdeka class in ${semesterId}`);
      // The living demo writes the past semesters' homeroom texts too (decision 058; kokurikuler from
      // 20251): a text is stored here only where none is (in 20242, where the card must leave it out).
      await db
        .insert(catatanWali)
        .values({
          sekolahId: demo.sekolahId,
          anggotaRombelId: pupil.anggota_rombel_id,
          type: 'kokurikuler',
          uraianDeskripsi: `Melalui kegiatan kokurikuler semester ${semesterId}, ananda menunjukkan perkembangan yang baik pada dimensi kolaborasi dan komunikasi.`,
        })
        .onConflictDoNothing();
      const [stored] = await db
        .select({ text: catatanWali.uraianDeskripsi })
        .from(catatanWali)
        .where(
          and(eq(catatanWali.anggotaRombelId, pupil.anggota_rombel_id), eq(catatanWali.type, 'kokurikuler')),
        );
      const { accessToken } = await loginAs(t().app, demo.accounts.admin.email, semesterId);
      const res = await get(`/api/cetak/rapor-nilai-akhir/${pupil.anggota_rombel_id}`, accessToken);
      expect(res.statusCode, res.body).toBe(200);
      const text = oneLine(pdfText(res.rawPayload).text);
      expect(text).toContain(pupil.nama);
      expect(text).toContain('Fase');
      if (semesterId === '20251') {
        expect(text).toMatch(new RegExp(`[A-Z]\\. Kokurikuler ${esc(oneLine(stored?.text ?? '?'))}`));
      } else {
        expect(text).toContain('A. Nilai Akademik');
        expect(text).not.toContain('Kokurikuler');
        expect(text).not.toContain(oneLine(stored?.text ?? '?'));
      }
    }
  });
});
