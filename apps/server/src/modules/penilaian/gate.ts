import {
  PENILAIAN_GATE_CODES,
  PENILAIAN_GATE_MESSAGES,
  penilaianGate,
} from '@erapor/contract/penilaian/gate';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { rombonganBelajar } from '../../db/tables/referensi';
import { AppError, notFound } from '../../lib/errors';
import { getStatusPenilaian } from '../sekolah/settings';

/** Whether grades of the rombel may be written now (school switch and class lock). */
export async function penilaianGateOf(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  rombelId: string,
) {
  const [rombel] = await db
    .select({ kunciNilai: rombonganBelajar.kunciNilai })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombelId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!rombel) throw notFound('Rombongan belajar tidak ditemukan.');
  return penilaianGate(await getStatusPenilaian(db, actor), rombel.kunciNilai);
}

/**
 * Every grade write calls this first (inside or before its transaction): 423 with the reference's
 * message when the administrator closed assessment or the homeroom teacher locked the class.
 */
export async function assertPenilaianOpen(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  rombelId: string,
): Promise<void> {
  const gate = await penilaianGateOf(db, actor, rombelId);
  if (!gate.open) {
    throw new AppError(423, PENILAIAN_GATE_CODES[gate.reason], PENILAIAN_GATE_MESSAGES[gate.reason]);
  }
}
