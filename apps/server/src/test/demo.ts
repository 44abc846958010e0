/**
 * The demo school in a test database — for any API test that needs a real school.
 *
 *   import { seedDemo } from '../../test/demo';
 *   const demo = await seedDemo(t().db.db, { profile: 'tiny' });   // or 'smk-standard' (1,487 pupils)
 *   demo.sekolahId, demo.semesterId                   // the school and the semester it was written for
 *   demo.accounts.wali.userId / .guruId               // each demo log-in (admin, guru, wali, kaprog,
 *   demo.accounts.siswa.pesertaDidikId                //   waka, ekskul, pkl, siswa) and its person
 *   demo.school                                       // the generator's DemoSchool: every record and id,
 *   demo.school.relations.waliRombelId                //   e.g. wali@'s class, guru@'s K13 pembelajaran,
 *                                                     //   ekskul@'s ekskul, pkl@'s akt_pd groups
 *
 * - Idempotent: calling it again (or after the app's own start-up seed of the same profile) changes
 *   nothing. Default semester: the active one. Password of every account: DEMO_PASSWORD ('rapor-demo').
 * - A test app (createTestApp / describeEngines) already seeds the demo at start-up unless
 *   `config: { seedDemo: false }`; its profile is `config.demoProfile` ('tiny' in tests). One database
 *   holds one demo profile: to use 'smk-standard' pass `config: { demoProfile: 'smk-standard' }`, or
 *   `seedDemo: false` and call this helper.
 * - Plain by default: no grades, no past semesters. `living: true` adds them (decision 022: TPs, scores,
 *   final grades, notes, ekskul grades, report settings, and the three semesters before with the same
 *   pupils one class lower), as the app's start-up seed does for the smk-standard profile.
 * - Rows are written as the Dapodik sync would (primary key = Dapodik id); the mapping is in
 *   src/modules/demo/write-school.ts. Pembelajaran already have kelompok_id and no_urut (active).
 */

import type { Db } from '../db/client';
import { rombonganBelajar } from '../db/tables/referensi';
import { sekolah } from '../db/tables/sekolah';
import { hashPassword } from '../lib/passwords';
import { DEMO_PASSWORD, type DemoProfile, type SeededDemo, writeDemoSchool } from '../modules/demo/seed';

export type { SeededDemo } from '../modules/demo/seed';

let passwordHash: Promise<string> | undefined;

export async function seedDemo(
  db: Db,
  options: { profile?: DemoProfile; semesterId?: string; living?: boolean } = {},
): Promise<SeededDemo> {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  return writeDemoSchool(db, {
    profile: options.profile ?? 'tiny',
    semesterId: options.semesterId,
    living: options.living ?? false,
    passwordHash: await passwordHash,
  });
}

/**
 * For the "another school → 404" tests: a second school (its `npsn` unique per test file) with one
 * regular class (tingkat 10 unless told) in `semesterId`.
 */
export async function anotherSchoolRombel(
  db: Db,
  ids: { sekolahId: string; rombelId: string; npsn: string; semesterId: string; tingkat?: number },
): Promise<void> {
  await db.insert(sekolah).values({ sekolahId: ids.sekolahId, npsn: ids.npsn, nama: `SMK Lain ${ids.npsn}` });
  await db.insert(rombonganBelajar).values({
    rombonganBelajarId: ids.rombelId,
    sekolahId: ids.sekolahId,
    semesterId: ids.semesterId,
    nama: 'TKJ 9 (sekolah lain)',
    tingkat: ids.tingkat ?? 10,
    jenisRombel: 1,
  });
}
