import { isRoleName, type RoleName } from '@erapor/contract/roles';
import { generateSchool } from '@erapor/demo-school/generate';
import { generateLiving, type LivingSchool } from '@erapor/demo-school/living';
import { PROFILES } from '@erapor/demo-school/profiles';
import type { DemoAccountKey, DemoSchool, ProfileName } from '@erapor/demo-school/types';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/tables/pengguna';
import { sekolah } from '../../db/tables/sekolah';
import { hashPassword } from '../../lib/passwords';
import * as pengguna from '../pengguna/service';
import * as sekolahService from '../sekolah/service';
import { writeDemoP5, writeGrades } from './write-grades';
import { writeDemoPkl } from './write-pkl';
import { writeSchool } from './write-school';
import { PENGUJI_EMAIL, PENGUJI_ROLES, ukkDemoPeople, writeUkkDemo } from './write-ukk';

/*
 * The demo school "SMK Negeri Demo": the whole school of packages/demo-school (staff, pupils,
 * classes, teaching assignments, extracurriculars, DUDI/PKL) for the active semester, plus one
 * log-in per kind of user (admin@, guru@, wali@, kaprog@, waka@, ekskul@, pkl@, p5@, penguji@, siswa@demo.sch.id,
 * password `rapor-demo`), each account being the generator's person (guru_id / peserta_didik_id),
 * with its roles in that semester.
 *
 * Living (the default of the smk-standard profile, opt-in for 'tiny'): the school in mid-semester
 * — TPs, scores, final grades, notes, ekskul grades, PKL plans with scores and attendance, report
 * settings — and the three semesters
 * before the active one with the same pupils one class lower and their final grades
 * (decision 022). The accounts keep their roles in those semesters.
 */

export const DEMO_NPSN = '69999999';
export const DEMO_PASSWORD = 'rapor-demo';
export type DemoProfile = ProfileName;
export const DEMO_ACCOUNT_KEYS: readonly DemoAccountKey[] = [
  'admin',
  'guru',
  'wali',
  'kaprog',
  'waka',
  'ekskul',
  'pkl',
  'p5',
  'siswa',
];

export interface DemoAccount {
  /** The generator's people, and penguji@ (UKK, written by the server: modules/ukk/demo.ts). */
  key: DemoAccountKey | 'penguji';
  email: string;
  /** Display name with academic titles. */
  name: string;
  roles: RoleName[];
}

function accountsOf(school: DemoSchool): (DemoAccount & { key: DemoAccountKey })[] {
  return DEMO_ACCOUNT_KEYS.map((key) => {
    const a = school.demoAccounts[key];
    return { key, email: a.email, name: a.nama, roles: a.roles.filter(isRoleName) };
  });
}

const schools = new Map<string, DemoSchool>();
/** generateSchool is pure; one generation per (profile, semester) and process is enough. */
export function demoSchool(profile: DemoProfile, semesterId: string): DemoSchool {
  const key = `${profile}:${semesterId}`;
  let school = schools.get(key);
  if (!school) {
    school = generateSchool({ semesterId, npsn: DEMO_NPSN, profile });
    schools.set(key, school);
  }
  return school;
}

const livings = new Map<string, LivingSchool>();
/** The living data of a (profile, semester) school: pure, generated once per process. */
export function demoLiving(profile: DemoProfile, semesterId: string): LivingSchool {
  const key = `${profile}:${semesterId}`;
  let living = livings.get(key);
  if (!living) {
    living = generateLiving(demoSchool(profile, semesterId));
    livings.set(key, living);
  }
  return living;
}

/** The demo log-ins (same people and roles in every profile and semester). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = (() => {
  const school = demoSchool('tiny', '20251');
  const list = accountsOf(school);
  // penguji@ after pkl@ (the staff log-ins together, siswa@ last).
  const at = list.findIndex((a) => a.key === 'siswa');
  const penguji: DemoAccount = {
    key: 'penguji',
    email: PENGUJI_EMAIL,
    name: ukkDemoPeople(school).penguji.nama,
    roles: PENGUJI_ROLES,
  };
  return [...list.slice(0, at), penguji, ...list.slice(at)];
})();

export interface SeededAccount {
  userId: string;
  email: string;
  guruId: string | null;
  pesertaDidikId: string | null;
  roles: RoleName[];
}

export interface SeededDemo {
  profile: DemoProfile;
  school: DemoSchool;
  sekolahId: string;
  semesterId: string;
  accounts: Record<DemoAccountKey, SeededAccount>;
  /** Whether grades and history were written. */
  living: boolean;
  /** The past semesters written (oldest first); empty unless living. */
  historySemesterIds: string[];
  /** Wall time of the database writes (ms). */
  ms: number;
}

export interface WriteDemoOptions {
  profile?: DemoProfile;
  /** Default: the active semester. */
  semesterId?: string;
  /** Default: a fresh argon2 hash of DEMO_PASSWORD. */
  passwordHash?: string;
  /** Grades and past semesters (decision 022). Default: the profile's `living`. */
  living?: boolean;
}

/**
 * Writes the demo school and its accounts; idempotent (a second call changes nothing). Refuses when
 * a school with the demo NPSN but another identity (another profile) is already there.
 */
export async function writeDemoSchool(db: Db, options: WriteDemoOptions = {}): Promise<SeededDemo> {
  const profile = options.profile ?? 'smk-standard';
  const semesterId = options.semesterId ?? (await sekolahService.getActiveSemester(db))?.semester_id;
  if (!semesterId) throw new Error('writeDemoSchool: no active semester (run ensureSemesters first)');
  const school = demoSchool(profile, semesterId);
  const living = options.living ?? PROFILES[profile].living;
  const data = living ? demoLiving(profile, semesterId) : null;
  const known = new Set((await sekolahService.listSemesters(db)).map((s) => s.semester_id));
  const history = (data?.history ?? []).filter((h) => known.has(h.school.meta.semester_id));
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const started = performance.now();
  const accounts = await db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL: one writes, the other then finds it all there.
    await tx.execute(sql`select pg_advisory_xact_lock(73102028)`);
    const [existing] = await tx
      .select({ id: sekolah.sekolahId })
      .from(sekolah)
      .where(eq(sekolah.npsn, DEMO_NPSN));
    if (existing && existing.id !== school.sekolah.sekolah_id) {
      throw new Error(
        `writeDemoSchool: NPSN ${DEMO_NPSN} already holds another demo school (not profile ${profile})`,
      );
    }
    const deletedAt = new Date(`${school.meta.tahun_ajaran_id}-07-01T00:00:00Z`);
    await writeSchool(tx, school, deletedAt);
    const accounts = await writeAccounts(tx, school, semesterId, passwordHash);
    await writeUkkDemo(tx, school, semesterId, passwordHash, data !== null);
    if (!data) return accounts;
    // TPs are the school's, written once (dated at the start of the oldest semester written).
    const first = history[0]?.school ?? school;
    const createdAt = new Date(`${first.meta.tahun_ajaran_id}-07-01T00:00:00Z`);
    await writeGrades(tx, school.sekolah.sekolah_id, data.grades, { tujuanPembelajaran: true, createdAt });
    await writeDemoPkl(tx, school.sekolah.sekolah_id, data.pkl);
    for (const h of history) {
      await writeSchool(tx, h.school, deletedAt, { pupilsActive: false });
      await writeGrades(tx, school.sekolah.sekolah_id, h.grades, { tujuanPembelajaran: false, createdAt });
      await writeDemoP5(tx, school.sekolah.sekolah_id, h.p5);
      await grantHistoryRoles(tx, school, accounts, h.school.meta.semester_id);
    }
    return accounts;
  });
  sekolahService.clearSekolahCaches(db);
  return {
    profile,
    school,
    sekolahId: school.sekolah.sekolah_id,
    semesterId,
    accounts,
    living,
    historySemesterIds: history.map((h) => h.school.meta.semester_id),
    ms: Math.round(performance.now() - started),
  };
}

/** The demo accounts' roles in a past semester (the pupil siswa@ was not at school yet). */
async function grantHistoryRoles(
  db: Db,
  school: DemoSchool,
  accounts: Record<DemoAccountKey, SeededAccount>,
  semesterId: string,
): Promise<void> {
  await pengguna.grantRoles(
    db,
    DEMO_ACCOUNT_KEYS.filter((key) => key !== 'siswa').flatMap((key) =>
      accounts[key].roles.map((role) => ({
        userId: accounts[key].userId,
        sekolahId: school.sekolah.sekolah_id,
        semesterId,
        role,
        source: 'manual' as const,
      })),
    ),
  );
}

async function writeAccounts(
  db: Db,
  school: DemoSchool,
  semesterId: string,
  passwordHash: string,
): Promise<Record<DemoAccountKey, SeededAccount>> {
  const sekolahId = school.sekolah.sekolah_id;
  const list = accountsOf(school);
  await db
    .insert(users)
    .values(
      list.map((a) => ({
        sekolahId,
        name: a.name,
        email: a.email,
        passwordHash,
        guruId: school.demoAccounts[a.key].ptk_id,
        pesertaDidikId: school.demoAccounts[a.key].peserta_didik_id,
      })),
    )
    .onConflictDoNothing({ target: users.email });
  const rows = await db
    .select({ id: users.id, email: users.email, guruId: users.guruId, pesertaDidikId: users.pesertaDidikId })
    .from(users)
    .where(
      inArray(
        users.email,
        list.map((a) => a.email),
      ),
    );
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const out = {} as Record<DemoAccountKey, SeededAccount>;
  for (const a of list) {
    const row = byEmail.get(a.email);
    if (!row) throw new Error(`writeDemoSchool: account ${a.email} missing`);
    out[a.key] = {
      userId: row.id,
      email: a.email,
      guruId: row.guruId,
      pesertaDidikId: row.pesertaDidikId,
      roles: a.roles,
    };
  }
  await pengguna.grantRoles(
    db,
    list.flatMap((a) =>
      a.roles.map((role) => ({
        userId: out[a.key].userId,
        sekolahId,
        semesterId,
        role,
        source: 'manual' as const,
      })),
    ),
  );
  return out;
}

/**
 * Start-up seed: installs the demo school on a database without any school (never next to a real
 * one). Returns whether it seeded.
 */
export async function seedDemo(db: Db, options: { profile?: DemoProfile } = {}): Promise<boolean> {
  if ((await sekolahService.countSekolah(db)) > 0) return false;
  await writeDemoSchool(db, { profile: options.profile });
  return true;
}

/** Whether the demo school is installed (main.ts then prints the demo log-ins). */
export async function hasDemoSchool(db: Db): Promise<boolean> {
  return (await sekolahService.findSekolahByNpsn(db, DEMO_NPSN)) !== null;
}
