import { generateSchool } from '@erapor/demo-school/generate';
import type { DemoSchool } from '@erapor/demo-school/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { seedDemo } from '../../test/demo';
import {
  DEMO_PASSWORD,
  describeEngines,
  ENGINES,
  loginAs,
  openTestDatabase,
  postgresAvailable,
} from '../../test/engines';
import { ensureSemesters, getActiveSemester } from '../sekolah/service';
import { DEMO_NPSN } from './seed';

/** Every table the seed writes, for counts and fingerprints. */
const TABLES = [
  'sekolah',
  'jurusan_sp',
  'dudi',
  'guru',
  'gelar_ptk',
  'ptk_keluar',
  'peserta_didik',
  'pd_keluar',
  'rombongan_belajar',
  'anggota_rombel',
  'pembelajaran',
  'ekstrakurikuler',
  'mou',
  'akt_pd',
  'anggota_akt_pd',
  'bimbing_pd',
  'ref_capaian_pembelajaran',
  'ref_kompetensi_dasar',
  'ref_mst_wilayah',
  'users',
  'role_user',
] as const;

/** count + md5 of all rows of each table: equal fingerprints = equal data. */
async function fingerprint(db: DatabaseHandle): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    const [row] = await db.query<{ n: string | number; h: string | null }>(
      `select count(*) as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${t} x`,
    );
    out[t] = `${row?.n}:${row?.h}`;
  }
  return out;
}

async function count(db: DatabaseHandle, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(sql, params);
  return Number(row?.n);
}

/** What the generator says each table must hold. */
function expectedCounts(s: DemoSchool): Record<string, number> {
  const rombels = s.rombongan_belajar;
  const members = new Set<string>();
  for (const r of rombels) for (const a of r.anggota_rombel) members.add(a.anggota_rombel_id);
  for (const pd of [...s.peserta_didik, ...s.peserta_didik_keluar])
    members.add(pd.anggota_rombel.anggota_rombel_id);
  const mous = s.dudi.flatMap((d) => d.mou);
  const akts = mous.flatMap((m) => m.akt_pd);
  return {
    sekolah: 1,
    jurusan_sp: s.sekolah.jurusan_sp.length,
    dudi: s.dudi.length,
    guru: s.ptk.length + s.ptk_keluar.length,
    ptk_keluar: s.ptk_keluar.length,
    peserta_didik: s.peserta_didik.length + s.peserta_didik_keluar.length,
    pd_keluar: s.peserta_didik_keluar.length,
    rombongan_belajar: rombels.length,
    anggota_rombel: members.size,
    pembelajaran: rombels.reduce((n, r) => n + r.pembelajaran.length, 0),
    ekstrakurikuler: s.ekstrakurikuler.length,
    mou: mous.length,
    akt_pd: akts.length,
    anggota_akt_pd: akts.reduce((n, a) => n + a.anggota_akt_pd.length, 0),
    bimbing_pd: akts.reduce((n, a) => n + a.bimbing_pd.length, 0),
    ref_capaian_pembelajaran: s.capaian_pembelajaran.length,
    ref_kompetensi_dasar: s.kompetensi_dasar.length,
    // The generator's nine log-ins and penguji@ (modules/ukk/demo.ts).
    users: 10,
  };
}

async function expectCountsOf(db: DatabaseHandle, school: DemoSchool): Promise<void> {
  const actual: Record<string, number> = {};
  const expected = expectedCounts(school);
  for (const t of Object.keys(expected)) actual[t] = await count(db, `select count(*) as n from ${t}`);
  expect(actual).toEqual(expected);
}

/** The SQLSTATE of a failed statement (Drizzle wraps the driver's error in `cause`). */
async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

describeEngines('demo seed at start-up (tiny)', {}, (t) => {
  let semesterId = '';
  const school = () => generateSchool({ semesterId, npsn: DEMO_NPSN, profile: 'tiny' });

  beforeAll(async () => {
    semesterId = (await getActiveSemester(t().db.db))?.semester_id ?? '';
  });

  it('writes every record of the generated school', async () => {
    await expectCountsOf(t().db, school());
  });

  it('logs every demo account in with the roles of the active semester', async () => {
    const expected: Record<string, string[]> = {
      admin: ['admin'],
      guru: ['guru'],
      wali: ['guru', 'wali'],
      kaprog: ['guru', 'kaprog'],
      waka: ['guru', 'waka'],
      ekskul: ['guru', 'pembina_ekskul'],
      pkl: ['guru', 'pembimbing'],
      penguji: ['guru', 'internal'],
      siswa: ['siswa'],
    };
    for (const [key, roles] of Object.entries(expected)) {
      const { userData } = await loginAs(t().app, `${key}@demo.sch.id`, semesterId, DEMO_PASSWORD);
      expect([...(userData.roles as string[])].sort(), key).toEqual([...roles].sort());
    }
  });

  it('makes the demo accounts the people they stand for (queried in the database)', async () => {
    const db = t().db;
    const user = async (key: string) =>
      (
        await db.query<{ guru_id: string | null; peserta_didik_id: string | null }>(
          'select guru_id, peserta_didik_id from users where email = $1',
          [`${key}@demo.sch.id`],
        )
      )[0];
    const admin = await user('admin');
    expect(admin).toEqual({ guru_id: null, peserta_didik_id: null });

    // wali@ is homeroom of a regular class and teaches in it.
    const wali = (await user('wali'))?.guru_id;
    const waliClasses = await db.query<{ rombongan_belajar_id: string }>(
      `select rombongan_belajar_id from rombongan_belajar
        where guru_id = $1 and jenis_rombel = 1 and semester_id = $2 and deleted_at is null`,
      [wali, semesterId],
    );
    expect(waliClasses).toHaveLength(1);
    const waliRombel = waliClasses[0]?.rombongan_belajar_id;
    expect(
      await count(
        db,
        'select count(*) as n from pembelajaran where guru_id = $1 and rombongan_belajar_id = $2',
        [wali, waliRombel],
      ),
    ).toBeGreaterThan(0);

    // siswa@ is a pupil of wali@'s class.
    const siswa = (await user('siswa'))?.peserta_didik_id;
    expect(
      await count(
        db,
        'select count(*) as n from anggota_rombel where peserta_didik_id = $1 and rombongan_belajar_id = $2 and deleted_at is null',
        [siswa, waliRombel],
      ),
    ).toBe(1);

    // guru@ teaches several classes.
    const guruId = (await user('guru'))?.guru_id;
    expect(
      await count(
        db,
        'select count(distinct rombongan_belajar_id) as n from pembelajaran where guru_id = $1',
        [guruId],
      ),
    ).toBeGreaterThan(1);

    // ekskul@ leads an extracurricular (with its jenis-51 rombel).
    const ekskul = (await user('ekskul'))?.guru_id;
    expect(
      await count(
        db,
        `select count(*) as n from ekstrakurikuler e join rombongan_belajar r using (rombongan_belajar_id)
          where e.guru_id = $1 and r.jenis_rombel = 51 and r.guru_id = $1`,
        [ekskul],
      ),
    ).toBeGreaterThan(0);

    // pkl@ teaches PKL (800001000) and supervises the PKL groups of that class.
    const pkl = (await user('pkl'))?.guru_id;
    expect(
      await count(
        db,
        'select count(*) as n from pembelajaran where guru_id = $1 and mata_pelajaran_id = 800001000',
        [pkl],
      ),
    ).toBeGreaterThan(0);
    const groups = await count(db, 'select count(*) as n from bimbing_pd where guru_id = $1', [pkl]);
    expect(groups).toBeGreaterThan(0);
    expect(groups).toBe(school().relations.pklAktPdIds.length);
    expect(
      await count(
        db,
        `select count(*) as n from anggota_akt_pd a join bimbing_pd b using (akt_pd_id) where b.guru_id = $1`,
        [pkl],
      ),
    ).toBeGreaterThan(0);

    // kaprog@ / waka@ carry their tugas tambahan.
    expect(
      await db.query(
        'select jabatan_ptk_id from guru g join users u on u.guru_id = g.guru_id where u.email = $1',
        ['kaprog@demo.sch.id'],
      ),
    ).toEqual([{ jabatan_ptk_id: 38 }]);
  });

  it('is idempotent: seeding again (start-up and the test helper) changes nothing', async () => {
    const before = await fingerprint(t().db);
    const again = await seedDemo(t().db.db, { profile: 'tiny' });
    expect(again.accounts.wali.guruId).toBe(again.school.demoAccounts.wali.ptk_id);
    expect(await fingerprint(t().db)).toEqual(before);
  });

  it('refuses to mix two profiles in one database', async () => {
    await expect(seedDemo(t().db.db, { profile: 'smk-standard' })).rejects.toThrow(/another demo school/);
  });

  it('makes pembelajaran active (kelompok and no urut) except P5, with sub-subjects under their parent', async () => {
    const db = t().db;
    expect(
      await count(
        db,
        'select count(*) as n from pembelajaran where (kelompok_id is null or no_urut is null) and mata_pelajaran_id <> 200040000 and induk_pembelajaran_id is null',
      ),
    ).toBe(0);
    expect(
      await count(db, 'select count(*) as n from pembelajaran where induk_pembelajaran_id is not null'),
    ).toBeGreaterThan(0);
  });

  describe('constraints', () => {
    const ids = async () => {
      const [r] = await t().db.query<{
        sekolah_id: string;
        peserta_didik_id: string;
        rombongan_belajar_id: string;
      }>(
        `select a.sekolah_id, a.peserta_didik_id, a.rombongan_belajar_id from anggota_rombel a
          join peserta_didik p using (peserta_didik_id) where p.nisn is not null limit 1`,
      );
      if (!r) throw new Error('no member');
      return r;
    };

    it('rejects a second row with the same Dapodik id', async () => {
      const { sekolah_id } = await ids();
      const [g] = await t().db.query<{ guru_id_dapodik: string }>(
        'select guru_id_dapodik from guru where guru_id_dapodik is not null limit 1',
      );
      expect(
        await sqlState(
          t().db.query(
            `insert into guru (sekolah_id, nama, jenis_ptk_id, guru_id_dapodik) values ($1, 'Kembar', 4, $2)`,
            [sekolah_id, g?.guru_id_dapodik],
          ),
        ),
      ).toBe('23505');
    });

    it('rejects a second pupil with the same NISN in the school, allows pupils without one', async () => {
      const { sekolah_id, peserta_didik_id } = await ids();
      const [p] = await t().db.query<{ nisn: string }>(
        'select nisn from peserta_didik where peserta_didik_id = $1',
        [peserta_didik_id],
      );
      expect(
        await sqlState(
          t().db.query(`insert into peserta_didik (sekolah_id, nama, nisn) values ($1, 'Kembar', $2)`, [
            sekolah_id,
            p?.nisn,
          ]),
        ),
      ).toBe('23505');
      await t().db.query(
        `insert into peserta_didik (sekolah_id, nama, nisn) values ($1, 'Tanpa NISN 1', null), ($1, 'Tanpa NISN 2', null)`,
        [sekolah_id],
      );
      await t().db.query(`delete from peserta_didik where nama like 'Tanpa NISN %'`);
    });

    it('rejects a second membership of a pupil in the same rombel', async () => {
      const { sekolah_id, peserta_didik_id, rombongan_belajar_id } = await ids();
      expect(
        await sqlState(
          t().db.query(
            `insert into anggota_rombel (sekolah_id, semester_id, rombongan_belajar_id, peserta_didik_id)
             values ($1, $2, $3, $4)`,
            [sekolah_id, semesterId, rombongan_belajar_id, peserta_didik_id],
          ),
        ),
      ).toBe('23505');
    });

    it('rejects a membership of an unknown pupil (foreign key between school tables)', async () => {
      const { sekolah_id, rombongan_belajar_id } = await ids();
      expect(
        await sqlState(
          t().db.query(
            `insert into anggota_rombel (sekolah_id, semester_id, rombongan_belajar_id, peserta_didik_id)
             values ($1, $2, $3, gen_random_uuid())`,
            [sekolah_id, semesterId, rombongan_belajar_id],
          ),
        ),
      ).toBe('23503');
    });
  });
});

// The full school on a bare database (no app): counts, edge cases, idempotency and the time it takes.
for (const engine of ENGINES) {
  describe.skipIf(engine === 'postgresql' && !postgresAvailable())(
    `demo seed smk-standard [${engine}]`,
    () => {
      let handle: DatabaseHandle;
      let drop: () => Promise<void>;
      beforeAll(async () => {
        ({ handle, drop } = await openTestDatabase(engine));
        await migrateDatabase(handle);
        await ensureSemesters(handle.db, new Date());
      });
      afterAll(async () => {
        await drop();
      });

      it('writes the whole 1,500-pupil school in a few seconds, the same data when run again', async () => {
        const first = await seedDemo(handle.db, { profile: 'smk-standard' });
        console.info(`[${engine}] smk-standard demo seed: ${first.ms} ms`);
        expect(first.ms).toBeLessThan(15_000);
        await expectCountsOf(handle, first.school);
        expect(first.school.peserta_didik.length).toBeGreaterThan(1400);

        // The seeded duplicate NISN: the first pupil keeps it, the other is stored without.
        const [a, b] = first.school.edgeCases.duplicateNisn;
        const rows = await handle.query<{ peserta_didik_id: string; nisn: string | null }>(
          'select peserta_didik_id, nisn from peserta_didik where peserta_didik_id = any($1::uuid[])',
          [[a, b]],
        );
        expect(rows.filter((r) => r.nisn !== null)).toHaveLength(1);

        // The soft-deleted class and the leavers' memberships are kept, marked deleted.
        expect(
          await count(handle, 'select count(*) as n from rombongan_belajar where deleted_at is not null'),
        ).toBe(1);
        expect(
          await count(handle, 'select count(*) as n from anggota_rombel where deleted_at is not null'),
        ).toBe(first.school.peserta_didik_keluar.length);

        const before = await fingerprint(handle);
        await seedDemo(handle.db, { profile: 'smk-standard' });
        expect(await fingerprint(handle)).toEqual(before);
      }, 60_000);
    },
  );
}
