import type { RoleName } from '@erapor/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { DEMO_PASSWORD, loginAs } from '../../../test/engines';
import { hashPassword } from '../../auth/passwords';
import { roleUser, users } from '../../pengguna/tables';

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
