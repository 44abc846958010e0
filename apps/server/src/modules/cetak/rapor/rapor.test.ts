import type { CetakRaporResponse } from '@erapor/contract/cetak/rapor';
import { RENDER_ERROR_CODES, RENDER_MESSAGES } from '@erapor/contract/cetak/render';
import { agamaOfMapel, isMerdeka } from '@erapor/contract/penilaian/rules';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../../db/sql-rows';
import { deskripsiMataPelajaran, nilaiAkhir } from '../../../db/tables/penilaian';
import { pdPkl } from '../../../db/tables/pkl';
import { anggotaRombel, dudi, guru, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { sekolah, sekolahLogo } from '../../../db/tables/sekolah';
import { absensi, catatanBudayaKerja, catatanWali } from '../../../db/tables/wali-kelas';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { blackPng, pdfImages, pdfText } from '../../../test/pdf-text';
import { staffToken } from '../../penilaian/beranda/test-accounts';
import { pklPlanFixture } from '../../pkl/test-plan';
import { setSetting } from '../../sekolah/service';

const SCHOOL_2 = '00000000-0000-4000-8000-0000000d0c01';
const ROMBEL_2 = '00000000-0000-4000-8000-0000000d0c02';
const PD_2 = '00000000-0000-4000-8000-0000000d0c03';
const AR_2 = '00000000-0000-4000-8000-0000000d0c04';
const UNKNOWN = '00000000-0000-4000-8000-0000000d0c05';
const DOCS = ['rapor-cover', 'rapor-nilai-akhir', 'rapor-pelengkap'] as const;

describeEngines('cetak rapor: per-pupil documents', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let kelas = { id: '', nama: '', members: [] as string[] };
  let pupil = { ar: '', nama: '', nisn: '' };
  let expected: { nama: string; nilai: number; capaian: string }[] = [];
  let kepala = { nama: '', nip: '197001012000031001' };
  let waliNama = '';

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    for (const key of ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'kaprog', 'waka'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const regular = demo.school.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && !r.soft_delete);
    const own = regular.find((r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId);
    const another = regular.find((r) => r.ptk_id !== own?.ptk_id && r.anggota_rombel.length > 0);
    if (!own || !another) throw new Error('demo classes missing');
    kelas = {
      id: own.rombongan_belajar_id,
      nama: own.nama,
      members: own.anggota_rombel.map((a) => a.anggota_rombel_id),
    };
    tokens.otherWali = await staffToken(t().app, db, demo, {
      guruId: another.ptk_id,
      email: 'wali-lain-rapor@test.sch.id',
      roles: ['guru', 'wali'],
    });

    // The pupil, a school place, the signatories and the date, all hand-set.
    const [ar] = await db
      .select({
        ar: anggotaRombel.anggotaRombelId,
        nama: pesertaDidik.nama,
        nisn: pesertaDidik.nisn,
        agama: pesertaDidik.agamaId,
      })
      .from(anggotaRombel)
      .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
      .where(eq(anggotaRombel.anggotaRombelId, kelas.members[0] ?? ''));
    if (!ar) throw new Error('pupil missing');
    pupil = { ar: ar.ar, nama: ar.nama, nisn: ar.nisn ?? '' };
    await db.update(sekolah).set({ kabupaten: 'Kab. Bandung' }).where(eq(sekolah.sekolahId, demo.sekolahId));
    const kepalaId = demo.accounts.waka.guruId ?? '';
    await db.update(guru).set({ nip: kepala.nip }).where(eq(guru.guruId, kepalaId));
    await db
      .update(guru)
      .set({ nip: null })
      .where(eq(guru.guruId, demo.accounts.wali.guruId ?? ''));
    const [k] = await db.select({ nama: guru.nama }).from(guru).where(eq(guru.guruId, kepalaId));
    const [w] = await db
      .select({ nama: guru.nama })
      .from(guru)
      .where(eq(guru.guruId, demo.accounts.wali.guruId ?? ''));
    kepala = { ...kepala, nama: k?.nama ?? '' };
    waliNama = w?.nama ?? '';
    const actor = { sekolahId: demo.sekolahId };
    for (const [key, value] of [
      ['tanggal_rapor', '2026-12-18'],
      ['kepala_sekolah', kepalaId],
      ['jabatan', 'Plt. Kepala Sekolah'],
    ] as const) {
      await setSetting(db, actor, { key, value, semesterId: demo.semesterId });
    }

    // A grade and a capaian per subject the pupil takes (religion subjects: theirs only).
    // The class's subjects and those of the elective classes (jenis 16) the pupil belongs to.
    const subjects = await sqlRows<{
      anggota_rombel_id: string;
      pembelajaran_id: string;
      nama_mata_pelajaran: string;
      mata_pelajaran_id: number;
      nama_kurikulum: string | null;
    }>(
      db,
      sql`select a.anggota_rombel_id, b.pembelajaran_id, b.nama_mata_pelajaran, b.mata_pelajaran_id, k.nama_kurikulum
        from anggota_rombel a
        join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id and r.jenis_rombel in (1, 16)
        join pembelajaran b on b.rombongan_belajar_id = r.rombongan_belajar_id
        left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
        where a.peserta_didik_id = (select peserta_didik_id from anggota_rombel where anggota_rombel_id = ${pupil.ar})
          and a.deleted_at is null and r.semester_id = ${demo.semesterId} and r.deleted_at is null
          and b.deleted_at is null and b.induk_pembelajaran_id is null
          and b.kelompok_id is not null and b.no_urut is not null
          and b.mata_pelajaran_id not between 200040000 and 200040099`,
    );
    const taken = subjects.filter((s) => {
      const agama = agamaOfMapel(Number(s.mata_pelajaran_id));
      return agama === null || agama === ar.agama;
    });
    expect(taken.length).toBeGreaterThan(5);
    expected = taken.map((s, i) => ({
      nama: s.nama_mata_pelajaran,
      nilai: 61 + i,
      capaian: `Menunjukkan penguasaan yang baik dalam capaian nomor ${i + 1} mapel ${s.nama_mata_pelajaran}`,
    }));
    // The last subject keeps no grade: it prints "-".
    const graded = taken.slice(0, -1);
    await db.insert(nilaiAkhir).values(
      graded.map((s, i) => ({
        sekolahId: demo.sekolahId,
        anggotaRombelId: s.anggota_rombel_id,
        pembelajaranId: s.pembelajaran_id,
        kompetensiId: isMerdeka(s.nama_kurikulum) ? 4 : 1,
        nilai: 61 + i,
      })),
    );
    await db.insert(deskripsiMataPelajaran).values(
      taken.map((s, i) => ({
        sekolahId: demo.sekolahId,
        anggotaRombelId: s.anggota_rombel_id,
        pembelajaranId: s.pembelajaran_id,
        deskripsiPengetahuan: expected[i]?.capaian ?? '',
      })),
    );
    await db
      .insert(absensi)
      .values({ sekolahId: demo.sekolahId, anggotaRombelId: pupil.ar, sakit: 2, izin: 1, alpa: 0 });
    await db.insert(catatanWali).values({
      sekolahId: demo.sekolahId,
      anggotaRombelId: pupil.ar,
      type: 'catatan_walas',
      uraianDeskripsi: 'Pertahankan semangat belajarmu dan tingkatkan kedisiplinan.',
    });

    // Another school with a class and a pupil of its own.
    await db.insert(sekolah).values({ sekolahId: SCHOOL_2, npsn: '69999911', nama: 'SMK Lain' });
    await db.insert(rombonganBelajar).values({
      rombonganBelajarId: ROMBEL_2,
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      nama: 'X TKJ 9',
      tingkat: 10,
      jenisRombel: 1,
    });
    await db.insert(pesertaDidik).values({ pesertaDidikId: PD_2, sekolahId: SCHOOL_2, nama: 'Siswa Lain' });
    await db.insert(anggotaRombel).values({
      anggotaRombelId: AR_2,
      sekolahId: SCHOOL_2,
      semesterId: demo.semesterId,
      rombonganBelajarId: ROMBEL_2,
      pesertaDidikId: PD_2,
    });
  });

  const get = (url: string, who: string) =>
    t().app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });

  it('gives each document as a PDF to the wali of the class, the Waka and the admin', async () => {
    for (const who of ['wali', 'waka', 'admin']) {
      for (const doc of DOCS) {
        const res = await get(`/api/cetak/${doc}/${pupil.ar}`, who);
        expect(res.statusCode, `${who} ${doc}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
  });

  it('answers 403 to every other role and another wali, 404 to another school, an unknown pupil; 400 to a bad id', async () => {
    for (const doc of DOCS) {
      for (const who of ['guru', 'otherWali', 'ekskul', 'pkl', 'siswa', 'kaprog']) {
        expect((await get(`/api/cetak/${doc}/${pupil.ar}`, who)).statusCode, `${who} ${doc}`).toBe(403);
      }
      for (const id of [AR_2, UNKNOWN]) {
        const res = await get(`/api/cetak/${doc}/${id}`, 'admin');
        expect(res.statusCode, `${doc} ${id}`).toBe(404);
        expect(json<{ message: string }>(res).message).toBe('Data atau alamat yang diminta tidak ditemukan.');
      }
      expect((await get(`/api/cetak/${doc}/${AR_2}`, 'wali')).statusCode).toBe(404);
      expect((await get(`/api/cetak/${doc}/xyz`, 'wali')).statusCode).toBe(400);
    }
  });

  it('prints the Rapor Akademik as stored: grades, full capaian, "-" for no grade, S/I/A, notes, signatures', async () => {
    const res = await get(`/api/cetak/rapor-nilai-akhir/${pupil.ar}`, 'wali');
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain(pupil.nama);
    expect(text).toContain(pupil.nisn);
    expect(text).toContain(kelas.nama);
    for (const [i, m] of expected.entries()) {
      const grade = i === expected.length - 1 ? '-' : String(m.nilai);
      expect(text, m.nama).toContain(`${m.nama} ${grade} ${m.capaian}`);
    }
    expect(text).toContain('Sakit : 2 hari');
    expect(text).toContain('Izin : 1 hari');
    expect(text).toContain('Tanpa Keterangan : 0 hari');
    expect(text).toContain('Pertahankan semangat belajarmu dan tingkatkan kedisiplinan.');
    expect(text).toContain('Tanggapan Orang Tua/Wali Murid');
    expect(text).toContain('Bandung, 18 Desember 2026');
    expect(text).toContain(waliNama);
    expect(text).toContain('NIP. -');
    expect(text).toContain('Mengetahui, Kepala Sekolah');
    expect(text).toContain(`Plt. ${kepala.nama}`);
    expect(text).toContain(`NIP. ${kepala.nip}`);
    expect(text).toContain(`${pupil.nama} - ${kelas.nama} | 1 | Dicetak dari e-Rapor SMK v.`);
  });

  it('prints the teacher\'s NIY when the school chose NIY, "NIY. -" for one without', async () => {
    const db = t().db.db;
    const actor = { sekolahId: demo.sekolahId };
    await db
      .update(guru)
      .set({ niy: '2019.07-001' })
      .where(eq(guru.guruId, demo.accounts.wali.guruId ?? ''));
    await setSetting(db, actor, { key: 'identitas_pegawai', value: 'niy', semesterId: null });
    try {
      const { text } = pdfText((await get(`/api/cetak/rapor-nilai-akhir/${pupil.ar}`, 'wali')).rawPayload);
      expect(text).toContain(`${waliNama}`);
      expect(text).toContain('NIY. 2019.07-001');
      // The head teacher has a NIP but no NIY: the chosen number is missing, not replaced.
      expect(text).toContain('NIY. -');
      expect(text).not.toContain('NIP.');
      const page = json<CetakRaporResponse>(await get('/api/cetak/rapor', 'wali'));
      expect(page.cetak.nomor_kepala_sekolah).toBe('NIY. -');
    } finally {
      await setSetting(db, actor, { key: 'identitas_pegawai', value: 'nip', semesterId: null });
      await db
        .update(guru)
        .set({ niy: null })
        .where(eq(guru.guruId, demo.accounts.wali.guruId ?? ''));
    }
  });

  it('prints the cover and the supporting documents with their fixed wording', async () => {
    // The pupil lives in Kec. Jatiasih (a level-3 region code): the kabupaten/kota comes from the
    // region tree (§8.1 item 8).
    await t().db.query(
      `update peserta_didik set alamat = 'Jl. Mawar No. 5', rt = null, rw = null, nama_dusun = null,
        desa_kelurahan = 'Jatimekar', kecamatan = 'Kec. Jatiasih', kode_pos = '17422', kode_wilayah = '026502  '
        where peserta_didik_id = (select peserta_didik_id from anggota_rombel where anggota_rombel_id = $1)`,
      [pupil.ar],
    );
    const cover = pdfText((await get(`/api/cetak/rapor-cover/${pupil.ar}`, 'waka')).rawPayload).text;
    expect(cover).toContain(
      '8. Alamat Peserta Didik : Jl. Mawar No. 5, Jatimekar, Kec. Jatiasih, Kota Bekasi, 17422',
    );
    expect(cover).toContain('RAPOR PESERTA DIDIK SEKOLAH MENENGAH KEJURUAN (SMK)');
    expect(cover).toContain('KEMENTERIAN PENDIDIKAN DASAR DAN MENENGAH REPUBLIK INDONESIA');
    expect(cover).toContain('KETERANGAN TENTANG DIRI PESERTA DIDIK');
    expect(cover).toContain('16. Pekerjaan Wali Peserta Didik');
    expect(cover).toContain(pupil.nama);
    const pelengkap = pdfText((await get(`/api/cetak/rapor-pelengkap/${pupil.ar}`, 'admin')).rawPayload).text;
    for (const title of [
      'PETUNJUK PENGISIAN',
      'KETERANGAN PINDAH SEKOLAH',
      'CATATAN PRESTASI YANG PERNAH DICAPAI',
    ]) {
      expect(pelengkap).toContain(title);
    }
  });

  it("puts the school's uploaded logo on the cover, and none when there is none", async () => {
    const db = t().db.db;
    const cover = async () => (await get(`/api/cetak/rapor-cover/${pupil.ar}`, 'wali')).rawPayload;
    expect(pdfImages(await cover())).toEqual([]);
    await db
      .insert(sekolahLogo)
      .values({ sekolahId: demo.sekolahId, mimeType: 'image/png', data: blackPng(300, 150) });
    try {
      // 300 px fitted into 100 pt across: 216 ppi both ways.
      expect(pdfImages(await cover())).toMatchObject([
        { page: 1, width: 300, height: 150, xPpi: 216, yPpi: 216 },
      ]);
      // Only the cover carries it.
      expect(pdfImages((await get(`/api/cetak/rapor-nilai-akhir/${pupil.ar}`, 'wali')).rawPayload)).toEqual(
        [],
      );
    } finally {
      await db.delete(sekolahLogo).where(eq(sekolahLogo.sekolahId, demo.sekolahId));
    }
    expect(pdfImages(await cover())).toEqual([]);
  });

  it('answers 422 for the cover with a logo pdfkit refuses (a browser still shows it); the other documents print', async () => {
    const db = t().db.db;
    // A 1×1 PNG whose data a text transfer damaged ("\r\n" inside): browsers show it, pdfkit refuses it.
    const broken = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
      'hex',
    );
    await db.insert(sekolahLogo).values({ sekolahId: demo.sekolahId, mimeType: 'image/png', data: broken });
    try {
      const res = await get(`/api/cetak/rapor-cover/${pupil.ar}`, 'wali');
      expect(res.statusCode).toBe(422);
      expect(json(res)).toEqual({
        statusCode: 422,
        code: RENDER_ERROR_CODES.IMAGE_UNUSABLE,
        message: RENDER_MESSAGES.logo,
      });
      // Asked again: the same answer.
      expect((await get(`/api/cetak/rapor-cover/${pupil.ar}`, 'wali')).statusCode).toBe(422);
      // The Rapor Akademik names the logo but does not draw it: it prints.
      const nilai = await get(`/api/cetak/rapor-nilai-akhir/${pupil.ar}`, 'wali');
      expect(nilai.statusCode).toBe(200);
      expect(pdfText(nilai.rawPayload).text).toContain(pupil.nama);
    } finally {
      await db.delete(sekolahLogo).where(eq(sekolahLogo.sekolahId, demo.sekolahId));
    }
    expect((await get(`/api/cetak/rapor-cover/${pupil.ar}`, 'wali')).statusCode).toBe(200);
  });

  it('lists the class on the print page with what each card lacks and what will be printed', async () => {
    const res = await get('/api/cetak/rapor', 'wali');
    expect(res.statusCode).toBe(200);
    const body = json<CetakRaporResponse>(res);
    expect(body.rombel.rombongan_belajar_id).toBe(kelas.id);
    expect(body.cetak).toMatchObject({
      tempat: 'Bandung',
      tanggal: '18 Desember 2026',
      nomor_kepala_sekolah: `NIP. ${kepala.nip}`,
      jabatan: 'Kepala Sekolah',
    });
    // The name with its academic titles (the demo gives the head teacher some).
    expect(body.cetak.kepala_sekolah?.startsWith(`Plt. ${kepala.nama}`)).toBe(true);
    expect(body.data.map((r) => r.anggota_rombel_id).sort()).toEqual([...kelas.members].sort());
    const mine = body.data.find((r) => r.anggota_rombel_id === pupil.ar);
    expect(mine?.kelengkapan).toEqual(['Nilai akhir belum ada (1 mapel)', 'Kokurikuler belum diisi']);
    const other = body.data.find((r) => r.anggota_rombel_id !== pupil.ar);
    expect(other?.kelengkapan).toContain('Ketidakhadiran belum diisi');
    expect(other?.kelengkapan).toContain('Catatan wali kelas belum diisi');
    // Waka and admin choose any regular class; others are refused; another school's class is 404.
    expect((await get(`/api/cetak/rapor?rombongan_belajar_id=${kelas.id}`, 'waka')).statusCode).toBe(200);
    const admin = json<CetakRaporResponse>(await get('/api/cetak/rapor', 'admin'));
    expect(admin.kelas.length).toBeGreaterThan(1);
    for (const who of ['guru', 'ekskul', 'pkl', 'siswa', 'kaprog']) {
      expect((await get('/api/cetak/rapor', who)).statusCode, who).toBe(403);
    }
    expect((await get(`/api/cetak/rapor?rombongan_belajar_id=${kelas.id}`, 'otherWali')).statusCode).toBe(
      403,
    );
    expect((await get(`/api/cetak/rapor?rombongan_belajar_id=${ROMBEL_2}`, 'admin')).statusCode).toBe(404);
  });

  it('prints a K13 class with "A. Sikap": the wali\'s summary per dimension, then B. Nilai Akademik', async () => {
    const db = t().db.db;
    const k13 = await sqlRows<{ rombongan_belajar_id: string; anggota_rombel_id: string }>(
      db,
      sql`select r.rombongan_belajar_id, a.anggota_rombel_id from rombongan_belajar r
        join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
        join anggota_rombel a on a.rombongan_belajar_id = r.rombongan_belajar_id and a.deleted_at is null
        where r.sekolah_id = ${demo.sekolahId} and r.semester_id = ${demo.semesterId} and r.jenis_rombel = 1
          and r.deleted_at is null and k.nama_kurikulum not ilike '%merdeka%'
        limit 1`,
    );
    const target = k13[0];
    if (!target) throw new Error('the demo has no K13 class');
    const [dimensi] = await sqlRows<{ dimensi: string }>(
      db,
      sql`select dimensi from ref_p5_dimensi where no = 1`,
    );
    await db.insert(catatanBudayaKerja).values({
      sekolahId: demo.sekolahId,
      anggotaRombelId: target.anggota_rombel_id,
      budayaKerjaId: 1,
      catatan: 'Rajin beribadah dan santun kepada guru.',
    });
    const res = await get(`/api/cetak/rapor-nilai-akhir/${target.anggota_rombel_id}`, 'admin');
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain('A. Sikap Dimensi Penjelasan');
    expect(text).toContain(`${dimensi?.dimensi ?? '?'} Rajin beribadah dan santun kepada guru.`);
    expect(text).toContain('B. Nilai Akademik');
    expect(text).not.toContain('Fase');
    // The K13 class's print page names the attitude summary where it is missing.
    const page = json<CetakRaporResponse>(
      await get(`/api/cetak/rapor?rombongan_belajar_id=${target.rombongan_belajar_id}`, 'admin'),
    );
    const rows = page.data.filter((r) => r.anggota_rombel_id !== target.anggota_rombel_id);
    for (const r of rows) expect(r.kelengkapan[0]).toBe('Catatan sikap wali kelas belum diisi');
    expect(
      page.data.find((r) => r.anggota_rombel_id === target.anggota_rombel_id)?.kelengkapan,
    ).not.toContain('Catatan sikap wali kelas belum diisi');
  });

  it('prints the PKL section for a pupil of the PKL class once a plan exists; a class X card has none', async () => {
    const db = t().db.db;
    const tp = '00000000-0000-4000-8000-0000000d0c11';
    const fx = await pklPlanFixture(t().app, db, demo, {
      tpIds: [tp],
      waliEmail: 'wali-pkl-rapor@test.sch.id',
    });
    const placed = fx.plan.peserta[0]?.peserta_didik_id ?? '';
    await db
      .update(pdPkl)
      .set({ catatan: 'Sangat rajin selama PKL' })
      .where(eq(pdPkl.pesertaDidikId, placed));
    const ar = fx.rombel.anggota_rombel.find((a) => a.peserta_didik_id === placed)?.anggota_rombel_id;
    const [d] = await db.select().from(dudi).where(eq(dudi.dudiId, fx.dudi.dudi_id));
    const res = await get(`/api/cetak/rapor-nilai-akhir/${ar}`, 'admin');
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    expect(fx.rombel.tingkat_pendidikan_id).toBe(12);
    expect(text).toContain('Praktik Kerja Lapangan');
    expect(text).toContain('Mitra DU/DI');
    expect(text).toContain('Lamanya (bulan)');
    expect(text).toContain(fx.dudi.nama);
    // 1 Jul – 31 Dec 2025: six whole months.
    expect(text).toMatch(/ 6 Sangat rajin selama PKL/);
    expect(d?.alamatJalan).toBeTruthy();
    expect(text).toContain(d?.alamatJalan?.split(' ')[0]);
    // PKL comes first among the notes, before Ekstrakurikuler and Ketidakhadiran.
    expect(text.indexOf('Praktik Kerja Lapangan')).toBeLessThan(text.indexOf('Ekstrakurikuler'));

    // wali@'s class is a class X: no PKL section there, even with a plan in the school.
    const x = pdfText((await get(`/api/cetak/rapor-nilai-akhir/${pupil.ar}`, 'wali')).rawPayload).text;
    expect(x).not.toContain('Praktik Kerja Lapangan');
  });
});
