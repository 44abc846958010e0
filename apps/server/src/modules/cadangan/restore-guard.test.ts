import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CADANGAN_MESSAGES } from '@erapor/contract/cadangan';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { ident } from '../../db/raw-sql';
import { anotherSchoolRombel, type SeededDemo, seedDemo } from '../../test/demo';
import { createTestApp, describeEngines } from '../../test/engines';
import { CadanganRefused, openArchive, verifyArchive } from './archive';
import { readCatalog } from './catalog';
import { backupSchool, withReadView } from './export';
import { restoreSchool } from './restore';
import { editArchive, resign, schoolState } from './test-support';

/**
 * Issue #24 part 3, decision 051: an archive of school B, edited by someone who holds the file
 * (and recomputes its checksum), cannot reach school A or the national data of the database it is
 * restored into. Both engines hold two schools here: B (the demo school, whose archive is edited)
 * and A (another school with a class and an account).
 */

const dir = mkdtempSync(join(tmpdir(), 'erapor-cadangan-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
const write = (bytes: Buffer) => {
  const file = join(dir, `cadangan-${++fileNo}.erapor`);
  writeFileSync(file, bytes);
  return file;
};

const A = {
  sekolahId: '0f6a1c1e-5b57-4f0e-9d63-7a3c2b1d0e77',
  rombelId: '1f6a1c1e-5b57-4f0e-9d63-7a3c2b1d0e77',
  userId: '2f6a1c1e-5b57-4f0e-9d63-7a3c2b1d0e77',
  email: 'admin@smk-a.sch.id',
  npsn: '69990077',
  guruId: '3f6a1c1e-5b57-4f0e-9d63-7a3c2b1d0e77',
  /** A's teacher's Dapodik UUID (guru.guru_id_dapodik, unique across the database). */
  guruDapodik: '4f6a1c1e-5b57-4f0e-9d63-7a3c2b1d0e77',
};

/**
 * Every row of every table, one digest per table (sorted `to_jsonb` text): a refused restore
 * leaves each exactly as it was — A's, B's and the national ones alike.
 */
async function digest(handle: DatabaseHandle): Promise<Record<string, string>> {
  return withReadView(handle, async (sql) => {
    await sql(`set timezone to 'UTC'`);
    const catalog = await readCatalog(sql);
    const out: Record<string, string> = {};
    for (const name of [...catalog.tables.keys()].sort()) {
      const [r] = await sql<{ n: string | number; h: string }>(
        `select count(*) as n, md5(coalesce(string_agg(t, E'\\n' order by t), '')) as h
           from (select to_jsonb(r)::text as t from ${ident(name)} r) x`,
      );
      out[name] = `${r?.n}:${r?.h}`;
    }
    return out;
  });
}

/** The national tables (no sekolah_id) and the national rows of the mixed ones. */
async function nationalDigest(handle: DatabaseHandle): Promise<Record<string, string>> {
  return withReadView(handle, async (sql) => {
    const catalog = await readCatalog(sql);
    const out: Record<string, string> = {};
    for (const t of catalog.tables.values()) {
      if (t.hasSekolahId && !t.sekolahIdNullable) continue;
      const national = t.hasSekolahId ? 'where r.sekolah_id is null' : '';
      const [r] = await sql<{ h: string }>(
        `select md5(coalesce(string_agg(t, E'\\n' order by t), '')) as h
           from (select to_jsonb(r)::text as t from ${ident(t.name)} r ${national}) x`,
      );
      out[t.name] = r?.h ?? '';
    }
    return out;
  });
}

type Row = Record<string, unknown>;

describeEngines('cadangan: a restore touches only its own school', { config: { seedDemo: false } }, (t) => {
  let b: SeededDemo;
  let bytes: Buffer;
  let stateB: Record<string, string[]>;

  beforeAll(async () => {
    b = await seedDemo(t().db.db, { profile: 'tiny', living: true });
    await anotherSchoolRombel(t().db.db, { ...A, semesterId: b.semesterId });
    await t().db.query(
      `insert into users (user_id, sekolah_id, name, email, password_hash) values ($1, $2, 'Admin A', $3, 'x')`,
      [A.userId, A.sekolahId, A.email],
    );
    await t().db.query(
      `insert into guru (guru_id, guru_id_dapodik, sekolah_id, nama, jenis_ptk_id) values ($1, $2, $3, 'Guru A', 3)`,
      [A.guruId, A.guruDapodik, A.sekolahId],
    );
    const file = join(dir, 'asli.erapor');
    await backupSchool(t().db, file, { sekolahId: b.sekolahId, appVersion: '0.1.0' });
    bytes = readFileSync(file);
    stateB = await schoolState(t().db, b.sekolahId);
  });

  const restore = async (file: string) =>
    restoreSchool(t().db, await openArchive(file), {
      schoolNpsn: b.school.sekolah.npsn,
      confirmNpsn: b.school.sekolah.npsn,
      requireConfirm: true,
      now: new Date(),
      operator: { userId: null, nama: 'Uji' },
    });

  /** The edited archive is refused with exactly this message, by the restore, and nothing changes. */
  const refused = async (
    edit: (table: string, rows: Row[], scope: string) => Row[] | undefined,
    code: string,
    /** Read after the edit (it may name the edited row's key). */
    message: () => string,
    opts: { atUpload: boolean },
  ) => {
    const file = write(editArchive(bytes, edit));
    const before = await digest(t().db);
    // The checks without a database run when the archive is read whole (upload, restore request).
    const read = await verifyArchive(file).catch((e: unknown) => e);
    if (opts.atUpload) expect(read).toBeInstanceOf(CadanganRefused);
    else expect(read).not.toBeInstanceOf(Error);
    const err = await restore(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CadanganRefused);
    expect({ code: (err as CadanganRefused).code, message: (err as Error).message }).toEqual({
      code,
      message: message(),
    });
    expect(await digest(t().db)).toEqual(before);
  };

  /** Changes row `index` (from 0) of one table; `was` is that row as the archive had it. */
  const atRow = (table: string, index: number, change: (r: Row) => Row) => {
    const was: Row = {};
    const edit = (name: string, rows: Row[]) =>
      name !== table
        ? undefined
        : rows.map((r, i) => {
            if (i !== index) return r;
            Object.assign(was, r);
            return change(r);
          });
    return { edit, was };
  };

  it("refuses the school's own row carrying A's sekolah_id (renaming A)", async () => {
    const { edit } = atRow('sekolah', 0, (r) => ({ ...r, sekolah_id: A.sekolahId, nama: 'Diretas' }));
    await refused(
      edit,
      'wrongSchool',
      () => CADANGAN_MESSAGES.wrongSchool('sekolah', CADANGAN_MESSAGES.baris(1)),
      {
        atUpload: true,
      },
    );
  });

  it("refuses a class of B carrying A's sekolah_id", async () => {
    const { edit } = atRow('rombongan_belajar', 1, (r) => ({ ...r, sekolah_id: A.sekolahId }));
    await refused(
      edit,
      'wrongSchool',
      () => CADANGAN_MESSAGES.wrongSchool('rombongan_belajar', CADANGAN_MESSAGES.baris(2)),
      { atUpload: true },
    );
  });

  it("refuses a class of B under A's class id", async () => {
    const { edit } = atRow('rombongan_belajar', 0, (r) => ({ ...r, rombongan_belajar_id: A.rombelId }));
    const where = CADANGAN_MESSAGES.baris(1, `rombongan_belajar_id ${A.rombelId}`);
    await refused(
      edit,
      'taken',
      () => CADANGAN_MESSAGES.taken('rombongan_belajar', where, 'rombongan_belajar_id'),
      { atUpload: false },
    );
  });

  it("refuses an account of B with the e-mail of A's account", async () => {
    const { edit, was } = atRow('users', 2, (r) => ({ ...r, email: A.email }));
    await refused(
      edit,
      'taken',
      () => CADANGAN_MESSAGES.taken('users', CADANGAN_MESSAGES.baris(3, `user_id ${was.user_id}`), 'email'),
      { atUpload: false },
    );
  });

  it("refuses a teacher of B carrying the Dapodik UUID of A's teacher", async () => {
    const { edit, was } = atRow('guru', 0, (r) => ({ ...r, guru_id_dapodik: A.guruDapodik }));
    await refused(
      edit,
      'taken',
      () =>
        CADANGAN_MESSAGES.taken(
          'guru',
          CADANGAN_MESSAGES.baris(1, `guru_id ${was.guru_id}`),
          'guru_id_dapodik',
        ),
      { atUpload: false },
    );
  });

  it("refuses a pupil of B put into A's class (a reference into A)", async () => {
    const { edit, was } = atRow('anggota_rombel', 0, (r) => ({ ...r, rombongan_belajar_id: A.rombelId }));
    await refused(
      edit,
      'outsideReference',
      () =>
        CADANGAN_MESSAGES.outsideReference(
          'anggota_rombel',
          CADANGAN_MESSAGES.baris(1, `anggota_rombel_id ${was.anggota_rombel_id}`),
          'rombongan_belajar_id',
        ),
      { atUpload: false },
    );
  });

  it('refuses a national reference row that this database does not have', async () => {
    let position = 0;
    await refused(
      (name, rows, scope) => {
        if (name !== 'semester' || scope !== 'reference') return undefined;
        position = rows.length + 1;
        return [
          ...rows,
          { ...rows[0], semester_id: '20991', nama: '2099/2100 Ganjil', periode_aktif: false },
        ];
      },
      'newReference',
      () =>
        CADANGAN_MESSAGES.newReference('semester', CADANGAN_MESSAGES.baris(position, 'semester_id 20991')),
      { atUpload: false },
    );
  });

  it('refuses a NUL byte in a cell by its address', async () => {
    await refused(
      atRow('users', 1, (r) => ({ ...r, name: 'Budi\u0000 Santoso' })).edit,
      'nul',
      () => CADANGAN_MESSAGES.nul('users', CADANGAN_MESSAGES.baris(2)),
      { atUpload: true },
    );
  });

  it("refuses an archive whose manifest names A's sekolah_id under an NPSN not in this database", async () => {
    const file = write(resign(bytes, (m) => ({ ...m, sekolahId: A.sekolahId, npsn: '69990099' })));
    const before = await digest(t().db);
    const err = await restoreSchool(t().db, await openArchive(file), {
      confirmNpsn: '69990099',
      requireConfirm: true,
      now: new Date(),
      operator: { userId: null, nama: 'Uji' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CadanganRefused);
    expect((err as Error).message).toBe(CADANGAN_MESSAGES.idTaken('69990099'));
    expect(await digest(t().db)).toEqual(before);
  });

  // A whole restore: 5–50 s on this shared machine under load, beyond the 60 s default at worst.
  it("restores B's untouched archive, leaving A and the national data as they were", {
    timeout: 180_000,
  }, async () => {
    const stateA = await schoolState(t().db, A.sekolahId);
    const national = await nationalDigest(t().db);
    expect(stateA.users).toHaveLength(1);
    const report = await restore(write(bytes));
    expect(report.replaced).toBe(true);
    expect(await schoolState(t().db, A.sekolahId)).toEqual(stateA);
    expect(await nationalDigest(t().db)).toEqual(national);
    const after = await schoolState(t().db, b.sekolahId, { restoreSince: new Date(0) });
    for (const table of Object.keys(stateB)) expect(after[table], table).toEqual(stateB[table]);
  });

  it('restores the archive into a fresh installation (moving servers)', { timeout: 180_000 }, async () => {
    const fresh = await createTestApp('pglite', { config: { seedDemo: false } });
    try {
      const report = await restoreSchool(fresh.db, await openArchive(write(bytes)), {
        requireConfirm: false,
        now: new Date(),
        operator: { userId: null, nama: 'Uji' },
      });
      expect(report.replaced).toBe(false);
      expect(await schoolState(fresh.db, b.sekolahId)).toEqual(stateB);
    } finally {
      await fresh.close();
    }
  });
});
