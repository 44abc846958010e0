import { STATUS_KENAIKAN } from '@erapor/contract/cetak/rapor';
import { SKL_BAWAAN, SKL_MESSAGES } from '@erapor/contract/cetak/skl';
import type { Job } from '@erapor/contract/jobs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sqlRows } from '../../../db/sql-rows';
import { nomorSkl, templateSkl } from '../../../db/tables/cetak-skl';
import { anggotaRombel, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { kenaikanKelas } from '../../../db/tables/wali-kelas';
import { entryData, readZipDirectory } from '../../../lib/spreadsheet/zip-budget';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { pdfPageTexts, pdfText } from '../../../test/pdf-text';
import { demoTokens, staffToken } from '../../penilaian/beranda/test-accounts';
import { jobEnd } from '../rapor/test-jobs';

/*
 * Surat Keterangan Lulus (issue #15 item 4; docs/decisions/047-surat-keterangan-lulus.md) on the
 * living demo's 2025/2026 Genap, where every XII pupil has the kenaikan decision Lulus: the letter
 * read back by pdftotext, its number given once per pupil and never twice (also when two homeroom
 * teachers print at the same moment), who may print, the template's checks and its preview.
 */

type Row = Record<string, unknown>;
const SCHOOL_2 = '00000000-0000-4000-8000-0000000047c2';
const ROMBEL_2 = '00000000-0000-4000-8000-0000000047c3';
const ANGGOTA_2 = '00000000-0000-4000-8000-0000000047c4';
const UNKNOWN = '00000000-0000-4000-8000-0000000047c5';
const TANGGAL = '2026-05-05';

interface Kelas {
  id: string;
  nama: string;
  guruId: string | null;
  members: string[];
}

describeEngines('cetak surat keterangan lulus', { config: { seedDemo: false } }, (t) => {
  let demo: SeededDemo;
  let genap = '';
  const tokens: Record<string, string> = {};
  let xii: Kelas[] = [];
  /** A pupil of wali@'s class (below XII, kenaikan Naik or Tidak Naik). */
  let naikPupil = '';
  /** wali@'s class in 20252. */
  let ownRombel = '';
  /** An XII pupil set to Tidak Lulus. */
  let tidakLulus = '';

  const get = (url: string, token: string | undefined) =>
    t().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const skl = (id: string, token: string | undefined) => get(`/api/cetak/skl/${id}`, token);
  /** The admin saves the pattern {nomor}/SMK.XX/{bulan}/{tahun}, the date and "show the grades". */
  const showGrades = async () => {
    const put = await t().app.inject({
      method: 'PUT',
      url: '/api/setting/skl',
      headers: bearer(tokens.admin ?? ''),
      payload: {
        pola_nomor: '{nomor}/SMK.XX/{bulan}/{tahun}',
        tanggal_lulus: TANGGAL,
        tampilkan_nilai: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
  };
  const numbers = async () =>
    t()
      .db.db.select({ pd: nomorSkl.pesertaDidikId, urut: nomorSkl.nomorUrut, nomor: nomorSkl.nomor })
      .from(nomorSkl)
      .where(eq(nomorSkl.sekolahId, demo.sekolahId));

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db, { living: true });
    genap = demo.historySemesterIds.filter((s) => s.endsWith('2')).at(-1) ?? '';
    expect(genap).toBe('20252');
    Object.assign(
      tokens,
      await demoTokens(t().app, demo, ['admin', 'guru', 'wali', 'kaprog', 'waka'], genap),
    );
    tokens.siswa = (await loginAs(t().app, demo.accounts.siswa.email, demo.semesterId)).accessToken;
    const rombels = await db
      .select({
        id: rombonganBelajar.rombonganBelajarId,
        nama: rombonganBelajar.nama,
        tingkat: rombonganBelajar.tingkat,
        guruId: rombonganBelajar.guruId,
      })
      .from(rombonganBelajar)
      .where(
        and(
          eq(rombonganBelajar.sekolahId, demo.sekolahId),
          eq(rombonganBelajar.semesterId, genap),
          eq(rombonganBelajar.jenisRombel, 1),
        ),
      );
    const members = await db
      .select({ id: anggotaRombel.anggotaRombelId, rombel: anggotaRombel.rombonganBelajarId })
      .from(anggotaRombel)
      .where(
        inArray(
          anggotaRombel.rombonganBelajarId,
          rombels.map((r) => r.id),
        ),
      )
      .orderBy(anggotaRombel.anggotaRombelId);
    const withMembers = rombels.map((r) => ({
      ...r,
      members: members.filter((m) => m.rombel === r.id).map((m) => m.id),
    }));
    // Two XII classes with different homeroom teachers, neither wali@.
    const seen = new Set<string | null>([demo.accounts.wali.guruId]);
    for (const r of withMembers) {
      if (r.tingkat !== 12 || r.members.length < 2 || seen.has(r.guruId)) continue;
      seen.add(r.guruId);
      xii.push(r);
    }
    xii = xii.slice(0, 2);
    if (xii.length < 2) throw new Error('the living demo has fewer than two XII classes in 20252');
    const own = withMembers.find((r) => r.guruId === demo.accounts.wali.guruId && r.members.length > 0);
    naikPupil = own?.members[0] ?? '';
    ownRombel = own?.id ?? '';
    expect(own?.id).toBeTruthy();
    for (const [i, k] of xii.entries()) {
      tokens[`wali${i}`] = await staffToken(
        t().app,
        db,
        { sekolahId: demo.sekolahId, semesterId: genap },
        { guruId: k.guruId ?? '', email: `wali-xii-${i}-skl@test.sch.id`, roles: ['guru', 'wali'] },
      );
    }
    // Every XII pupil of the two classes is Lulus (the demo's decision); the last one of the
    // first class is made Tidak Lulus here.
    const lulus = await db
      .select({ id: kenaikanKelas.anggotaRombelId, status: kenaikanKelas.status })
      .from(kenaikanKelas)
      .where(
        inArray(kenaikanKelas.anggotaRombelId, [...(xii[0]?.members ?? []), ...(xii[1]?.members ?? [])]),
      );
    expect(lulus.length).toBe((xii[0]?.members.length ?? 0) + (xii[1]?.members.length ?? 0));
    expect(lulus.every((r) => r.status === STATUS_KENAIKAN.lulus)).toBe(true);
    tidakLulus = xii[0]?.members.pop() ?? '';
    await db
      .update(kenaikanKelas)
      .set({ status: STATUS_KENAIKAN.tidakLulus })
      .where(eq(kenaikanKelas.anggotaRombelId, tidakLulus));
    await anotherSchoolRombel(db, {
      sekolahId: SCHOOL_2,
      rombelId: ROMBEL_2,
      npsn: '69999947',
      semesterId: genap,
      tingkat: 12,
    });
    const [pd] = await db
      .insert(pesertaDidik)
      .values({ sekolahId: SCHOOL_2, nama: 'Siswa Sekolah Lain' })
      .returning({ id: pesertaDidik.pesertaDidikId });
    await db.insert(anggotaRombel).values({
      anggotaRombelId: ANGGOTA_2,
      rombonganBelajarId: ROMBEL_2,
      pesertaDidikId: pd?.id ?? '',
      sekolahId: SCHOOL_2,
      semesterId: genap,
    });
  });

  it('the template: defaults first; bad input is refused per field with nothing stored', async () => {
    const res = await get('/api/setting/skl', tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = json<{
      template: Record<string, unknown>;
      bawaan: Record<string, unknown>;
      nomor_terakhir: number;
    }>(res);
    expect(body.template.pola_nomor).toBeNull();
    expect(body.bawaan.pola_nomor).toBe(SKL_BAWAAN.pola_nomor);
    expect(body.nomor_terakhir).toBe(0);

    const bad = await t().app.inject({
      method: 'PUT',
      url: '/api/setting/skl',
      headers: bearer(tokens.admin ?? ''),
      payload: { pola_nomor: 'SKL/{tahun}', pembuka: 'Kepala {kepala}', tanggal_lulus: '2026-13-01' },
    });
    expect(bad.statusCode).toBe(400);
    const details = json<{ details: Record<string, string> }>(bad).details;
    expect(details.pola_nomor).toBe(SKL_MESSAGES.polaNomor);
    expect(details.pembuka).toBe(
      'Kode {kepala} tidak dikenal. Gunakan {sekolah}, {tahun_pelajaran}, {tanggal_lulus}.',
    );
    expect(details.tanggal_lulus).toBe(SKL_MESSAGES.tanggalInvalid);
    expect(await t().db.db.select().from(templateSkl)).toEqual([]);

    // Only the administrator: the Waka, a wali and a pupil get 403 (before the body is read).
    for (const who of ['waka', 'wali0', 'guru', 'siswa']) {
      const r = await t().app.inject({
        method: 'PUT',
        url: '/api/setting/skl',
        headers: bearer(tokens[who] ?? ''),
        payload: { pola_nomor: '{x}' },
      });
      expect(r.statusCode, who).toBe(403);
      expect((await get('/api/setting/skl', tokens[who])).statusCode, who).toBe(403);
    }

    const saved = await t().app.inject({
      method: 'PUT',
      url: '/api/setting/skl',
      headers: bearer(tokens.admin ?? ''),
      payload: { pola_nomor: '{nomor}/SMK.XX/{bulan}/{tahun}', tanggal_lulus: TANGGAL },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('Pratinjau: a sample letter with the form as sent, no number given away', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/setting/skl/pratinjau',
      headers: bearer(tokens.admin ?? ''),
      payload: {
        judul: 'SURAT KETERANGAN KELULUSAN',
        pola_nomor: 'X/{nomor}/{npsn}',
        tanggal_lulus: '2026-06-01',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload).text.replace(/\s+/g, ' ');
    expect(text).toContain('SURAT KETERANGAN KELULUSAN');
    expect(text).toContain(`Nomor: X/001/${demo.school.sekolah.npsn}`);
    expect(text).toContain('1 Juni 2026');
    expect(text).toContain('Nama Peserta Didik');
    expect(await numbers()).toEqual([]);
    const bad = await t().app.inject({
      method: 'POST',
      url: '/api/setting/skl/pratinjau',
      headers: bearer(tokens.admin ?? ''),
      payload: { pola_nomor: '{nomor' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ details: Record<string, string> }>(bad).details.pola_nomor).toBe(SKL_MESSAGES.kurungLepas);
  });

  it('the wali prints a Lulus pupil: identity, programme, parents, graduation date and the number', async () => {
    const id = xii[0]?.members[0] ?? '';
    const res = await skl(id, tokens.wali0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [p] = await sqlRows<Row>(
      t().db.db,
      sql`select p.nama, p.nisn, p.no_induk, p.tempat_lahir, p.tanggal_lahir::text tanggal_lahir, p.nama_ayah, p.nama_ibu
        from anggota_rombel a join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.anggota_rombel_id = ${id}`,
    );
    const text = pdfText(res.rawPayload).text.replace(/\s+/g, ' ');
    expect(text).toContain(SKL_BAWAAN.judul);
    expect(text).toContain(String(p?.nama));
    expect(text).toContain(String(p?.nisn));
    expect(text).toContain(String(p?.tempat_lahir));
    if (p?.nama_ayah) expect(text).toContain(String(p.nama_ayah));
    if (p?.nama_ibu) expect(text).toContain(String(p.nama_ibu));
    expect(text).toContain('Konsentrasi Keahlian');
    expect(text).toContain('dinyatakan LULUS');
    expect(text).toContain('5 Mei 2026'); // the graduation date, written out
    expect(text).toContain('Nomor: 001/SMK.XX/V/2026');
    expect(text).not.toContain('Daftar Nilai'); // the school shows no grades by default
    expect(await numbers()).toEqual([expect.objectContaining({ urut: 1, nomor: '001/SMK.XX/V/2026' })]);

    // A reprint, by the Waka or the admin as well: the same number.
    for (const who of ['wali0', 'waka', 'admin']) {
      const again = await skl(id, tokens[who]);
      expect(again.statusCode, who).toBe(200);
      expect(pdfText(again.rawPayload).text).toContain('001/SMK.XX/V/2026');
    }
    expect((await numbers()).length).toBe(1);
  });

  it('two homeroom teachers printing at once never get the same number; a reprint keeps its own', async () => {
    const a = xii[0]?.members ?? [];
    const b = xii[1]?.members ?? [];
    // Interleaved, every pupil twice, all at the same moment.
    const calls: Promise<{ statusCode: number }>[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i]) calls.push(skl(a[i] as string, tokens.wali0));
      if (b[i]) calls.push(skl(b[i] as string, tokens.wali1));
      if (b[i]) calls.push(skl(b[i] as string, tokens.wali1));
      if (a[i]) calls.push(skl(a[i] as string, tokens.wali0));
    }
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const given = await numbers();
    const pupils = a.length + b.length;
    expect(given.length).toBe(pupils);
    // Distinct, and exactly 1..n: nothing given twice, nothing lost.
    expect(new Set(given.map((g) => g.urut)).size).toBe(pupils);
    expect(new Set(given.map((g) => g.nomor)).size).toBe(pupils);
    expect(given.map((g) => g.urut).sort((x, y) => x - y)).toEqual(
      Array.from({ length: pupils }, (_, i) => i + 1),
    );
    // The first letter kept its number.
    const [first] = await sqlRows<Row>(
      t().db.db,
      sql`select n.nomor_urut from nomor_skl n join anggota_rombel a on a.peserta_didik_id = n.peserta_didik_id
        where a.anggota_rombel_id = ${a[0] ?? ''}`,
    );
    expect(Number(first?.nomor_urut)).toBe(1);
    const listed = json<{ nomor_terakhir: number }>(await get('/api/setting/skl', tokens.admin));
    expect(listed.nomor_terakhir).toBe(pupils);
  });

  it('a pupil who is not Lulus: 409 naming the status, no number given', async () => {
    const before = (await numbers()).length;
    const res = await skl(tidakLulus, tokens.wali0);
    expect(res.statusCode).toBe(409);
    const [p] = await t()
      .db.db.select({ nama: pesertaDidik.nama })
      .from(anggotaRombel)
      .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
      .where(eq(anggotaRombel.anggotaRombelId, tidakLulus));
    expect(json<{ message: string }>(res).message).toBe(
      SKL_MESSAGES.notLulus(String(p?.nama), 'Tidak Lulus'),
    );
    // wali@'s own class is below XII: Naik or Tidak Naik is no graduation either.
    const naik = await skl(naikPupil, tokens.wali);
    expect(naik.statusCode).toBe(409);
    expect(json<{ message: string }>(naik).message).toMatch(
      /^Surat Keterangan Lulus hanya untuk .* Status .*: (Naik ke kelas|Tetap dikelas)/,
    );
    expect((await numbers()).length).toBe(before);
    // The print page marks who gets a letter (the SKL column of Cetak Rapor).
    const page = json<{ data: { anggota_rombel_id: string; lulus: boolean }[] }>(
      await get(`/api/cetak/rapor?rombongan_belajar_id=${xii[0]?.id}`, tokens.wali0),
    );
    const flags = new Map(page.data.map((r) => [r.anggota_rombel_id, r.lulus]));
    expect(flags.get(tidakLulus)).toBe(false);
    for (const id of xii[0]?.members ?? []) expect(flags.get(id), id).toBe(true);
  });

  it('who: another class’s wali, guru, kaprog and a pupil 403 (also with a malformed id); 401; 404', async () => {
    const id = xii[1]?.members[0] ?? '';
    expect((await skl(id, tokens.wali0)).statusCode).toBe(403); // the other XII's wali
    expect((await skl(id, tokens.wali)).statusCode).toBe(403);
    for (const who of ['guru', 'kaprog', 'siswa']) {
      expect((await skl(id, tokens[who])).statusCode, who).toBe(403);
      expect((await skl('bukan-uuid', tokens[who])).statusCode, who).toBe(403);
    }
    expect((await skl(id, undefined)).statusCode).toBe(401);
    expect((await skl('bukan-uuid', tokens.admin)).statusCode).toBe(400);
    expect((await skl(UNKNOWN, tokens.admin)).statusCode).toBe(404);
    expect((await skl(ANGGOTA_2, tokens.admin)).statusCode).toBe(404); // another school's pupil
  });

  it('the grades switch prints the final grades (the transcript averages); Kembalikan ke bawaan keeps the numbers', async () => {
    await showGrades();
    const id = xii[0]?.members[0] ?? '';
    const text = pdfText((await skl(id, tokens.wali0)).rawPayload).text.replace(/\s+/g, ' ');
    expect(text).toContain('Daftar Nilai');
    expect(text).toContain('Rata-rata');
    expect(text).toContain('001/SMK.XX/V/2026');

    const before = await numbers();
    const reset = await t().app.inject({
      method: 'DELETE',
      url: '/api/setting/skl',
      headers: bearer(tokens.admin ?? ''),
    });
    expect(reset.statusCode).toBe(200);
    expect(
      json<{ template: { pola_nomor: string | null } }>(await get('/api/setting/skl', tokens.admin)).template
        .pola_nomor,
    ).toBeNull();
    expect(await numbers()).toEqual(before);
  });

  // --- a class at once (decision 033's Cetak Semua with the kind skl-semua) ---

  const startSemua = (token: string | undefined, payload: unknown) =>
    t().app.inject({
      method: 'POST',
      url: '/api/cetak/skl-semua',
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const finished = (id: string, token: string | undefined) => jobEnd(t().app, id, token);
  /** The class's members in print order (by name) with their numbers, if given. */
  const printOrder = (rombelId: string) =>
    sqlRows<{ id: string; nama: string; nomor: string | null; urut: number | null }>(
      t().db.db,
      sql`select a.anggota_rombel_id id, p.nama, n.nomor, n.nomor_urut urut from anggota_rombel a
        join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        left join nomor_skl n on n.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id`,
    );

  it("Cetak Semua: the wali's class as one PDF, its Lulus pupils only, each with the number given before", async () => {
    await showGrades();
    const before = await numbers();
    const res = await startSemua(tokens.wali0, { rombongan_belajar_id: xii[0]?.id, output: 'pdf' });
    expect(res.statusCode, res.body).toBe(202);
    const end = await finished(json<Job>(res).id, tokens.wali0);
    expect(end.status, end.message ?? '').toBe('done');
    const lulus = (await printOrder(xii[0]?.id ?? '')).filter((m) => m.id !== tidakLulus);
    expect(end.total).toBe(lulus.length);
    expect(end.message).toBe(SKL_MESSAGES.done(lulus.length));
    const file = await get(`/api/cetak/rapor-semua/${end.id}/unduh`, tokens.wali0);
    expect(file.headers['content-type']).toBe('application/pdf');
    const letters = pdfPageTexts(file.rawPayload)
      .map((p) => p.replace(/\s+/g, ' '))
      .filter((p) => p.includes(SKL_BAWAAN.judul));
    // One letter per Lulus pupil in print order, each with its own number and the grades list.
    expect(letters).toHaveLength(lulus.length);
    for (const [i, m] of lulus.entries()) {
      expect(letters[i], m.nama).toContain(m.nama);
      expect(letters[i], m.nama).toContain(`Nomor: ${m.nomor}`);
    }
    expect(letters.join(' ')).toContain('Daftar Nilai');
    // Every one of them was printed before: no number given now.
    expect(await numbers()).toEqual(before);
  });

  it('Cetak Semua: a class printed for the first time as a ZIP gets consecutive numbers in print order', async () => {
    // The second XII class as if never printed: its pupils' numbers are taken away here (the app
    // never does that), so the job gives them new ones after the school's last.
    const kelas = xii[1]?.id ?? '';
    await t().db.db.execute(sql`delete from nomor_skl where peserta_didik_id in
      (select peserta_didik_id from anggota_rombel where rombongan_belajar_id = ${kelas})`);
    const before = await numbers();
    const last = Math.max(0, ...before.map((n) => n.urut));
    const res = await startSemua(tokens.admin, { rombongan_belajar_id: kelas, output: 'zip' });
    expect(res.statusCode, res.body).toBe(202);
    const end = await finished(json<Job>(res).id, tokens.admin);
    expect(end.status, end.message ?? '').toBe('done');
    const members = await printOrder(kelas);
    expect(members.map((m) => m.urut)).toEqual(members.map((_, i) => last + i + 1));
    const zip = (await get(`/api/cetak/rapor-semua/${end.id}/unduh`, tokens.admin)).rawPayload;
    const entries = readZipDirectory(zip, { maxEntries: 1000, maxPartBytes: 50e6, maxTotalBytes: 500e6 });
    expect(entries).toHaveLength(members.length);
    const first = entries[0];
    if (!first) throw new Error('empty ZIP');
    const text = pdfText(entryData(zip, first)).text.replace(/\s+/g, ' ');
    expect(text).toContain(members[0]?.nama ?? '?');
    expect(text).toContain(`Nomor: ${members[0]?.nomor}`);
  });

  it('Cetak Semua: who may (403 before the body is read), a class without a Lulus pupil (422), no date (409)', async () => {
    const body = { rombongan_belajar_id: xii[1]?.id, output: 'pdf' };
    expect((await startSemua(tokens.wali0, body)).statusCode).toBe(403); // another class's wali
    for (const who of ['guru', 'kaprog', 'siswa']) {
      expect((await startSemua(tokens[who], body)).statusCode, who).toBe(403);
      expect((await startSemua(tokens[who], { bad: true })).statusCode, who).toBe(403);
    }
    expect((await startSemua(undefined, body)).statusCode).toBe(401);
    // The Waka may print any class.
    const waka = await startSemua(tokens.waka, body);
    expect(waka.statusCode, waka.body).toBe(202);
    expect((await finished(json<Job>(waka).id, tokens.waka)).status).toBe('done');
    expect((await startSemua(tokens.admin, { rombongan_belajar_id: 'x', output: 'pdf' })).statusCode).toBe(
      400,
    );
    const before = await numbers();
    // wali@'s own class is below XII: nobody there is Lulus.
    const own = await startSemua(tokens.wali, { rombongan_belajar_id: ownRombel, output: 'pdf' });
    expect(own.statusCode, own.body).toBe(422);
    expect(json<{ message: string }>(own).message).toBe(SKL_MESSAGES.noLulus);
    // Without a graduation date (no template, no Tanggal Rapor Kelas Akhir) nothing starts.
    await t().db.db.delete(templateSkl).where(eq(templateSkl.sekolahId, demo.sekolahId));
    await t().db.db.execute(
      sql`delete from settings where sekolah_id = ${demo.sekolahId} and key = 'tanggal_rapor_kelas_akhir'`,
    );
    const noDate = await startSemua(tokens.wali1, body);
    expect(noDate.statusCode, noDate.body).toBe(409);
    expect(json<{ message: string }>(noDate).message).toBe(SKL_MESSAGES.noTanggal);
    expect(await numbers()).toEqual(before);
  });
});
