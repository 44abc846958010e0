import { MESSAGES } from '@erapor/contract/errors';
import { ABSENSI_MESSAGES } from '@erapor/contract/wali-kelas/absensi';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { rombonganBelajar } from '../../db/tables/referensi';
import { forbidden, notFound } from '../../lib/errors';
import { type WaliRombel, waliRombels } from '../referensi/rombel/access';

/*
 * Who reaches the homeroom screens (issue #11 item 1, docs/decisions/026-wali-kelas-absensi.md):
 * the wali kelas (role `wali` in the login's semester) of a regular class (jenis 1) of that
 * semester, for that class only. Another class of the school: 403; a class of another school (or an
 * unknown id): 404; every other role (guru, pembina, pembimbing, siswa, kaprog, waka, admin): 403.
 */

export type { WaliRombel };

/** The caller as a wali kelas: role wali and a guru record, else 403. */
export function requireWali(actor: Actor): Actor & { guruId: string } {
  if (!actor.guruId || !actor.roles.includes('wali')) throw forbidden(MESSAGES.forbidden);
  return actor as Actor & { guruId: string };
}

/**
 * The class a homeroom request is about: the given one when it is the caller's (404 when it is not
 * a class of their school, 403 when it is someone else's), else the caller's first regular class
 * (403 when they have none in this semester).
 */
export async function ownWaliRombel(
  db: Db,
  actor: Actor,
  rombonganBelajarId?: string,
): Promise<{ rombel: WaliRombel; all: WaliRombel[] }> {
  const wali = requireWali(actor);
  const all = await waliRombels(db, wali);
  if (rombonganBelajarId === undefined) {
    const first = all[0];
    if (!first) throw forbidden(ABSENSI_MESSAGES.noClass);
    return { rombel: first, all };
  }
  const own = all.find((r) => r.rombonganBelajarId === rombonganBelajarId);
  if (own) return { rombel: own, all };
  const [exists] = await db
    .select({ id: rombonganBelajar.rombonganBelajarId })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!exists) throw notFound(ABSENSI_MESSAGES.notFound);
  throw forbidden(ABSENSI_MESSAGES.notWali);
}
