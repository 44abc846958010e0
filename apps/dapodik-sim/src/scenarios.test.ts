import { generateSchool } from '@erapor/demo-school/generate';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from './simulator.ts';
import { admin, NPSN, SEMESTER, syncAll, syncGet, testSimulator, wsGet } from './test-support.ts';

const sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
function sim(options: Parameters<typeof testSimulator>[0] = {}) {
  const s = testSimulator(options);
  sims.push(s);
  return s;
}
const rombelNamed = (s: Simulator, nama: string) => {
  const r = s.state.school.rombongan_belajar.find((x) => x.nama === nama);
  if (!r) throw new Error(`no ${nama}`);
  return r;
};
type Row = Record<string, unknown>;
const wsPupils = async (s: Simulator) => (await wsGet(s, 'getPesertaDidik')).json().rows as Row[];

describe('move-pupil', () => {
  it('ends the old membership and creates a new one with a new id', async () => {
    const s = sim();
    const from = rombelNamed(s, 'X TJKT 1');
    const to = rombelNamed(s, 'XI TJKT 1');
    const pupil = from.anggota_rombel[2] as { peserta_didik_id: string; anggota_rombel_id: string };
    const before = (await syncGet(s, 'status')).json().meta.snapshot_id;
    const res = await admin(s, 'POST', 'move-pupil', {
      pd: pupil.peserta_didik_id,
      to_rombel: to.rombongan_belajar_id,
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json();
    expect(moved.anggota_rombel_id).not.toBe(pupil.anggota_rombel_id);
    expect(moved.snapshot_id).not.toBe(before);

    const row = (await wsPupils(s)).find((p) => p.peserta_didik_id === pupil.peserta_didik_id);
    expect(row).toMatchObject({
      rombongan_belajar_id: to.rombongan_belajar_id,
      anggota_rombel_id: moved.anggota_rombel_id,
      nama_rombel: 'XI TJKT 1',
    });
    const classes = (await wsGet(s, 'getRombonganBelajar')).json().rows as Row[];
    const members = (id: string) =>
      ((classes.find((r) => r.rombongan_belajar_id === id)?.anggota_rombel ?? []) as Row[]).map(
        (a) => a.peserta_didik_id,
      );
    expect(members(from.rombongan_belajar_id)).not.toContain(pupil.peserta_didik_id);
    expect(members(to.rombongan_belajar_id)).toContain(pupil.peserta_didik_id);

    const changes = (await syncGet(s, 'changes', { since: '2025-01-01T00:00:00Z' })).json().data;
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'anggota-rombel', id: pupil.anggota_rombel_id, op: 'delete' }),
        expect.objectContaining({ kind: 'anggota-rombel', id: moved.anggota_rombel_id, op: 'upsert' }),
      ]),
    );
    // updated_since returns just the changed pupil.
    const changed = await syncAll(s, 'peserta-didik', { updated_since: '2025-09-01T00:00:00Z' });
    expect(changed.rows.map((p) => p.peserta_didik_id)).toEqual([pupil.peserta_didik_id]);
    expect((await syncAll(s, 'peserta-didik', { updated_since: '2025-09-01' })).total).toBe(1);
    expect((await syncAll(s, 'peserta-didik', { updated_since: '2025-06-30' })).total).toBe(
      s.state.school.peserta_didik.length,
    );
    expect((await syncGet(s, 'peserta-didik', { updated_since: 'kemarin' })).statusCode).toBe(400);
  });

  it('refuses unknown pupils and classes that are not regular', async () => {
    const s = sim();
    const pupil = rombelNamed(s, 'X TJKT 1').anggota_rombel[0]?.peserta_didik_id;
    const elective = s.state.school.rombongan_belajar.find(
      (r) => r.jenis_rombel === 16,
    )?.rombongan_belajar_id;
    expect((await admin(s, 'POST', 'move-pupil', { pd: 'nope', to_rombel: elective })).statusCode).toBe(404);
    expect((await admin(s, 'POST', 'move-pupil', { pd: pupil, to_rombel: elective })).statusCode).toBe(400);
    expect((await admin(s, 'POST', 'move-pupil', {})).statusCode).toBe(400);
  });
});

describe('pupil-leaves', () => {
  it('moves the pupil to the keluar list and ends every membership', async () => {
    const s = sim();
    const status0 = (await syncGet(s, 'status')).json().data;
    const pupil = s.state.school.peserta_didik.find((p) =>
      s.state.school.rombongan_belajar.some(
        (r) =>
          r.jenis_rombel === 51 && r.anggota_rombel.some((a) => a.peserta_didik_id === p.peserta_didik_id),
      ),
    );
    if (!pupil) throw new Error('no ekskul member');
    const res = await admin(s, 'POST', 'pupil-leaves', {
      peserta_didik_id: pupil.peserta_didik_id,
      jenis_keluar_id: 5,
    });
    expect(res.json()).toMatchObject({ jenis_keluar_id: 5, tanggal_keluar: '2025-09-15' });
    const status1 = (await syncGet(s, 'status')).json().data;
    expect(status1.pd_aktif).toBe(status0.pd_aktif - 1);
    expect(status1.pd_keluar).toBe(status0.pd_keluar + 1);
    expect(status1.anggota_ekskul).toBeLessThan(status0.anggota_ekskul);
    expect((await wsPupils(s)).some((p) => p.peserta_didik_id === pupil.peserta_didik_id)).toBe(false);
    const keluar = (await syncAll(s, 'peserta-didik', { status: 'keluar' })).rows;
    const row = keluar.find((p) => p.peserta_didik_id === pupil.peserta_didik_id);
    expect(row?.registrasi).toMatchObject({ jenis_keluar_id: 5, tanggal_keluar: '2025-09-15' });
    const members = (await syncAll(s, 'anggota-rombel')).rows;
    expect(members.some((a) => a.peserta_didik_id === pupil.peserta_didik_id)).toBe(false);
    // Leaving twice is not possible.
    expect((await admin(s, 'POST', 'pupil-leaves', { pd: pupil.peserta_didik_id })).statusCode).toBe(404);
  });
});

describe('ptk-leaves and ptk-returns', () => {
  it('the teacher disappears from getGtk and comes back with the same id', async () => {
    const s = sim();
    const ptk = s.state.school.ptk[3];
    if (!ptk) throw new Error('no ptk');
    const gtk = async () => ((await wsGet(s, 'getGtk')).json().rows as Row[]).map((p) => p.ptk_id);
    expect(await gtk()).toContain(ptk.ptk_id);
    expect((await admin(s, 'POST', 'ptk-leaves', { ptk: ptk.ptk_id })).statusCode).toBe(200);
    expect(await gtk()).not.toContain(ptk.ptk_id);
    expect((await syncAll(s, 'ptk', { status: 'keluar' })).rows.map((p) => p.ptk_id)).toContain(ptk.ptk_id);
    // The teaching assignments stay (a pembelajaran whose guru left).
    const taught = s.state.school.rombongan_belajar
      .flatMap((r) => r.pembelajaran)
      .filter((p) => p.ptk_id === ptk.ptk_id);
    expect((await syncAll(s, 'pembelajaran')).rows.filter((p) => p.ptk_id === ptk.ptk_id)).toHaveLength(
      taught.length,
    );
    expect((await admin(s, 'POST', 'ptk-leaves', { ptk: ptk.ptk_id })).statusCode).toBe(404);

    expect((await admin(s, 'POST', 'ptk-returns', { ptk_id: ptk.ptk_id })).statusCode).toBe(200);
    expect(await gtk()).toContain(ptk.ptk_id);
    expect((await syncAll(s, 'ptk', { status: 'keluar' })).total).toBe(0);
    const feed = (await syncGet(s, 'changes', { kinds: 'ptk' })).json().data;
    expect(feed.map((c: Row) => c.op)).toEqual(['delete', 'upsert']);
  });
});

describe('rombel-delete', () => {
  it('soft-deletes: gone from the Web Service, flagged in the sync API, its pembelajaran leave the lists', async () => {
    const s = sim();
    const r = rombelNamed(s, 'XI TJKT 1');
    const status0 = (await syncGet(s, 'status')).json().data;
    expect((await admin(s, 'POST', 'rombel-delete', { id: r.rombongan_belajar_id })).statusCode).toBe(200);
    const ws = (await wsGet(s, 'getRombonganBelajar')).json().rows as Row[];
    expect(ws.some((x) => x.rombongan_belajar_id === r.rombongan_belajar_id)).toBe(false);
    const row = (await syncAll(s, 'rombongan-belajar')).rows.find(
      (x) => x.rombongan_belajar_id === r.rombongan_belajar_id,
    );
    expect(row?.soft_delete).toBe(1);
    const status1 = (await syncGet(s, 'status')).json().data;
    expect(status1.rombel.reguler).toBe(status0.rombel.reguler - 1);
    expect(status1.pembelajaran).toBe(status0.pembelajaran - r.pembelajaran.length);
    expect((await syncAll(s, 'pembelajaran', { rombongan_belajar_id: r.rombongan_belajar_id })).total).toBe(
      0,
    );
    expect((await admin(s, 'POST', 'rombel-delete', { id: r.rombongan_belajar_id })).statusCode).toBe(404);
  });

  it('keeps the capitalised Soft_delete spelling of the seeded row', async () => {
    const s = sim({ profile: 'smk-standard' });
    const id = s.state.school.edgeCases.capitalSoftDelete as string;
    await admin(s, 'POST', 'rombel-delete', { rombongan_belajar_id: id });
    const row = (await syncAll(s, 'rombongan-belajar', { jenis: '1', limit: 2000 })).rows.find(
      (x) => x.rombongan_belajar_id === id,
    );
    expect(row).toHaveProperty('Soft_delete', 1);
  });
});

describe('rename-mapel', () => {
  it('renames one pembelajaran or every one of a subject', async () => {
    const s = sim();
    const p = rombelNamed(s, 'X TJKT 1').pembelajaran[0];
    if (!p) throw new Error('no pembelajaran');
    await admin(s, 'POST', 'rename-mapel', {
      pembelajaran_id: p.pembelajaran_id,
      nama_mata_pelajaran: 'Nama Baru',
    });
    const rows = (await syncAll(s, 'pembelajaran')).rows;
    expect(rows.find((x) => x.pembelajaran_id === p.pembelajaran_id)?.nama_mata_pelajaran).toBe('Nama Baru');
    const res = await admin(s, 'POST', 'rename-mapel', {
      mata_pelajaran_id: p.mata_pelajaran_id,
      nama_mata_pelajaran: 'Semua',
    });
    const same = s.state.school.rombongan_belajar
      .flatMap((r) => r.pembelajaran)
      .filter((x) => x.mata_pelajaran_id === p.mata_pelajaran_id);
    expect(res.json().renamed).toBe(same.length);
  });
});

describe('new-semester', () => {
  it('ganjil → genap: same classes and pupils, every rombel/anggota/pembelajaran id new', async () => {
    const s = sim();
    const old = s.state.school.rombongan_belajar;
    const oldIds = new Set([
      ...old.map((r) => r.rombongan_belajar_id),
      ...old.flatMap((r) => r.anggota_rombel.map((a) => a.anggota_rombel_id)),
      ...old.flatMap((r) => r.pembelajaran.map((p) => p.pembelajaran_id)),
    ]);
    const pupils0 = s.state.school.peserta_didik.length;
    const res = await admin(s, 'POST', 'new-semester', {});
    expect(res.json()).toMatchObject({ from: '20251', to: '20252', graduated: 0 });
    expect(s.state.semesterId).toBe('20252');
    const rombel = (await wsGet(s, 'getRombonganBelajar')).json().rows as Row[];
    expect(rombel.map((r) => r.nama).sort()).toEqual(old.map((r) => r.nama).sort());
    const newIds = [
      ...rombel.map((r) => r.rombongan_belajar_id),
      ...rombel.flatMap((r) => (r.anggota_rombel as Row[]).map((a) => a.anggota_rombel_id)),
      ...rombel.flatMap((r) => (r.pembelajaran as Row[]).map((p) => p.pembelajaran_id)),
    ];
    expect(newIds.filter((id) => oldIds.has(id as string))).toEqual([]);
    expect(rombel.every((r) => r.semester_id === '20252')).toBe(true);
    // Sub-subjects point at the new parent.
    const pemb = rombel.flatMap((r) => r.pembelajaran as Row[]);
    const pembIds = new Set(pemb.map((p) => p.pembelajaran_id));
    expect(
      pemb.filter((p) => p.induk_pembelajaran_id).every((p) => pembIds.has(p.induk_pembelajaran_id)),
    ).toBe(true);
    const pupils = await wsPupils(s);
    expect(pupils).toHaveLength(pupils0);
    expect(pupils.every((p) => p.semester_id === '20252')).toBe(true);
    // The previous semester stays readable, and its leavers are no longer this semester's.
    expect((await wsGet(s, 'getRombonganBelajar', { semester_id: '20251' })).json().results).toBe(old.length);
    expect((await syncGet(s, 'status')).json().data.pd_keluar).toBe(0);
  });

  it('genap → ganjil: promotes each class, graduates grade 12, opens empty grade-10 classes', async () => {
    const s = sim({ semesterId: '20252' });
    const before = s.state.school.rombongan_belajar.filter((r) => r.jenis_rombel === 1);
    const members = (nama: string) =>
      (before.find((r) => r.nama === nama)?.anggota_rombel ?? []).map((a) => a.peserta_didik_id).sort();
    const grade12 = before.filter((r) => r.tingkat_pendidikan_id === 12).flatMap((r) => r.anggota_rombel);
    const xiPlan = (before.find((r) => r.nama === 'XI TJKT 1')?.pembelajaran ?? [])
      .map((p) => p.mata_pelajaran_id)
      .sort();
    const xiKurikulum = before.find((r) => r.nama === 'XI TJKT 1')?.kurikulum_id;

    const res = (await admin(s, 'POST', 'new-semester', { semester_id: '20261' })).json();
    expect(res).toMatchObject({ from: '20252', to: '20261', graduated: grade12.length });
    const after = s.state.school.rombongan_belajar.filter((r) => r.jenis_rombel === 1);
    const now = (nama: string) =>
      (after.find((r) => r.nama === nama)?.anggota_rombel ?? []).map((a) => a.peserta_didik_id).sort();
    expect(now('XI TJKT 1')).toEqual(members('X TJKT 1'));
    expect(now('XII TJKT 1')).toEqual(members('XI TJKT 1'));
    expect(now('X TJKT 1')).toEqual([]);
    const promoted = after.find((r) => r.nama === 'XI TJKT 1');
    expect(promoted?.tingkat_pendidikan_id).toBe(11);
    expect(promoted?.kurikulum_id).toBe(xiKurikulum);
    expect(promoted?.pembelajaran.map((p) => p.mata_pelajaran_id).sort()).toEqual(xiPlan);

    const keluar = (await syncAll(s, 'peserta-didik', { status: 'keluar' })).rows;
    expect(keluar).toHaveLength(grade12.length);
    expect(keluar.every((p) => (p.registrasi as Row).jenis_keluar_id === 1)).toBe(true);
    expect(new Set(keluar.map((p) => p.peserta_didik_id))).toEqual(
      new Set(grade12.map((a) => a.peserta_didik_id)),
    );
    const electives = s.state.school.rombongan_belajar.filter((r) => r.jenis_rombel === 16);
    expect(electives.every((r) => r.anggota_rombel.length === 0)).toBe(true);
    // Only the next semester may be opened.
    expect((await admin(s, 'POST', 'new-semester', { semester_id: '20271' })).statusCode).toBe(400);
  });

  it('grades can still be pushed for the previous semester', async () => {
    const s = sim();
    const r = rombelNamed(s, 'X TJKT 1');
    const p = r.pembelajaran.find((x) => x.induk_pembelajaran_id === null);
    await admin(s, 'POST', 'new-semester', {});
    const res = await s.app.inject({
      method: 'POST',
      url: `/WebService/postMatevRapor?npsn=${NPSN}&semester_id=20251`,
      headers: { authorization: 'Bearer sim-token' },
      payload: {
        id_evaluasi: '6f1c1b7e-1111-4222-8333-444455556666',
        rombongan_belajar_id: r.rombongan_belajar_id,
        mata_pelajaran_id: p?.mata_pelajaran_id,
        pembelajaran_id: p?.pembelajaran_id,
        nm_mata_evaluasi: 'Matematika',
      },
    });
    expect(res.json().success).toBe(true);
  });
});

describe('reset and snapshots', () => {
  it('reset brings back the generator school (optionally another seed)', async () => {
    const s = sim();
    const pd = s.state.school.peserta_didik[0]?.peserta_didik_id;
    await admin(s, 'POST', 'pupil-leaves', { pd });
    await admin(s, 'POST', 'new-semester', {});
    const res = await admin(s, 'POST', 'reset', {});
    expect(res.json().semester_id).toBe(SEMESTER);
    const fresh = generateSchool({ npsn: NPSN, profile: 'tiny', semesterId: SEMESTER });
    expect((await wsPupils(s)).map((p) => p.peserta_didik_id)).toEqual(
      fresh.peserta_didik.map((p) => p.peserta_didik_id),
    );
    expect(s.state.changes).toEqual([]);
    const other = (await admin(s, 'POST', 'reset', { seed: 9 })).json();
    expect(other.sekolah_id).not.toBe(fresh.sekolah.sekolah_id);
    expect(other.identity.seed).toBe(9);
    expect((await admin(s, 'POST', 'reset', { semester_id: '2025' })).statusCode).toBe(400);
  });

  it('paging through while a scenario runs stays on one snapshot; an evicted snapshot answers 409', async () => {
    const s = sim();
    const first = (await syncGet(s, 'peserta-didik', { limit: 10 })).json();
    const all = (await syncAll(s, 'peserta-didik', { limit: 10 })).rows.map((p) => p.peserta_didik_id);
    const leaver = all[all.length - 1];
    await admin(s, 'POST', 'pupil-leaves', { pd: leaver });
    // Continue the first listing: still the old snapshot, leaver included, no duplicates.
    const seen = first.data.map((p: Row) => p.peserta_didik_id);
    let cursor = first.page.cursor;
    while (cursor) {
      const page = (await syncGet(s, 'peserta-didik', { limit: 10, cursor })).json();
      expect(page.meta.snapshot_id).toBe(first.meta.snapshot_id);
      seen.push(...page.data.map((p: Row) => p.peserta_didik_id));
      cursor = page.page.cursor;
    }
    expect(seen).toEqual(all);
    // A fresh listing sees the change.
    expect(
      (await syncAll(s, 'peserta-didik', { limit: 10 })).rows.map((p) => p.peserta_didik_id),
    ).not.toContain(leaver);
    // After several more snapshots the old cursor is gone.
    for (const p of all.slice(0, 4)) await admin(s, 'POST', 'pupil-leaves', { pd: p });
    const stale = await syncGet(s, 'peserta-didik', { limit: 10, cursor: first.page.cursor });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('snapshot_changed');
  });
});
