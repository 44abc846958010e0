import type { LegerKelasResponse, LegerResponse } from '@erapor/contract/cetak/leger';
import { agamaOfMapel, isMerdeka } from '@erapor/contract/penilaian/rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { nilaiAkhir } from '../../../db/tables/penilaian';
import { anggotaRombel, pembelajaran, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { refKurikulum } from '../../../db/tables/referensi-ref';
import { absensi } from '../../../db/tables/wali-kelas';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json } from '../../../test/engines';
import { demoTokens, otherWali, staffToken } from '../../penilaian/beranda/test-accounts';
import { LEGER_HEADER_ROW, LEGER_SHEET } from './xlsx';

const SCHOOL_2 = '00000000-0000-4000-8000-0000000030c2';
const ROMBEL_2 = '00000000-0000-4000-8000-0000000030c3';
const PILIHAN = '00000000-0000-4000-8000-0000000030a1';
const PILIHAN_MAPEL = '00000000-0000-4000-8000-0000000030a2';
const UNKNOWN = '00000000-0000-4000-8000-0000000030ff';

interface Member {
  anggota: string;
  pd: string;
  nama: string;
  nisn: string | null;
  agama: number | null;
}
interface Subject {
  id: string;
  nama: string;
  mapel: number;
}

describeEngines('cetak: unduh leger', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let kelasId = '';
  let kelasNama = '';
  let members: Member[] = [];
  let subjects: Subject[] = [];
  let kompetensi = 4;
  /** What this test wrote: pupil (peserta_didik_id) → column (pembelajaran_id) → grade. */
  const written = new Map<string, Map<string, number>>();

  const grade = async (
    anggota: string,
    pd: string,
    pembelajaranId: string,
    nilai: number,
    komp = kompetensi,
  ) => {
    await t().db.db.insert(nilaiAkhir).values({
      sekolahId: demo.sekolahId,
      anggotaRombelId: anggota,
      pembelajaranId,
      kompetensiId: komp,
      nilai,
    });
    if (komp === kompetensi) {
      const row = written.get(pd) ?? new Map<string, number>();
      row.set(pembelajaranId, nilai);
      written.set(pd, row);
    }
  };

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    Object.assign(
      tokens,
      await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'siswa', 'ekskul', 'pkl', 'kaprog', 'waka']),
    );
    const { own, token } = await otherWali(t().app, db, demo, 'wali-lain-leger@test.sch.id');
    tokens.otherWali = token;
    kelasId = own.rombongan_belajar_id;
    kelasNama = own.nama;
    // The wali of an elective class: a teacher who is no wali and no demo account.
    const taken = new Set([
      ...demo.school.rombongan_belajar.map((r) => r.ptk_id),
      ...Object.values(demo.accounts).map((a) => a.guruId),
    ]);
    const pilihanGuru = demo.school.ptk.find((p) => !taken.has(p.ptk_id));
    if (!pilihanGuru) throw new Error('no free teacher');
    tokens.pilihan = await staffToken(t().app, db, demo, {
      guruId: pilihanGuru.ptk_id,
      email: 'pilihan-leger@test.sch.id',
      roles: ['guru', 'pilihan'],
    });

    members = (
      await db
        .select({
          anggota: anggotaRombel.anggotaRombelId,
          pd: pesertaDidik.pesertaDidikId,
          nama: pesertaDidik.nama,
          nisn: pesertaDidik.nisn,
          agama: pesertaDidik.agamaId,
        })
        .from(anggotaRombel)
        .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
        .where(and(eq(anggotaRombel.rombonganBelajarId, kelasId), isNull(anggotaRombel.deletedAt)))
        .orderBy(asc(pesertaDidik.nama), asc(anggotaRombel.anggotaRombelId))
    ).map((m) => ({ ...m, agama: m.agama === null ? null : Number(m.agama) }));
    subjects = (
      await db
        .select({
          id: pembelajaran.pembelajaranId,
          nama: pembelajaran.namaMataPelajaran,
          mapel: pembelajaran.mataPelajaranId,
          kelompok: pembelajaran.kelompokId,
          urut: pembelajaran.noUrut,
          induk: pembelajaran.indukPembelajaranId,
        })
        .from(pembelajaran)
        .where(and(eq(pembelajaran.rombonganBelajarId, kelasId), isNull(pembelajaran.deletedAt)))
    )
      // Printed: active parents, neither PKL nor P5 (hand-written here, not the service's rule).
      .filter((s) => s.induk === null && s.kelompok !== null && s.urut !== null)
      .filter((s) => s.mapel !== 800001000 && !(s.mapel >= 200040000 && s.mapel < 200040100))
      .sort(
        (a, b) =>
          (a.kelompok ?? 0) - (b.kelompok ?? 0) ||
          (a.urut ?? 0) - (b.urut ?? 0) ||
          a.nama.localeCompare(b.nama, 'id'),
      );
    const [kur] = await db
      .select({ nama: refKurikulum.namaKurikulum, id: rombonganBelajar.kurikulumId })
      .from(rombonganBelajar)
      .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
      .where(eq(rombonganBelajar.rombonganBelajarId, kelasId));
    kompetensi = isMerdeka(kur?.nama) ? 4 : 1;

    const [m0, m1, m2] = members as [Member, Member, Member];
    const [s0, s1] = subjects.filter((x) => agamaOfMapel(x.mapel) === null) as [Subject, Subject];
    // A religion subject: graded for a pupil of that religion, and (stale) for one of another.
    const agama = subjects.find((x) => agamaOfMapel(x.mapel) !== null);
    const rest = members.slice(3);
    const believer = rest.find((m) => agama && m.agama === agamaOfMapel(agama.mapel));
    const other = rest.find((m) => agama && m.agama !== agamaOfMapel(agama.mapel));
    if (!agama || !believer || !other) throw new Error('demo class without a religion subject');
    await grade(believer.anggota, believer.pd, agama.id, 77);
    await grade(other.anggota, other.pd, agama.id, 12);
    // The other religion's pupil must see no grade there.
    written.get(other.pd)?.delete(agama.id);
    await grade(m0.anggota, m0.pd, s0.id, 80);
    await grade(m0.anggota, m0.pd, s1.id, 91);
    await grade(m1.anggota, m1.pd, s0.id, 70);
    // Not the printed kompetensi (the other curriculum's, and a sub-subject parent's own part).
    await grade(m2.anggota, m2.pd, s0.id, 55, kompetensi === 4 ? 1 : 4);
    await grade(m2.anggota, m2.pd, s1.id, 66, 99);
    await db
      .insert(absensi)
      .values({ sekolahId: demo.sekolahId, anggotaRombelId: m0.anggota, sakit: 2, izin: 1, alpa: 3 });

    // An elective class (jenis 16) of another teacher, taken by m0 and m1.
    await db.insert(rombonganBelajar).values({
      rombonganBelajarId: PILIHAN,
      sekolahId: demo.sekolahId,
      semesterId: demo.semesterId,
      nama: 'Pilihan Bahasa Jepang Leger',
      tingkat: 10,
      jenisRombel: 16,
      guruId: pilihanGuru.ptk_id,
      kurikulumId: kur?.id ?? null,
    });
    await db.insert(pembelajaran).values({
      pembelajaranId: PILIHAN_MAPEL,
      sekolahId: demo.sekolahId,
      semesterId: demo.semesterId,
      rombonganBelajarId: PILIHAN,
      guruId: pilihanGuru.ptk_id,
      mataPelajaranId: 401002000,
      namaMataPelajaran: 'Bahasa Jepang Pilihan',
      kelompokId: 99,
      noUrut: 1,
    });
    const electiveMembers = await db
      .insert(anggotaRombel)
      .values(
        [m0, m1].map((m) => ({
          sekolahId: demo.sekolahId,
          semesterId: demo.semesterId,
          rombonganBelajarId: PILIHAN,
          pesertaDidikId: m.pd,
        })),
      )
      .returning({ id: anggotaRombel.anggotaRombelId, pd: anggotaRombel.pesertaDidikId });
    const e0 = electiveMembers.find((e) => e.pd === m0.pd);
    if (!e0) throw new Error('elective member missing');
    await grade(e0.id, m0.pd, PILIHAN_MAPEL, 87);

    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999930',
      semesterId: demo.semesterId,
    });
  });

  const get = async (url: string, who: string) =>
    t().app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });
  const preview = async (id: string, who = 'wali', query = '') => {
    const res = await get(`/api/cetak/leger/${id}${query}`, who);
    return { status: res.statusCode, body: json<LegerResponse>(res) };
  };

  /** The expected cell of pupil `pd` in column `pembelajaranId`, from what the test wrote. */
  const expected = (pd: string, pembelajaranId: string) => written.get(pd)?.get(pembelajaranId) ?? null;

  it('previews the wali class: header, columns by kelompok/no urut, the grades written, "-", S/I/A, the elective', async () => {
    const res = await preview(kelasId);
    expect(res.status).toBe(200);
    const l = res.body;
    expect(l).toMatchObject({
      kelas: kelasNama,
      npsn: demo.school.meta.npsn,
      jenis_rombel: 1,
      ringkasan: false,
    });
    expect(l.sekolah).toBe(demo.school.sekolah.nama);
    expect(l.tahun_pelajaran).toMatch(/^\d{4}\/\d{4}/);
    expect(l.rows.map((r) => r.anggota_rombel_id)).toEqual(members.map((m) => m.anggota));
    // Every column of the class is there, plus the elective, marked.
    const ids = l.mapel.map((m) => m.pembelajaran_id);
    // The class's printed subjects in kelompok / no urut order, then the elective (kelompok 99).
    expect(ids).toEqual([...subjects.map((s) => s.id), PILIHAN_MAPEL]);
    expect(l.mapel.find((m) => m.pembelajaran_id === PILIHAN_MAPEL)).toEqual({
      pembelajaran_id: PILIHAN_MAPEL,
      nama: 'Bahasa Jepang Pilihan',
      pilihan: true,
    });
    expect(l.mapel.filter((m) => m.pilihan)).toHaveLength(1);
    // The elective's kelompok 99 puts it last.
    expect(ids.at(-1)).toBe(PILIHAN_MAPEL);
    // Each cell equals what was written (other kompetensi and religions never show).
    l.rows.forEach((r, i) => {
      const m = members[i] as Member;
      expect(r.nilai).toEqual(l.mapel.map((c) => expected(m.pd, c.pembelajaran_id)));
    });
    const [m0, m1] = members as [Member, Member];
    expect(l.rows[0]).toMatchObject({ nama: m0.nama, nisn: m0.nisn, sakit: 2, izin: 1, alpa: 3 });
    expect(l.rows[1]).toMatchObject({ nama: m1.nama, sakit: 0, izin: 0, alpa: 0 });
    expect(l.rows[0]?.nilai[ids.indexOf(PILIHAN_MAPEL)]).toBe(87);
    expect(l.rows[1]?.nilai[ids.indexOf(PILIHAN_MAPEL)]).toBeNull();
    expect(l.rows[0]).not.toHaveProperty('peringkat');
  });

  it('adds Jumlah, Rata-rata and Peringkat on request', async () => {
    const l = (await preview(kelasId, 'wali', '?ringkasan=1')).body;
    expect(l.ringkasan).toBe(true);
    // m0: 80 + 91 + 87 = 258 / 3 = 86.0, rank 1; m1: 70 / 1 = 70.0; m2: no printed grade.
    expect(l.rows[0]).toMatchObject({ jumlah: 258, rata_rata: 86, peringkat: 1 });
    expect(l.rows[1]).toMatchObject({ jumlah: 70, rata_rata: 70 });
    expect(l.rows[2]).toMatchObject({ jumlah: null, rata_rata: null, peringkat: null });
    // The pupil with the religion grade 77 (one grade): mean 77, between m0 and m1.
    expect(l.rows.filter((r) => r.jumlah === 77).map((r) => r.peringkat)).toEqual([2]);
    expect(l.rows[1]?.peringkat).toBe(3);
    expect((await preview(kelasId, 'wali', '?ringkasan=ya')).status).toBe(400);
  });

  it('downloads the xlsx whose cells read back equal the database', async () => {
    const res = await get(`/api/unduhan/leger-nilai/${kelasId}?ringkasan=1`, 'wali');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe(
      `Leger Nilai ${kelasNama}.xlsx`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(LEGER_SHEET);
    if (!ws) throw new Error('sheet missing');
    const text = (row: number, col: number) => ws.getRow(row).getCell(col).value;
    expect(text(1, 1)).toBe('LEGER NILAI PESERTA DIDIK');
    expect([text(2, 1), text(2, 3)]).toEqual(['Sekolah', demo.school.sekolah.nama]);
    expect([text(3, 1), text(3, 3)]).toEqual(['NPSN', demo.school.meta.npsn]);
    expect([text(4, 1), text(4, 3)]).toEqual(['Kelas', kelasNama]);
    expect(text(5, 1)).toBe('Tahun Pelajaran');
    const l = (await preview(kelasId, 'wali', '?ringkasan=1')).body;
    const header = (ws.getRow(LEGER_HEADER_ROW).values as unknown[]).slice(1);
    expect(header).toEqual([
      'No',
      'NAMA PESERTA DIDIK',
      'NISN',
      ...l.mapel.map((m) => m.nama),
      'S',
      'I',
      'A',
      'JUMLAH',
      'RATA-RATA',
      'PERINGKAT',
    ]);
    expect(ws.rowCount).toBe(LEGER_HEADER_ROW + members.length);
    const absences = new Map(
      (await t().db.db.select().from(absensi)).map((a) => [a.anggotaRombelId, [a.sakit, a.izin, a.alpa]]),
    );
    members.forEach((m, i) => {
      const cells = (ws.getRow(LEGER_HEADER_ROW + 1 + i).values as unknown[]).slice(1);
      expect(cells.slice(0, 3)).toEqual([i + 1, m.nama, m.nisn ?? '-']);
      // Grades as numbers, "-" where the database holds none.
      expect(cells.slice(3, 3 + l.mapel.length)).toEqual(
        l.mapel.map((c) => expected(m.pd, c.pembelajaran_id) ?? '-'),
      );
      expect(cells.slice(3 + l.mapel.length, 6 + l.mapel.length)).toEqual(
        absences.get(m.anggota) ?? [0, 0, 0],
      );
    });
    const jumlahCol = 3 + l.mapel.length + 3;
    expect((ws.getRow(LEGER_HEADER_ROW + 1).values as unknown[]).slice(1).slice(jumlahCol)).toEqual([
      258, 86, 1,
    ]);
    expect((ws.getRow(LEGER_HEADER_ROW + 3).values as unknown[]).slice(1).slice(jumlahCol)).toEqual([
      '-',
      '-',
      '-',
    ]);
    // The elective column is a number for m0 and "-" for m1.
    const col = 4 + l.mapel.findIndex((m) => m.pembelajaran_id === PILIHAN_MAPEL);
    expect([text(LEGER_HEADER_ROW + 1, col), text(LEGER_HEADER_ROW + 2, col)]).toEqual([87, '-']);
  });

  it('lets the Waka and the admin open any class; 403 to everyone else; 404 for another school or unknown', async () => {
    for (const who of ['waka', 'admin']) {
      expect((await preview(kelasId, who)).status, who).toBe(200);
      expect((await get(`/api/unduhan/leger-nilai/${kelasId}`, who)).statusCode, who).toBe(200);
    }
    for (const who of ['guru', 'otherWali', 'ekskul', 'pkl', 'siswa', 'kaprog', 'pilihan']) {
      expect((await preview(kelasId, who)).status, who).toBe(403);
      expect((await get(`/api/unduhan/leger-nilai/${kelasId}`, who)).statusCode, who).toBe(403);
    }
    for (const id of [ROMBEL_2, UNKNOWN]) {
      for (const url of [`/api/cetak/leger/${id}`, `/api/unduhan/leger-nilai/${id}`]) {
        const res = await get(url, 'waka');
        expect(res.statusCode, url).toBe(404);
        expect(json<{ message: string }>(res).message).toMatch(/tidak ditemukan/i);
      }
    }
    expect((await preview('abc', 'wali')).status).toBe(400);
    expect((await t().app.inject({ method: 'GET', url: `/api/cetak/leger/${kelasId}` })).statusCode).toBe(
      401,
    );
  });

  it('gives the elective wali their elective class: its pupils, its subject, S/I/A from the regular class', async () => {
    const res = await preview(PILIHAN, 'pilihan');
    expect(res.status).toBe(200);
    const [m0, m1] = members as [Member, Member];
    expect(res.body.jenis_rombel).toBe(16);
    expect(res.body.mapel).toEqual([
      { pembelajaran_id: PILIHAN_MAPEL, nama: 'Bahasa Jepang Pilihan', pilihan: true },
    ]);
    const rows = res.body.rows.map((r) => ({ nama: r.nama, nilai: r.nilai, s: [r.sakit, r.izin, r.alpa] }));
    expect(rows).toEqual(
      [
        { nama: m0.nama, nilai: [87], s: [2, 1, 3] },
        { nama: m1.nama, nilai: [null], s: [0, 0, 0] },
      ].sort((a, b) => (a.nama < b.nama ? -1 : a.nama > b.nama ? 1 : 0)),
    );
    expect((await get(`/api/unduhan/leger-nilai/${PILIHAN}`, 'pilihan')).statusCode).toBe(200);
    // Its wali kelas of a regular class, and other walis, do not reach the elective class.
    for (const who of ['wali', 'otherWali', 'guru'])
      expect((await preview(PILIHAN, who)).status, who).toBe(403);
    expect((await preview(PILIHAN, 'waka')).status).toBe(200);
  });

  it('lists the classes each caller may download', async () => {
    const list = async (who: string) => {
      const res = await get('/api/cetak/leger', who);
      return { status: res.statusCode, body: json<LegerKelasResponse>(res) };
    };
    expect((await list('wali')).body.data.map((k) => k.rombongan_belajar_id)).toEqual([kelasId]);
    expect((await list('pilihan')).body.data.map((k) => k.rombongan_belajar_id)).toEqual([PILIHAN]);
    const all = (await list('waka')).body.data;
    expect(all.map((k) => k.rombongan_belajar_id)).toContain(kelasId);
    expect(all.map((k) => k.rombongan_belajar_id)).toContain(PILIHAN);
    expect(all.map((k) => k.rombongan_belajar_id)).not.toContain(ROMBEL_2);
    expect(all.every((k) => k.jenis_rombel === 1 || k.jenis_rombel === 16)).toBe(true);
    expect((await list('admin')).body.data).toEqual(all);
    for (const who of ['guru', 'ekskul', 'pkl', 'siswa', 'kaprog'])
      expect((await list(who)).status, who).toBe(403);
  });
});
