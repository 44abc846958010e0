import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CADANGAN_JADWAL_DEFAULT, type CadanganDaftar } from '@erapor/contract/cadangan';
import type { BerandaAdminResponse } from '@erapor/contract/sekolah';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { type SeededDemo, seedDemo } from '../../test/demo';
import { bearer, describeEngines, json, loginAs } from '../../test/engines';
import { parseArchiveName } from './files';
import { keadaan, latestSlot, pruneScheduled, readJadwal, runDueBackups, saveJadwal } from './jadwal';
import type { CadanganDeps } from './service';

/** Local clock times, as the schedule reads them ("02:00" is the server's 02:00). */
const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m, 0, 0);

describe('latestSlot', () => {
  it('is today at the time once it has passed, else yesterday at it', () => {
    expect(latestSlot('02:00', at(27, 1, 59))).toEqual(at(26, 2));
    expect(latestSlot('02:00', at(27, 2, 0))).toEqual(at(27, 2));
    expect(latestSlot('23:30', at(27, 23, 29))).toEqual(at(26, 23, 30));
    // Across the month's end.
    expect(latestSlot('02:00', new Date(2026, 11, 1, 1, 0))).toEqual(at(30, 2));
  });
});

describe('pruneScheduled', () => {
  const name = (d: Date, kind: string) =>
    `cadangan-12345678-${d
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/:/g, '-')}-${kind}.erapor`;

  it('removes scheduled archives older than the days kept, never the newest, never others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erapor-prune-'));
    const now = at(27, 3);
    const files = {
      new: name(at(27, 2), 'terjadwal'),
      day13: name(at(14, 2), 'terjadwal'),
      day15: name(at(12, 2), 'terjadwal'),
      day20: name(at(7, 2), 'terjadwal'),
      manualOld: name(at(1, 9), 'manual'),
      beforeRestoreOld: name(at(2, 9), 'sebelum-pemulihan'),
      otherSchool: name(at(1, 2), 'terjadwal').replace('12345678', '87654321'),
    };
    for (const f of Object.values(files)) writeFileSync(join(dir, f), 'x');
    const removed = await pruneScheduled(dir, '12345678', 14, now);
    expect(removed.sort()).toEqual([files.day15, files.day20].sort());
    expect(readdirSync(dir).sort()).toEqual(
      [files.new, files.day13, files.manualOld, files.beforeRestoreOld, files.otherSchool].sort(),
    );

    // Only old scheduled ones left: the newest of them stays whatever its age.
    const lonely = mkdtempSync(join(tmpdir(), 'erapor-prune-'));
    writeFileSync(join(lonely, files.day20), 'x');
    writeFileSync(join(lonely, files.day15), 'x');
    expect(await pruneScheduled(lonely, '12345678', 14, now)).toEqual([files.day20]);
    expect(readdirSync(lonely)).toEqual([files.day15]);
  });
});

describeEngines('scheduled backups', {}, (t) => {
  let demo: SeededDemo;
  let npsn: string;
  let clock: Date;
  let deps: CadanganDeps;
  const dir = () => deps.backupDir;
  const scheduled = () => readdirSync(dir()).filter((n) => parseArchiveName(n)?.kind === 'terjadwal');

  beforeAll(async () => {
    demo = await seedDemo(t().db.db, { profile: 'tiny' });
    const [s] = await t().db.query<{ npsn: string }>(`select npsn from sekolah where sekolah_id = $1`, [
      demo.sekolahId,
    ]);
    npsn = s?.npsn ?? '';
    clock = at(27, 1);
    deps = {
      database: t().db,
      backupDir: mkdtempSync(join(tmpdir(), 'erapor-jadwal-')),
      appVersion: 'test',
      now: () => clock,
    };
  });

  it('runs when a slot passed without a scheduled archive, once per slot, and prunes after a verified one', async () => {
    expect(await readJadwal(t().db.db, demo.sekolahId)).toEqual(CADANGAN_JADWAL_DEFAULT);
    // 01:00 on the 27th, nothing yet: yesterday's 02:00 was missed (server off at night) → now.
    const first = await runDueBackups(deps);
    expect(first).toHaveLength(1);
    expect(first[0]?.made).toMatch(/-terjadwal\.erapor$/);
    expect(scheduled()).toHaveLength(1);

    // 01:30: still the same slot → nothing.
    clock = at(27, 1, 30);
    expect(await runDueBackups(deps)).toEqual([]);

    // Old scheduled archives (copies of a real one, named 15 and 10 days back) and an old manual one.
    const real = join(dir(), scheduled()[0] ?? '');
    const old = (d: number, kind: string) =>
      `cadangan-${npsn}-${at(d, 2)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/:/g, '-')}-${kind}.erapor`;
    for (const f of [old(12, 'terjadwal'), old(17, 'terjadwal'), old(5, 'manual')])
      copyFileSync(real, join(dir(), f));

    // 02:05: today's slot → a new archive, then the one older than 14 days goes.
    clock = at(27, 2, 5);
    const second = await runDueBackups(deps);
    expect(second[0]?.made).toBeTruthy();
    expect(second[0]?.removed).toEqual([old(12, 'terjadwal')]);
    expect(readdirSync(dir())).toContain(old(17, 'terjadwal'));
    expect(readdirSync(dir())).toContain(old(5, 'manual'));
    expect(scheduled()).toHaveLength(3);
    const state = await keadaan(t().db.db, dir(), demo.sekolahId, npsn, clock);
    expect(state).toMatchObject({
      status: 'baik',
      jadwalTerakhir: { waktu: at(27, 2, 5).toISOString(), gagal: null },
    });
  });

  it('a failed run removes nothing and is reported; switched off, it never runs', async () => {
    const before = readdirSync(dir()).sort();
    clock = at(29, 3); // two days on: due, and the 17th's archive is past 14 days
    const broken: DatabaseHandle = { ...t().db, kind: 'postgresql', pool: undefined, pglite: undefined };
    const failed = await runDueBackups({ ...deps, database: broken });
    expect(failed[0]?.error).toBeTruthy();
    expect(readdirSync(dir()).sort()).toEqual(before);
    const state = await keadaan(t().db.db, dir(), demo.sekolahId, npsn, clock);
    expect(state.jadwalTerakhir?.gagal).toMatch(/^Cadangan terjadwal gagal: /);

    await saveJadwal(t().db.db, demo.sekolahId, { aktif: false, jam: '02:00', simpanHari: 14 });
    expect(await runDueBackups(deps)).toEqual([]);
    await saveJadwal(t().db.db, demo.sekolahId, CADANGAN_JADWAL_DEFAULT);
  });

  it('the Beranda warns yellow after 2 days and red after 7 without a good backup', async () => {
    const newest = parseArchiveName(scheduled().sort().at(-1) ?? '')?.time ?? new Date(0);
    const status = async (hours: number) =>
      (await keadaan(t().db.db, dir(), demo.sekolahId, npsn, new Date(newest.getTime() + hours * 3_600_000)))
        .status;
    expect(await status(47)).toBe('baik');
    expect(await status(49)).toBe('kuning');
    expect(await status(7 * 24 - 1)).toBe('kuning');
    expect(await status(7 * 24 + 1)).toBe('merah');
    const empty = mkdtempSync(join(tmpdir(), 'erapor-jadwal-'));
    expect((await keadaan(t().db.db, empty, demo.sekolahId, npsn, clock)).status).toBe('merah');

    // Over HTTP: the administrator's Beranda, on the app's own (empty) backups folder: red.
    const admin = (await loginAs(t().app, demo.accounts.admin.email, demo.semesterId)).accessToken;
    const beranda = json<BerandaAdminResponse>(
      await t().app.inject({ method: 'GET', url: '/api/beranda/admin', headers: bearer(admin) }),
    );
    expect(beranda.cadangan).toMatchObject({ terakhir: null, status: 'merah' });
  });

  it('the administrator sets the schedule; bad values get field messages; others get 403', async () => {
    const admin = (await loginAs(t().app, demo.accounts.admin.email, demo.semesterId)).accessToken;
    const put = (payload: unknown, token = admin) =>
      t().app.inject({
        method: 'PUT',
        url: '/api/cadangan/jadwal',
        payload: payload as object,
        headers: bearer(token),
      });
    const ok = await put({ aktif: true, jam: '21:15', simpanHari: 30 });
    expect(ok.statusCode).toBe(200);
    const list = json<CadanganDaftar>(
      await t().app.inject({ method: 'GET', url: '/api/cadangan', headers: bearer(admin) }),
    );
    expect(list.jadwal).toEqual({ aktif: true, jam: '21:15', simpanHari: 30 });
    expect(list.keadaan.status).toBe('merah');

    const bad = await put({ aktif: true, jam: '25:00', simpanHari: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Isi jam dengan format JJ:MM');
    expect(bad.body).toContain('paling sedikit 1 hari');
    expect(await readJadwal(t().db.db, demo.sekolahId)).toEqual({
      aktif: true,
      jam: '21:15',
      simpanHari: 30,
    });

    for (const who of [demo.accounts.guru.email, demo.accounts.waka.email]) {
      const token = (await loginAs(t().app, who, demo.semesterId)).accessToken;
      expect((await put({ aktif: false, jam: '02:00', simpanHari: 1 }, token)).statusCode, who).toBe(403);
    }
    expect(await readJadwal(t().db.db, demo.sekolahId)).toEqual({
      aktif: true,
      jam: '21:15',
      simpanHari: 30,
    });
    await saveJadwal(t().db.db, demo.sekolahId, CADANGAN_JADWAL_DEFAULT);
  });
});
