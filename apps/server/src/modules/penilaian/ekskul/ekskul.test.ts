import {
  EKSKUL_NILAI_MESSAGES,
  type EkskulPembinaResponse,
  type NilaiEkskulResponse,
} from '@erapor/contract/penilaian/ekskul';
import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { nilaiEkstrakurikuler } from '../../../db/tables/penilaian';
import { rombonganBelajar } from '../../../db/tables/referensi';
import { type SeededDemo, seedDemo } from '../../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { setStatusPenilaian } from '../../sekolah/settings';
import { staffToken } from '../beranda/test-accounts';

describeEngines('penilaian ekstrakurikuler', {}, (t) => {
  let demo: SeededDemo;
  const tokens: Record<string, string> = {};
  let futsal = { id: '', rombelId: '', nama: '', members: [] as string[] };
  let other = { id: '', members: [] as string[] };
  /** Member → their regular class (id, nama), from the generated school. */
  const kelasOf = new Map<string, { id: string; nama: string }>();

  beforeAll(async () => {
    demo = await seedDemo(t().db.db);
    for (const key of ['admin', 'guru', 'wali', 'siswa', 'ekskul'] as const) {
      tokens[key] = (await loginAs(t().app, demo.accounts[key].email, demo.semesterId)).accessToken;
    }
    const school = demo.school;
    const rombel = (id: string) => school.rombongan_belajar.find((r) => r.rombongan_belajar_id === id);
    const own = school.ekstrakurikuler.find((e) => e.ID_kelas_ekskul === school.relations.ekskulId);
    const another = school.ekstrakurikuler.find((e) => e.ID_kelas_ekskul !== school.relations.ekskulId);
    if (!own || !another) throw new Error('demo ekskul missing');
    futsal = {
      id: own.ID_kelas_ekskul,
      rombelId: own.rombongan_belajar_id,
      nama: own.nm_ekskul,
      members: rombel(own.rombongan_belajar_id)?.anggota_rombel.map((a) => a.anggota_rombel_id) ?? [],
    };
    other = {
      id: another.ID_kelas_ekskul,
      members: rombel(another.rombongan_belajar_id)?.anggota_rombel.map((a) => a.anggota_rombel_id) ?? [],
    };
    const regular = school.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && !r.soft_delete);
    for (const e of [own, another]) {
      for (const a of rombel(e.rombongan_belajar_id)?.anggota_rombel ?? []) {
        const k = regular.find((r) =>
          r.anggota_rombel.some((m) => m.peserta_didik_id === a.peserta_didik_id),
        );
        if (k) kelasOf.set(a.anggota_rombel_id, { id: k.rombongan_belajar_id, nama: k.nama });
      }
    }
    tokens.otherPembina = await staffToken(t().app, t().db.db, demo, {
      guruId: another.pembina_ptk_id,
      email: 'pembina-lain@test.sch.id',
      roles: ['guru', 'pembina_ekskul'],
    });
  });

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await t().app.inject({ method, url, payload, headers: bearer(tokens[who] ?? '') });
    return { status: res.statusCode, body: json<T>(res) };
  };
  const grid = (who = 'ekskul', query = '') =>
    call<NilaiEkskulResponse>('GET', `/api/penilaian/ekstrakurikuler/${futsal.id}/nilai${query}`, who);
  const save = (rows: object[], who = 'ekskul') =>
    call<{ message: string; details?: Record<string, string> }>(
      'PUT',
      `/api/penilaian/ekstrakurikuler/${futsal.id}/nilai`,
      who,
      { rows },
    );
  const stored = async () =>
    (
      await t()
        .db.db.select()
        .from(nilaiEkstrakurikuler)
        .where(eq(nilaiEkstrakurikuler.ekstrakurikulerId, futsal.id))
    )
      .map((r) => ({ id: r.anggotaRombelId, nilai: r.nilai, deskripsi: r.deskripsiEkskul }))
      .sort((a, b) => a.id.localeCompare(b.id));
  const empty = { nilai: null, deskripsi: null };

  it('lists the pembina’s own ekskul of the semester; others get 403', async () => {
    const res = await call<EkskulPembinaResponse>('GET', '/api/penilaian/ekstrakurikuler', 'ekskul');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        ekstrakurikuler_id: futsal.id,
        nama_ekskul: futsal.nama,
        rombongan_belajar_id: futsal.rombelId,
        jumlah_anggota: futsal.members.length,
        jumlah_dinilai: 0,
      },
    ]);
    expect(res.body.predikat.map((p) => p.nama)).toEqual(['Sangat Baik', 'Baik', 'Cukup', 'Kurang']);
    const mine = await call<EkskulPembinaResponse>('GET', '/api/penilaian/ekstrakurikuler', 'otherPembina');
    expect(mine.body.data.map((e) => e.ekstrakurikuler_id)).toEqual([other.id]);
    for (const who of ['guru', 'wali', 'admin', 'siswa']) {
      expect((await call('GET', '/api/penilaian/ekstrakurikuler', who)).status).toBe(403);
    }
  });

  it('gives the members with their regular class, filtered by class on request', async () => {
    const res = await grid();
    expect(res.status).toBe(200);
    expect(res.body.ekskul.nama_ekskul).toBe(futsal.nama);
    expect(res.body.penilaian_tertutup).toBeNull();
    expect(res.body.data.map((r) => r.anggota_rombel_id).sort()).toEqual([...futsal.members].sort());
    for (const r of res.body.data) {
      expect(r.kelas).toBe(kelasOf.get(r.anggota_rombel_id)?.nama);
      expect(r.nilai).toBeNull();
    }
    const classes = [...new Set(futsal.members.map((m) => kelasOf.get(m)?.nama))].sort();
    expect(res.body.kelas.map((k) => k.label)).toEqual(classes);
    const kelas = res.body.kelas[0];
    const filtered = await grid('ekskul', `?rombongan_belajar_id=${kelas?.value}`);
    expect(filtered.body.data.map((r) => r.anggota_rombel_id).sort()).toEqual(
      futsal.members.filter((m) => kelasOf.get(m)?.id === kelas?.value).sort(),
    );
    expect((await grid('ekskul', `?rombongan_belajar_id=${demo.school.relations.k13RombelId}`)).status).toBe(
      futsal.members.some((m) => kelasOf.get(m)?.id === demo.school.relations.k13RombelId) ? 200 : 422,
    );
    expect((await grid('ekskul', '?rombongan_belajar_id=xyz')).status).toBe(400);
    for (const who of ['otherPembina', 'guru', 'siswa']) expect((await grid(who)).status).toBe(403);
    const missing = await call(
      'GET',
      '/api/penilaian/ekstrakurikuler/00000000-0000-4000-8000-000000000000/nilai',
      'ekskul',
    );
    expect(missing.status).toBe(404);
  });

  it('refuses bad rows and other people’s writes, writing nothing', async () => {
    const [a, b] = futsal.members;
    const bad = await save([
      { anggota_rombel_id: a, nilai: 7, deskripsi: null, loaded: empty },
      { anggota_rombel_id: b, nilai: null, deskripsi: 'Tanpa predikat', loaded: empty },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      'rows.0.nilai': EKSKUL_NILAI_MESSAGES.predikatInvalid,
      'rows.1.nilai': EKSKUL_NILAI_MESSAGES.predikatRequired,
    });
    const stranger = await save([
      { anggota_rombel_id: a, nilai: 1, deskripsi: null, loaded: empty },
      {
        anggota_rombel_id: other.members.find((m) => !futsal.members.includes(m)),
        nilai: 2,
        deskripsi: null,
        loaded: empty,
      },
      { anggota_rombel_id: a, nilai: 2, deskripsi: null, loaded: empty },
    ]);
    expect(stranger.status).toBe(422);
    expect(stranger.body.details).toEqual({
      'rows.1.anggota_rombel_id': EKSKUL_NILAI_MESSAGES.notMember,
      'rows.2.anggota_rombel_id': EKSKUL_NILAI_MESSAGES.duplicateRow,
    });
    for (const who of ['otherPembina', 'guru', 'admin', 'siswa']) {
      expect(
        (await save([{ anggota_rombel_id: a, nilai: 1, deskripsi: null, loaded: empty }], who)).status,
      ).toBe(403);
    }
    expect(await stored()).toEqual([]);
  });

  it('saves grades in one go, filling the default description; edits and clears them', async () => {
    const [a, b, c] = futsal.members as [string, string, string];
    const first = await save([
      { anggota_rombel_id: a, nilai: 1, deskripsi: '', loaded: empty },
      { anggota_rombel_id: b, nilai: '3', deskripsi: 'Perlu lebih disiplin saat latihan', loaded: empty },
      { anggota_rombel_id: c, nilai: 4, deskripsi: null, loaded: empty },
    ]);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(EKSKUL_NILAI_MESSAGES.saved);
    const byId = (id: string) => ({ id });
    expect(await stored()).toEqual(
      [
        { ...byId(a), nilai: 1, deskripsi: `Melaksanakan kegiatan ${futsal.nama} dengan Sangat Baik` },
        { ...byId(b), nilai: 3, deskripsi: 'Perlu lebih disiplin saat latihan' },
        { ...byId(c), nilai: 4, deskripsi: `Melaksanakan kegiatan ${futsal.nama} dengan Kurang` },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    const list = await call<EkskulPembinaResponse>('GET', '/api/penilaian/ekstrakurikuler', 'ekskul');
    expect(list.body.data[0]?.jumlah_dinilai).toBe(3);

    // A stale row (b was loaded before it was saved) refuses the whole request.
    const stale = await save([
      {
        anggota_rombel_id: a,
        nilai: null,
        deskripsi: null,
        loaded: { nilai: 1, deskripsi: `Melaksanakan kegiatan ${futsal.nama} dengan Sangat Baik` },
      },
      { anggota_rombel_id: b, nilai: 2, deskripsi: null, loaded: empty },
    ]);
    expect(stale.status).toBe(409);
    expect((await stored()).length).toBe(3);

    const edit = await save([
      {
        anggota_rombel_id: a,
        nilai: null,
        deskripsi: '',
        loaded: { nilai: 1, deskripsi: `Melaksanakan kegiatan ${futsal.nama} dengan Sangat Baik` },
      },
      {
        anggota_rombel_id: b,
        nilai: 2,
        deskripsi: 'Sudah lebih disiplin',
        loaded: { nilai: 3, deskripsi: 'Perlu lebih disiplin saat latihan' },
      },
    ]);
    expect(edit.status).toBe(200);
    const after = await stored();
    expect(after.map((r) => r.id).sort()).toEqual([b, c].sort());
    expect(after.find((r) => r.id === b)).toMatchObject({ nilai: 2, deskripsi: 'Sudah lebih disiplin' });
    const g = await grid();
    expect(g.body.data.find((r) => r.anggota_rombel_id === b)).toMatchObject({
      nilai: 2,
      deskripsi: 'Sudah lebih disiplin',
    });
  });

  it('is gated by the ekskul’s own rombel and the school switch, not by a member’s regular class', async () => {
    const db = t().db.db;
    const [a] = futsal.members as [string];
    const before = await stored();
    const lock = (id: string, value: boolean) =>
      db
        .update(rombonganBelajar)
        .set({ kunciNilai: value })
        .where(eq(rombonganBelajar.rombonganBelajarId, id));
    await lock(futsal.rombelId, true);
    try {
      const res = await save([{ anggota_rombel_id: a, nilai: 2, deskripsi: null, loaded: empty }]);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(PENILAIAN_GATE_MESSAGES.lockedByWali);
      expect((await grid()).body.penilaian_tertutup).toBe(PENILAIAN_GATE_MESSAGES.lockedByWali);
      expect(
        (await call('DELETE', `/api/penilaian/ekstrakurikuler/${futsal.id}/nilai`, 'ekskul')).status,
      ).toBe(423);
    } finally {
      await lock(futsal.rombelId, false);
    }
    expect(await stored()).toEqual(before);
    await setStatusPenilaian(db, demo, false);
    try {
      const res = await save([{ anggota_rombel_id: a, nilai: 2, deskripsi: null, loaded: empty }]);
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(PENILAIAN_GATE_MESSAGES.closedBySchool);
    } finally {
      await setStatusPenilaian(db, demo, true);
    }
    expect(await stored()).toEqual(before);
    const kelas = kelasOf.get(a)?.id ?? '';
    await lock(kelas, true);
    try {
      const res = await save([{ anggota_rombel_id: a, nilai: 2, deskripsi: null, loaded: empty }]);
      expect(res.status).toBe(200);
    } finally {
      await lock(kelas, false);
    }
  });

  it('resets the grades of one class, then all; only the pembina may', async () => {
    const url = `/api/penilaian/ekstrakurikuler/${futsal.id}/nilai`;
    const graded = (await stored()).map((r) => r.id);
    expect(graded.length).toBe(3);
    expect((await call('DELETE', url, 'otherPembina')).status).toBe(403);
    expect((await call('DELETE', url, 'guru')).status).toBe(403);
    expect((await stored()).length).toBe(3);
    const kelas = kelasOf.get(graded[0] ?? '')?.id ?? '';
    const inKelas = graded.filter((id) => kelasOf.get(id)?.id === kelas);
    const one = await call<{ message: string; deleted: number }>(
      'DELETE',
      `${url}?rombongan_belajar_id=${kelas}`,
      'ekskul',
    );
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: EKSKUL_NILAI_MESSAGES.deleted, deleted: inKelas.length });
    expect((await stored()).map((r) => r.id).sort()).toEqual(
      graded.filter((id) => !inKelas.includes(id)).sort(),
    );
    const all = await call<{ message: string; deleted: number }>('DELETE', url, 'ekskul');
    expect(all.body.deleted).toBe(graded.length - inKelas.length);
    expect(await stored()).toEqual([]);
    const none = await call<{ message: string; deleted: number }>('DELETE', url, 'ekskul');
    expect(none.body).toEqual({ message: EKSKUL_NILAI_MESSAGES.nothingToReset, deleted: 0 });
  });
});
