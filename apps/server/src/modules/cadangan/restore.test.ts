import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CADANGAN_MESSAGES } from '@erapor/contract/cadangan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../test/demo';
import {
  bearer,
  createTestApp,
  describeEngines,
  loginAs,
  openTestDatabase,
  postgresAvailable,
  type TestApp,
} from '../../test/engines';
import { ensureBuiltinReference } from '../referensi/import/builtin';
import { ensureSemesters } from '../sekolah/service';
import { CadanganRefused, openArchive } from './archive';
import { backupSchool } from './export';
import { restoreSchool } from './restore';
import { resign, schoolState } from './test-support';

const dir = mkdtempSync(join(tmpdir(), 'erapor-cadangan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
const newFile = () => join(dir, `cadangan-${++fileNo}.erapor`);

const OTHER = {
  sekolahId: '0f6a1c1e-5b57-4f0e-9d63-7a3c2b1d0e99',
  rombelId: '1f6a1c1e-5b57-4f0e-9d63-7a3c2b1d0e99',
  npsn: '69990016',
};

/** Grades, a user, a setting and the school's name changed after the backup. */
async function changeEverything(t: TestApp, demo: SeededDemo): Promise<void> {
  const q = t.db.query.bind(t.db);
  const [grade] = await q<{ n: number | string }>(
    `select count(*) as n from nilai_akhir where sekolah_id = $1`,
    [demo.sekolahId],
  );
  expect(Number(grade?.n)).toBeGreaterThan(0);
  await q(`update nilai_akhir set nilai = 11 where sekolah_id = $1`, [demo.sekolahId]);
  await q(
    `delete from nilai_tp where sekolah_id = $1 and ctid in (select ctid from nilai_tp where sekolah_id = $1 limit 5)`,
    [demo.sekolahId],
  );
  await q(`update users set name = 'Diubah' where user_id = $1`, [demo.accounts.guru.userId]);
  await q(`delete from users where user_id = $1`, [demo.accounts.siswa.userId]);
  await q(`insert into settings (sekolah_id, key, value) values ($1, 'kunci_baru_cadangan', 'x')`, [
    demo.sekolahId,
  ]);
  await q(`update sekolah set nama = 'Nama Diubah' where sekolah_id = $1`, [demo.sekolahId]);
  await q(`update riwayat_nilai set nilai_baru = '1' where sekolah_id = $1`, [demo.sekolahId]);
  await audit(t, demo.sekolahId, '85');
}

/** Two audit entries (riwayat_nilai: an identity id the restore leaves to the database). */
async function audit(t: TestApp, sekolahId: string, nilai: string): Promise<void> {
  await t.db.query(
    `insert into riwayat_nilai (sekolah_id, semester_id, nama_pengguna, peran, jenis, nilai_lama, nilai_baru, sumber)
     values ($1, '20251', 'Guru Uji', 'guru', 'nilai_akhir', '70', $2, 'layar'),
            ($1, '20251', 'Guru Uji', 'guru', 'nilai_akhir', $2, '90', 'excel')`,
    [sekolahId, nilai],
  );
}

async function seeded(t: TestApp): Promise<SeededDemo> {
  const demo = await seedDemo(t.db.db, { profile: 'tiny', living: true });
  await audit(t, demo.sekolahId, '80');
  return demo;
}

describeEngines('cadangan: backup → change → restore', { config: { seedDemo: false } }, (t, engine) => {
  let demo: SeededDemo;
  let file: string;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    demo = await seeded(t());
    before = await schoolState(t().db, demo.sekolahId);
    file = newFile();
  });

  it('writes a manifest that says what the archive holds', async () => {
    const manifest = await backupSchool(t().db, file, { sekolahId: demo.sekolahId, appVersion: '0.1.0' });
    expect(manifest.engine).toBe(engine);
    expect(manifest.npsn).toBe(demo.school.sekolah.npsn);
    expect(manifest.semesters.length).toBeGreaterThan(1);
    expect(manifest.schemaVersion).toBeGreaterThan(0);
    const byName = Object.fromEntries(manifest.tables.map((x) => [x.name, x.rows]));
    expect(byName.nilai_akhir).toBe(before.nilai_akhir?.length);
    expect(byName.users).toBe(before.users?.length);
    expect(byName.refresh_tokens).toBeUndefined();
    expect(byName.jobs).toBeUndefined();
    expect((await openArchive(file)).manifest.checksum).toBe(manifest.checksum);
  });

  it('restores every school row as it was, and ends every login of the school', async () => {
    const admin = await loginAs(t().app, demo.accounts.admin.email, demo.semesterId);
    await changeEverything(t(), demo);
    expect(await schoolState(t().db, demo.sekolahId)).not.toEqual(before);
    const began = new Date();
    const report = await restoreSchool(t().db, await openArchive(file), {
      schoolNpsn: demo.school.sekolah.npsn,
      confirmNpsn: demo.school.sekolah.npsn,
      requireConfirm: true,
      now: new Date(),
      operator: { userId: demo.accounts.admin.userId, nama: 'Admin Uji' },
    });
    expect(report.replaced).toBe(true);
    expect(report.loginsEnded).toBeGreaterThanOrEqual(1);
    // Every nilai_akhir was set to 11 and five TP scores deleted: each is given back, and recorded
    // (what the entries say: restore-audit.test.ts).
    expect(report.gradesRecorded).toBe((before.nilai_akhir?.length ?? 0) + 5);
    const after = await schoolState(t().db, demo.sekolahId, { restoreSince: began });
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    const me = await t().app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(admin.accessToken),
    });
    expect(me.statusCode).toBe(401);
    await loginAs(t().app, demo.accounts.admin.email, demo.semesterId);
  });

  it('refuses a truncated, a flipped-byte, a foreign and a newer archive, each with its message, changing nothing', async () => {
    const state = await schoolState(t().db, demo.sekolahId);
    const bytes = readFileSync(file);
    const truncated = newFile();
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 100));
    const flipped = newFile();
    const copy = Buffer.from(bytes);
    const at = bytes.length - 200;
    copy[at] = (copy[at] as number) ^ 0x01;
    writeFileSync(flipped, copy);
    const newer = newFile();
    writeFileSync(
      newer,
      resign(bytes, (m) => ({ ...m, schemaVersion: (m.schemaVersion as number) + 1 })),
    );

    const messages = new Set<string>();
    const refused = async (f: string, code: string, npsn = demo.school.sekolah.npsn) => {
      const err = await restoreSchool(t().db, await openArchive(f), {
        schoolNpsn: npsn,
        confirmNpsn: demo.school.sekolah.npsn,
        requireConfirm: true,
        now: new Date(),
        operator: { userId: demo.accounts.admin.userId, nama: 'Admin Uji' },
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CadanganRefused);
      expect((err as CadanganRefused).code).toBe(code);
      messages.add((err as CadanganRefused).message);
    };
    const openRefused = async (f: string, code: string) => {
      const err = await openArchive(f).catch((e: unknown) => e);
      expect((err as CadanganRefused).code).toBe(code);
      messages.add((err as CadanganRefused).message);
    };
    await openRefused(truncated, 'truncated');
    await openRefused(flipped, 'damaged');
    await refused(file, 'foreign', '12345678');
    await refused(newer, 'newer');
    expect(messages.size).toBe(4);
    expect([...messages]).toContain(CADANGAN_MESSAGES.damaged);
    expect(await schoolState(t().db, demo.sekolahId)).toEqual(state);
  });
});

describe.skipIf(!postgresAvailable())('cadangan across engines and schools', () => {
  // Two whole restores and a seed: past the 60 s default on a loaded machine.
  it('a backup of the embedded database restores on PostgreSQL and back', { timeout: 240_000 }, async () => {
    const lite = await createTestApp('pglite', { config: { seedDemo: false } });
    const pgDb = await openTestDatabase('postgresql');
    const liteAgain = await openTestDatabase('pglite');
    try {
      const demo = await seeded(lite);
      const before = await schoolState(lite.db, demo.sekolahId);
      const file = newFile();
      await backupSchool(lite.db, file, { sekolahId: demo.sekolahId, appVersion: '0.1.0' });
      // A new installation as `npm start` leaves it: an archive brings no national rows (decision 051).
      await migrateDatabase(pgDb.handle);
      await ensureSemesters(pgDb.handle.db, new Date());
      await ensureBuiltinReference(pgDb.handle.db);
      const report = await restoreSchool(pgDb.handle, await openArchive(file), {
        requireConfirm: false,
        now: new Date(),
        operator: { userId: null, nama: 'Uji' },
      });
      expect(report.replaced).toBe(false);
      // A school new to this database: its history is the archive's, the restore adds none.
      expect(report.gradesRecorded).toBe(0);
      const onPg = await schoolState(pgDb.handle, demo.sekolahId);
      for (const table of Object.keys(before)) {
        const a = before[table] ?? [];
        const b = onPg[table] ?? [];
        const diff = a.filter((x, i) => x !== b[i]).slice(0, 2);
        expect(
          diff,
          `${table}: ${diff.join('\n')} vs ${b
            .filter((x, i) => x !== a[i])
            .slice(0, 2)
            .join('\n')}`,
        ).toEqual([]);
      }
      expect(onPg).toEqual(before);

      const back = newFile();
      const manifest = await backupSchool(pgDb.handle, back, {
        sekolahId: demo.sekolahId,
        appVersion: '0.1.0',
      });
      expect(manifest.engine).toBe('postgresql');
      await migrateDatabase(liteAgain.handle);
      await ensureSemesters(liteAgain.handle.db, new Date());
      await ensureBuiltinReference(liteAgain.handle.db);
      await restoreSchool(liteAgain.handle, await openArchive(back), {
        requireConfirm: false,
        now: new Date(),
        operator: { userId: null, nama: 'Uji' },
      });
      expect(await schoolState(liteAgain.handle, demo.sekolahId)).toEqual(before);
    } finally {
      await lite.close();
      await pgDb.drop();
      await liteAgain.drop();
    }
  });

  it('with two schools in one PostgreSQL, restoring one leaves the other as it was', async () => {
    const app = await createTestApp('postgresql', { config: { seedDemo: false } });
    try {
      const demo = await seeded(app);
      await anotherSchoolRombel(app.db.db, { ...OTHER, semesterId: demo.semesterId });
      await app.db.query(`insert into settings (sekolah_id, key, value) values ($1, 'kunci_lain', 'y')`, [
        OTHER.sekolahId,
      ]);
      const file = newFile();
      await backupSchool(app.db, file, { sekolahId: demo.sekolahId, appVersion: '0.1.0' });
      const other = await schoolState(app.db, OTHER.sekolahId);
      expect(other.rombongan_belajar).toHaveLength(1);
      await changeEverything(app, demo);
      await restoreSchool(app.db, await openArchive(file), {
        schoolNpsn: demo.school.sekolah.npsn,
        confirmNpsn: demo.school.sekolah.npsn,
        requireConfirm: true,
        now: new Date(),
        operator: { userId: null, nama: 'Uji' },
      });
      expect(await schoolState(app.db, OTHER.sekolahId)).toEqual(other);
    } finally {
      await app.close();
    }
  });
});
