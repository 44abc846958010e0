import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { roleUser, users } from '../../db/tables/pengguna';
import { hashPassword } from '../../lib/passwords';
import type { SeededDemo } from '../../test/demo';
import { DEMO_PASSWORD, loginAs } from '../../test/engines';

/** A pupil's log-in (role siswa in the semester), as Generate Pengguna makes it; returns a token. */
export async function pupilToken(
  app: FastifyInstance,
  db: Db,
  demo: SeededDemo,
  pesertaDidikId: string,
  email: string,
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      sekolahId: demo.sekolahId,
      name: email,
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      pesertaDidikId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not written');
  await db
    .insert(roleUser)
    .values({ userId: user.id, role: 'siswa', semesterId: demo.semesterId, sekolahId: demo.sekolahId });
  return (await loginAs(app, email, demo.semesterId)).accessToken;
}
