import { MESSAGES } from '@erapor/contract/errors';
import { PROJEK_MESSAGES } from '@erapor/contract/projek/perencanaan';
import { MAPEL_P5_INDUK, p5Writable } from '@erapor/contract/projek/rules';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { rombonganBelajar } from '../../db/tables/referensi';
import { AppError, forbidden, notFound } from '../../lib/errors';

/*
 * Who reaches the P5 plans and scores (issue #13 item 9; docs/decisions/037-projek-p5.md), always
 * within the login's school and semester:
 * - the Koord P5 (role guru-p5) for the classes whose P5 pembelajaran (mapel 200040000) they teach
 *   (guru or guru pengajar) — and nobody else, Waka and admin included (403);
 * - before 20251 only for writes: from 20251 (isNewPpa) plans and scores are read-only (409 with the
 *   reason), as e-Rapor 8 stops granting Koord P5 and the report prints Kokurikuler instead.
 * Role first (403), then the semester (409), then the class (404 unknown, 403 not theirs).
 * The P5 report has its own rule (cetak/rapor-p5 access).
 */

export type P5Actor = Actor & { guruId: string };

export const isKoordP5 = (actor: Actor): actor is P5Actor =>
  actor.guruId !== null && actor.roles.includes('guru-p5');

/** Reads of the P5 screens: the Koord P5 (any semester). */
export function requireKoordP5(actor: Actor): P5Actor {
  if (!isKoordP5(actor)) throw forbidden(MESSAGES.forbidden);
  return actor;
}

/** Writes: the Koord P5, in a semester before 20251. */
export function requireP5Writer(actor: Actor): P5Actor {
  const me = requireKoordP5(actor);
  if (!p5Writable(me.semesterId)) throw new AppError(409, 'P5_READ_ONLY', PROJEK_MESSAGES.readOnly);
  return me;
}

/** SQL: `guruId` teaches the P5 pembelajaran of the rombel (guru or guru pengajar). */
export function teachesP5Sql(guruId: string, rombelId: SQL | string): SQL {
  const rombel = typeof rombelId === 'string' ? sql`${rombelId}::uuid` : rombelId;
  return sql`exists (select 1 from pembelajaran pe
    where pe.rombongan_belajar_id = ${rombel} and pe.mata_pelajaran_id = ${MAPEL_P5_INDUK}
      and pe.deleted_at is null and (pe.guru_id = ${guruId} or pe.guru_pengajar_id = ${guruId}))`;
}

export interface P5Rombel {
  rombonganBelajarId: string;
  nama: string;
  tingkat: number;
  kunciNilai: boolean;
}

/**
 * The class of the login's school and semester whose P5 the caller coordinates: 404 when it is not
 * of their school and semester (or 422 on `field` when a form named it), 403 when not theirs.
 */
export async function coordinatedRombel(
  db: Db,
  me: P5Actor,
  rombelId: string,
  field?: string,
): Promise<P5Rombel> {
  const [row] = await db
    .select({
      rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      kunciNilai: rombonganBelajar.kunciNilai,
      mine: sql<boolean>`${teachesP5Sql(me.guruId, sql`${rombonganBelajar.rombonganBelajarId}`)}`,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombelId),
        eq(rombonganBelajar.sekolahId, me.sekolahId),
        eq(rombonganBelajar.semesterId, me.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!row) {
    if (field)
      throw new AppError(422, 'VALIDATION_ERROR', PROJEK_MESSAGES.rombelNotFound, {
        [field]: PROJEK_MESSAGES.rombelNotFound,
      });
    throw notFound(PROJEK_MESSAGES.rombelNotFound);
  }
  if (!row.mine) throw forbidden(PROJEK_MESSAGES.notCoordinator);
  const { mine: _mine, ...rombel } = row;
  return rombel;
}
