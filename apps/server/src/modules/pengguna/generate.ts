import {
  baseRoleForJenisPtk,
  DERIVED_PTK_ROLES,
  MAPEL_P5,
  MAPEL_PKL,
  type OneTimeCredential,
} from '@erapor/contract/pengguna';
import type { RoleName } from '@erapor/contract/roles';
import { and, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { roleUser, users } from '../../db/tables/pengguna';
import {
  aktPd,
  anggotaRombel,
  bimbingPd,
  ekstrakurikuler,
  guru,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  ptkKeluar,
  rombonganBelajar,
} from '../../db/tables/referensi';
import { sekolah } from '../../db/tables/sekolah';
import { loginOf } from './admin';
import { hashMany, oneTimePassword } from './one-time';
import { normalizeEmail } from './service';

export interface GenerateResult {
  total: number;
  created: number;
  updated: number;
  rolesGranted: number;
  credentials: OneTimeCredential[];
  hashMs: number;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CHUNK = 500;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function randomLocal(): string {
  return oneTimePassword().slice(0, 8);
}

/** E-mails (and usernames) already used by someone, among the candidates. */
async function takenLogins(db: Db, candidates: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(candidates)])) {
    if (part.length === 0) continue;
    const rows = await db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(or(inArray(users.email, part), inArray(users.username, part)));
    for (const r of rows) {
      taken.add(r.email);
      if (r.username) taken.add(r.username);
    }
  }
  return taken;
}

/**
 * The roles generatePengguna derives for each staff member in a semester (reference-domain §2.1):
 * base role by PTK kind; wali of a regular rombel (1); pilihan of an elective rombel (16);
 * guru-p5 for the teacher of a P5 subject with themes; pembimbing for a PKL subject teacher or a
 * PKL supervisor (bimbing_pd); pembina_ekskul for an extracurricular's pembina.
 */
export async function derivePtkRoles(
  db: Db,
  sekolahId: string,
  semesterId: string,
  staff: readonly { guruId: string; jenisPtkId: number }[],
): Promise<Map<string, Set<RoleName>>> {
  const roles = new Map<string, Set<RoleName>>();
  for (const s of staff) roles.set(s.guruId, new Set([baseRoleForJenisPtk(s.jenisPtkId)]));
  const add = (guruId: string | null, role: RoleName) => {
    if (guruId) roles.get(guruId)?.add(role);
  };

  const rombels = await db
    .select({ guruId: rombonganBelajar.guruId, jenis: rombonganBelajar.jenisRombel })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, sekolahId),
        eq(rombonganBelajar.semesterId, semesterId),
        isNull(rombonganBelajar.deletedAt),
        isNotNull(rombonganBelajar.guruId),
      ),
    );
  for (const r of rombels) {
    if (r.jenis === 1) add(r.guruId, 'wali');
    else if (r.jenis === 16) add(r.guruId, 'pilihan');
    else if (r.jenis === 51) add(r.guruId, 'pembina_ekskul');
  }

  const teaching = await db
    .select({
      guruId: pembelajaran.guruId,
      pengajarId: pembelajaran.guruPengajarId,
      mapel: pembelajaran.mataPelajaranId,
      // Table-qualified: inside a select list Drizzle renders `${column}` bare.
      hasThemes: sql<boolean>`exists (select 1 from ${pembelajaran} sub
        where sub.induk_pembelajaran_id = ${pembelajaran}.pembelajaran_id and sub.deleted_at is null)`,
    })
    .from(pembelajaran)
    .where(
      and(
        eq(pembelajaran.sekolahId, sekolahId),
        eq(pembelajaran.semesterId, semesterId),
        isNull(pembelajaran.deletedAt),
        inArray(pembelajaran.mataPelajaranId, [MAPEL_P5, MAPEL_PKL]),
      ),
    );
  for (const p of teaching) {
    const role: RoleName | null =
      p.mapel === MAPEL_PKL ? 'pembimbing' : p.mapel === MAPEL_P5 && p.hasThemes ? 'guru-p5' : null;
    if (!role) continue;
    add(p.guruId, role);
    add(p.pengajarId, role);
  }

  const supervisors = await db
    .selectDistinct({ guruId: bimbingPd.guruId })
    .from(bimbingPd)
    .innerJoin(aktPd, eq(aktPd.aktPdId, bimbingPd.aktPdId))
    .where(eq(bimbingPd.sekolahId, sekolahId));
  for (const s of supervisors) add(s.guruId, 'pembimbing');

  const pembina = await db
    .select({ guruId: ekstrakurikuler.guruId })
    .from(ekstrakurikuler)
    .where(
      and(
        eq(ekstrakurikuler.sekolahId, sekolahId),
        eq(ekstrakurikuler.semesterId, semesterId),
        isNull(ekstrakurikuler.deletedAt),
      ),
    );
  for (const e of pembina) add(e.guruId, 'pembina_ekskul');
  return roles;
}

interface Person {
  personId: string;
  name: string;
  email: string | null;
  /** Pupils: NISN (their login); staff: none. */
  username: string | null;
  kelas: string | null;
}

/**
 * Creates the missing accounts (random one-time password, argon2id hash only, must change at
 * first log-in) and refreshes the names of the existing ones; a person is matched by guru_id /
 * peserta_didik_id, so a regeneration never duplicates. Returns the new accounts' credentials.
 */
async function upsertAccounts(
  db: Db,
  sekolahId: string,
  npsn: string,
  kind: 'ptk' | 'pd',
  people: readonly Person[],
): Promise<{
  created: number;
  updated: number;
  credentials: OneTimeCredential[];
  hashMs: number;
  userIds: Map<string, string>;
}> {
  const personColumn = kind === 'ptk' ? users.guruId : users.pesertaDidikId;
  const existing = new Map<string, { id: string; name: string }>();
  for (const part of chunks(people.map((p) => p.personId))) {
    const rows = await db
      .select({ id: users.id, name: users.name, personId: personColumn })
      .from(users)
      .where(and(eq(users.sekolahId, sekolahId), inArray(personColumn, part)));
    for (const r of rows) if (r.personId) existing.set(r.personId, { id: r.id, name: r.name });
  }
  const fresh = people.filter((p) => !existing.has(p.personId));
  const wanted = fresh.flatMap((p) =>
    [p.email ? normalizeEmail(p.email) : '', p.username ?? ''].filter(Boolean),
  );
  const taken = await takenLogins(db, wanted);
  const plan = fresh.map((p) => {
    const ownEmail = p.email ? normalizeEmail(p.email) : null;
    let email: string;
    if (ownEmail && EMAIL_RE.test(ownEmail) && !taken.has(ownEmail)) email = ownEmail;
    else email = `${kind}.${p.username ?? randomLocal()}.${randomLocal()}@${npsn}.erapor-smk.net`;
    taken.add(email);
    let username: string | null = null;
    if (p.username && !taken.has(p.username)) {
      username = p.username;
      taken.add(username);
    }
    return { person: p, email, username, password: oneTimePassword() };
  });

  const started = performance.now();
  const hashes = await hashMany(plan.map((x) => x.password));
  const hashMs = Math.round(performance.now() - started);

  const userIds = new Map<string, string>();
  for (const [personId, u] of existing) userIds.set(personId, u.id);
  const credentials: OneTimeCredential[] = [];
  await db.transaction(async (tx) => {
    for (const part of chunks(plan.map((x, i) => ({ ...x, hash: hashes[i] as string })))) {
      if (part.length === 0) continue;
      const rows = await tx
        .insert(users)
        .values(
          part.map((x) => ({
            sekolahId,
            name: x.person.name,
            email: x.email,
            username: x.username,
            passwordHash: x.hash,
            mustChangePassword: true,
            guruId: kind === 'ptk' ? x.person.personId : null,
            pesertaDidikId: kind === 'pd' ? x.person.personId : null,
          })),
        )
        .returning({ id: users.id, email: users.email, username: users.username });
      const byEmail = new Map(rows.map((r) => [r.email, r]));
      for (const x of part) {
        const row = byEmail.get(x.email);
        if (!row) continue;
        userIds.set(x.person.personId, row.id);
        credentials.push({
          user_id: row.id,
          name: x.person.name,
          login: loginOf(row),
          password: x.password,
          kelas: x.person.kelas,
        });
      }
    }
    for (const p of people) {
      const e = existing.get(p.personId);
      if (e && e.name !== p.name) {
        await tx.update(users).set({ name: p.name, updatedAt: sql`now()` }).where(eq(users.id, e.id));
      }
    }
  });
  return { created: plan.length, updated: existing.size, credentials, hashMs, userIds };
}

async function npsnOf(db: Db, sekolahId: string): Promise<string> {
  const [row] = await db.select({ npsn: sekolah.npsn }).from(sekolah).where(eq(sekolah.sekolahId, sekolahId));
  return row?.npsn ?? 'sekolah';
}

/** Accounts and roles of the staff who did not leave in the caller's semester. */
export async function generatePtk(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
): Promise<GenerateResult> {
  const { sekolahId, semesterId } = actor;
  const staff = await db
    .select({ guruId: guru.guruId, nama: guru.nama, email: guru.email, jenisPtkId: guru.jenisPtkId })
    .from(guru)
    .where(
      and(
        eq(guru.sekolahId, sekolahId),
        isNull(guru.deletedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(ptkKeluar)
            .where(and(eq(ptkKeluar.guruId, guru.guruId), eq(ptkKeluar.semesterId, semesterId))),
        ),
      ),
    );
  const accounts = await upsertAccounts(
    db,
    sekolahId,
    await npsnOf(db, sekolahId),
    'ptk',
    staff.map((s) => ({ personId: s.guruId, name: s.nama, email: s.email, username: null, kelas: null })),
  );
  const derived = await derivePtkRoles(db, sekolahId, semesterId, staff);
  const grants = [...derived].flatMap(([guruId, roles]) => {
    const userId = accounts.userIds.get(guruId);
    return userId
      ? [...roles].map((role) => ({ userId, sekolahId, semesterId, role, source: 'generated' as const }))
      : [];
  });
  const staffUserIds = [...accounts.userIds.values()];
  await db.transaction(async (tx) => {
    // Re-derive: the derived roles of these staff in this semester go, manual ones (waka,
    // kaprog, internal) stay.
    for (const part of chunks(staffUserIds)) {
      await tx
        .delete(roleUser)
        .where(
          and(
            eq(roleUser.semesterId, semesterId),
            inArray(roleUser.userId, part),
            inArray(roleUser.role, [...DERIVED_PTK_ROLES]),
          ),
        );
    }
    for (const part of chunks(grants)) await tx.insert(roleUser).values(part).onConflictDoNothing();
  });
  return {
    total: staff.length,
    created: accounts.created,
    updated: accounts.updated,
    rolesGranted: grants.length,
    credentials: accounts.credentials,
    hashMs: accounts.hashMs,
  };
}

/** Accounts (role siswa) of the pupils who did not leave, with their regular class of the semester. */
export async function generatePd(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  onlyPesertaDidikId?: string,
): Promise<GenerateResult> {
  const { sekolahId, semesterId } = actor;
  // The regular class of the semester (table-qualified outer column: see derivePtkRoles).
  const kelas = sql<string | null>`(select r.nama from ${anggotaRombel} ar
    join ${rombonganBelajar} r on r.rombongan_belajar_id = ar.rombongan_belajar_id
    where ar.peserta_didik_id = ${pesertaDidik}.peserta_didik_id and ar.semester_id = ${semesterId}
      and ar.deleted_at is null and r.deleted_at is null and r.jenis_rombel = 1
    order by r.nama limit 1)`;
  const pupils = await db
    .select({
      id: pesertaDidik.pesertaDidikId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
      email: pesertaDidik.email,
      kelas,
    })
    .from(pesertaDidik)
    .where(
      and(
        eq(pesertaDidik.sekolahId, sekolahId),
        eq(pesertaDidik.active, true),
        onlyPesertaDidikId ? eq(pesertaDidik.pesertaDidikId, onlyPesertaDidikId) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(pdKeluar)
            .where(eq(pdKeluar.pesertaDidikId, pesertaDidik.pesertaDidikId)),
        ),
      ),
    );
  const accounts = await upsertAccounts(
    db,
    sekolahId,
    await npsnOf(db, sekolahId),
    'pd',
    pupils.map((p) => ({
      personId: p.id,
      name: p.nama,
      email: p.email,
      username: p.nisn && /^\d{10}$/.test(p.nisn) ? p.nisn : null,
      kelas: p.kelas,
    })),
  );
  const grants = [...accounts.userIds.values()].map((userId) => ({
    userId,
    sekolahId,
    semesterId,
    role: 'siswa' as const,
    source: 'generated' as const,
  }));
  await db.transaction(async (tx) => {
    for (const part of chunks(grants)) await tx.insert(roleUser).values(part).onConflictDoNothing();
  });
  return {
    total: pupils.length,
    created: accounts.created,
    updated: accounts.updated,
    rolesGranted: grants.length,
    credentials: accounts.credentials,
    hashMs: accounts.hashMs,
  };
}

/** The account of one pupil who has none yet (Password PD's reset), with its one-time password. */
export async function generatePdAccount(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  pesertaDidikId: string,
): Promise<OneTimeCredential | null> {
  const result = await generatePd(db, actor, pesertaDidikId);
  return result.credentials[0] ?? null;
}
