import type { BerandaDetailResponse } from '@erapor/contract/penilaian/beranda';
import { isMerdeka } from '@erapor/contract/penilaian/rules';
import { SUB_MAPEL_MESSAGES, type SubMapelGenerated } from '@erapor/contract/penilaian/sub-mapel';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { deskripsiMataPelajaran, nilaiAkhir } from '../../../db/tables/penilaian';
import { rombonganBelajar } from '../../../db/tables/referensi';
import { refKurikulum } from '../../../db/tables/referensi-ref';
import { riwayatNilai } from '../../../db/tables/riwayat-nilai';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json } from '../../../test/engines';
import { pdfText } from '../../../test/pdf-text';
import { staffToken } from './test-accounts';

const isP5 = (id: number) => id >= 200040000 && id < 200040100;

describeEngines('generate nilai sub mapel (issue #11 item 7)', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let rombelId = '';
  let parentId = '';
  let parentTeacherId = '';
  let childIds: string[] = [];
  let otherSubjectId = '';
  let printed = 4;
  let pupils: { anggota: string; nama: string }[] = [];

  beforeAll(async () => {
    const db = t().db.db;
    demo = await seedDemo(db);
    const classes = demo.school.rombongan_belajar.filter((r) => !r.soft_delete && r.jenis_rombel === 1);
    const withSub = classes.find((r) =>
      r.pembelajaran.some(
        (p) =>
          !isP5(p.mata_pelajaran_id) &&
          r.pembelajaran.some((c) => c.induk_pembelajaran_id === p.pembelajaran_id),
      ),
    );
    if (!withSub) throw new Error('the demo has no class with sub-subjects');
    rombelId = withSub.rombongan_belajar_id;
    const parent = withSub.pembelajaran.find(
      (p) =>
        !isP5(p.mata_pelajaran_id) &&
        withSub.pembelajaran.some((c) => c.induk_pembelajaran_id === p.pembelajaran_id),
    );
    parentId = parent?.pembelajaran_id ?? '';
    parentTeacherId = parent?.ptk_id ?? '';
    childIds = withSub.pembelajaran
      .filter((c) => c.induk_pembelajaran_id === parentId)
      .map((c) => c.pembelajaran_id);
    otherSubjectId =
      withSub.pembelajaran.find(
        (p) =>
          p.induk_pembelajaran_id === null && p.pembelajaran_id !== parentId && !isP5(p.mata_pelajaran_id),
      )?.pembelajaran_id ?? '';
    const names = new Map(demo.school.peserta_didik.map((p) => [p.peserta_didik_id, p.nama]));
    pupils = withSub.anggota_rombel
      .map((a) => ({ anggota: a.anggota_rombel_id, nama: names.get(a.peserta_didik_id) ?? '' }))
      .sort((a, b) => a.nama.localeCompare(b.nama));
    const [kurikulum] = await db
      .select({ nama: refKurikulum.namaKurikulum })
      .from(rombonganBelajar)
      .innerJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
      .where(eq(rombonganBelajar.rombonganBelajarId, rombelId));
    printed = isMerdeka(kurikulum?.nama) ? 4 : 1;

    tokens.wali = await staffToken(t().app, db, demo, {
      guruId: withSub.ptk_id ?? '',
      email: 'wali-sub@test.sch.id',
      roles: ['guru', 'wali'],
    });
    tokens.teacher = await staffToken(t().app, db, demo, {
      guruId: parentTeacherId,
      email: 'guru-induk@test.sch.id',
      roles: ['guru'],
    });
    for (const key of ['admin', 'wali', 'guru', 'siswa', 'waka', 'ekskul', 'pkl'] as const) {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/jwt/login',
        payload: { email: demo.accounts[key].email, password: 'rapor-demo', semester_id: demo.semesterId },
      });
      tokens[`demo-${key}`] = json<{ accessToken: string }>(res).accessToken;
    }

    // Pupil A: every part graded → (80 + 85 + 90 + …) as computed below. Pupil B: a child grade
    // missing, with a parent grade generated earlier that must go. Pupil C: no own grade.
    const [a, b, c] = pupils;
    const rows: (typeof nilaiAkhir.$inferInsert)[] = [];
    const add = (anggota: string | undefined, pembelajaranId: string, kompetensiId: number, nilai: number) =>
      rows.push({
        sekolahId: demo.sekolahId,
        anggotaRombelId: anggota ?? '',
        pembelajaranId,
        kompetensiId,
        nilai,
      });
    add(a?.anggota, parentId, 99, 80);
    for (const [i, id] of childIds.entries()) add(a?.anggota, id, printed, 85 + i);
    add(b?.anggota, parentId, 99, 70);
    for (const id of childIds.slice(1)) add(b?.anggota, id, printed, 90);
    add(b?.anggota, parentId, printed, 55); // stale
    for (const id of childIds) add(c?.anggota, id, printed, 75);
    await db.insert(nilaiAkhir).values(rows);
    // A's texts: the parent's own and each child's, composed on the report (decision 032).
    await db.insert(deskripsiMataPelajaran).values([
      {
        sekolahId: demo.sekolahId,
        anggotaRombelId: a?.anggota ?? '',
        pembelajaranId: parentId,
        deskripsiPengetahuan: 'Menguasai dasar jaringan komputer.',
      },
      ...childIds.map((id, i) => ({
        sekolahId: demo.sekolahId,
        anggotaRombelId: a?.anggota ?? '',
        pembelajaranId: id,
        deskripsiPengetahuan: `menguasai bagian ${i + 1} dengan baik`,
      })),
    ]);
  });

  const call = async <T = Record<string, unknown>>(method: 'GET' | 'POST', url: string, who: string) => {
    const res = await t().app.inject({ method, url, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const parentGrades = async () =>
    t()
      .db.db.select({ anggota: nilaiAkhir.anggotaRombelId, nilai: nilaiAkhir.nilai })
      .from(nilaiAkhir)
      .where(and(eq(nilaiAkhir.pembelajaranId, parentId), inArray(nilaiAkhir.kompetensiId, [1, 4])));

  const history = async () =>
    t()
      .db.db.select({
        anggota: riwayatNilai.anggotaRombelId,
        jenis: riwayatNilai.jenis,
        kunci: riwayatNilai.kunci,
        lama: riwayatNilai.nilaiLama,
        baru: riwayatNilai.nilaiBaru,
        sumber: riwayatNilai.sumber,
        rombel: riwayatNilai.rombonganBelajarId,
      })
      .from(riwayatNilai)
      .where(eq(riwayatNilai.pembelajaranId, parentId));

  it('the detail offers Generate Nilai to the wali kelas only', async () => {
    const wali = await call<BerandaDetailResponse>('GET', `/api/beranda/pembelajaran/${parentId}`, 'wali');
    expect(wali.status).toBe(200);
    expect(wali.body.sub_mapel).toEqual({ can_generate: true });
    const teacher = await call<BerandaDetailResponse>(
      'GET',
      `/api/beranda/pembelajaran/${parentId}`,
      'teacher',
    );
    expect(teacher.body.sub_mapel).toEqual({ can_generate: false });
    const plain = await call<BerandaDetailResponse>(
      'GET',
      `/api/beranda/pembelajaran/${otherSubjectId}`,
      'wali',
    );
    expect(plain.body.sub_mapel).toBeNull();
  });

  it('refuses everyone but the class’s wali kelas, and leaves the grades as they were', async () => {
    const before = await parentGrades();
    for (const who of [
      'teacher',
      'demo-wali',
      'demo-guru',
      'demo-admin',
      'demo-waka',
      'demo-ekskul',
      'demo-pkl',
      'demo-siswa',
    ]) {
      const res = await call('POST', `/api/beranda/pembelajaran/${parentId}/generate-nilai`, who);
      expect(res.status, who).toBe(403);
    }
    expect(await parentGrades()).toEqual(before);
    expect(await history()).toEqual([]);
  });

  it('says what is wrong for an unknown id, a subject without sub-subjects and a locked class', async () => {
    const unknown = await call(
      'POST',
      '/api/beranda/pembelajaran/00000000-0000-4000-8000-000000000000/generate-nilai',
      'wali',
    );
    expect(unknown.status).toBe(404);
    const notParent = await call<{ message: string }>(
      'POST',
      `/api/beranda/pembelajaran/${otherSubjectId}/generate-nilai`,
      'wali',
    );
    expect(notParent.status).toBe(422);
    expect(notParent.body.message).toBe(SUB_MAPEL_MESSAGES.notParent);
    const db = t().db.db;
    const before = await parentGrades();
    await db
      .update(rombonganBelajar)
      .set({ kunciNilai: true })
      .where(eq(rombonganBelajar.rombonganBelajarId, rombelId));
    const locked = await call('POST', `/api/beranda/pembelajaran/${parentId}/generate-nilai`, 'wali');
    await db
      .update(rombonganBelajar)
      .set({ kunciNilai: false })
      .where(eq(rombonganBelajar.rombonganBelajarId, rombelId));
    expect(locked.status).toBe(423);
    expect(await parentGrades()).toEqual(before);
  });

  it('writes the rounded mean where every part is graded and names the pupils with a part missing', async () => {
    const [a, b, c] = pupils;
    const res = await call<SubMapelGenerated>(
      'POST',
      `/api/beranda/pembelajaran/${parentId}/generate-nilai`,
      'wali',
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Nilai Sub Mapel berhasil digenerate');
    expect(res.body.generated).toBe(1);
    // A: 80 and the children 85, 86, … → round(mean).
    const parts = [80, ...childIds.map((_, i) => 85 + i)];
    const sum = parts.reduce((x, y) => x + y, 0);
    const expected = Math.floor((2 * sum + parts.length) / (2 * parts.length));
    const grades = await parentGrades();
    expect(grades).toEqual([{ anggota: a?.anggota, nilai: expected }]);
    const missing = new Map(res.body.missing.map((m) => [m.anggota_rombel_id, m.bagian]));
    expect(missing.get(b?.anggota ?? '')).toHaveLength(1); // its first child; its stale 55 is gone
    expect(missing.get(c?.anggota ?? '')?.[0]).toBeTruthy(); // the parent's own grade
    // The Riwayat Perubahan Nilai: A's grade set, B's stale 55 removed; C had none and has none.
    const entry = { jenis: 'nilai_akhir', kunci: 'nilai_akhir', sumber: 'layar', rombel: rombelId };
    const recorded = await history();
    expect(recorded).toHaveLength(2);
    expect(recorded).toEqual(
      expect.arrayContaining([
        { ...entry, anggota: a?.anggota, lama: null, baru: String(expected) },
        { ...entry, anggota: b?.anggota, lama: '55', baru: null },
      ]),
    );
    // Twice: the same result.
    const again = await call<SubMapelGenerated>(
      'POST',
      `/api/beranda/pembelajaran/${parentId}/generate-nilai`,
      'wali',
    );
    expect(again.body.generated).toBe(1);
    expect(await parentGrades()).toEqual(grades);
    expect(await history(), 'nothing changed, nothing recorded').toHaveLength(2);
  });

  it('the report card prints the generated grade and the parent’s text followed by the sub-subjects’', async () => {
    const [a] = pupils;
    await call('POST', `/api/beranda/pembelajaran/${parentId}/generate-nilai`, 'wali');
    const res = await t().app.inject({
      url: `/api/cetak/rapor-nilai-akhir/${a?.anggota}`,
      headers: bearer(tokens.wali ?? ''),
    });
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    const tail = childIds.map((_, i) => `menguasai bagian ${i + 1} dengan baik`).join(', ');
    expect(text).toContain(`Menguasai dasar jaringan komputer. ${tail}.`);
    const [grade] = await parentGrades();
    expect(text).toContain(String(grade?.nilai));
  });
});
