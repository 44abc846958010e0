import type { RoleName } from '@erapor/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { roleUser, users } from '../../../db/tables/pengguna';
import { hashPassword } from '../../../lib/passwords';
import type { SeededDemo } from '../../../test/demo';
import { DEMO_PASSWORD, loginAs } from '../../../test/engines';

let hash: Promise<string> | undefined;

/**
 * Test fixture: a log-in for a staff member of the demo school who has no demo account (another
 * class's wali, another pembina, a teacher of another class), with the given roles in the
 * semester. Returns an access token. Idempotent per e-mail.
 */
export async function staffToken(
  app: FastifyInstance,
  db: Db,
  demo: { sekolahId: string; semesterId: string },
  person: { guruId: string; email: string; roles: readonly RoleName[] },
): Promise<string> {
  hash ??= hashPassword(DEMO_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      sekolahId: demo.sekolahId,
      name: person.email,
      email: person.email,
      passwordHash: await hash,
      guruId: person.guruId,
    })
    .onConflictDoUpdate({ target: users.email, set: { guruId: person.guruId } })
    .returning({ id: users.id });
  if (!user) throw new Error('user not written');
  await db
    .insert(roleUser)
    .values(
      person.roles.map((role) => ({
        userId: user.id,
        role,
        semesterId: demo.semesterId,
        sekolahId: demo.sekolahId,
      })),
    )
    .onConflictDoNothing();
  return (await loginAs(app, person.email, demo.semesterId)).accessToken;
}

type DemoAccount = keyof SeededDemo['accounts'];

/**
 * Test fixture: the demo accounts named (admin, guru, wali, …) logged in to one semester (default:
 * the demo's active one), as key → access token.
 */
export async function demoTokens<K extends DemoAccount>(
  app: FastifyInstance,
  demo: Pick<SeededDemo, 'accounts' | 'semesterId'>,
  keys: readonly K[],
  semesterId = demo.semesterId,
): Promise<Record<K, string>> {
  const tokens = {} as Record<K, string>;
  for (const key of keys)
    tokens[key] = (await loginAs(app, demo.accounts[key].email, semesterId)).accessToken;
  return tokens;
}

/**
 * Test fixture for "another class's wali gets 403": wali@'s regular class of the demo, another
 * regular class with pupils led by someone else (none of `notLedBy`), and a log-in (`email`, new
 * per test file) as that class's wali in the demo's semester.
 */
export async function otherWali(
  app: FastifyInstance,
  db: Db,
  demo: SeededDemo,
  email: string,
  notLedBy: readonly string[] = [],
) {
  const regular = demo.school.rombongan_belajar.filter((r) => r.jenis_rombel === 1 && !r.soft_delete);
  const own = regular.find((r) => r.rombongan_belajar_id === demo.school.relations.waliRombelId);
  const another = regular.find(
    (r) => r.ptk_id !== own?.ptk_id && !notLedBy.includes(r.ptk_id) && r.anggota_rombel.length > 0,
  );
  if (!own || !another) throw new Error('demo classes missing');
  const token = await staffToken(app, db, demo, {
    guruId: another.ptk_id,
    email,
    roles: ['guru', 'wali'],
  });
  return { regular, own, another, token };
}
