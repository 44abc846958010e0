import { MESSAGES } from '@erapor/contract/errors';
import { PENILAIAN_GATE_MESSAGES, penilaianGate } from '@erapor/contract/penilaian/gate';
import { SIKAP_WRITE_ROLES } from '@erapor/contract/penilaian/sikap';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { pembelajaran, rombonganBelajar } from '../../../db/tables/referensi';
import { forbidden } from '../../../lib/errors';
import { getStatusPenilaian } from '../../sekolah/settings';

/** The caller as a note writer: a teacher (role guru) with a guru record. */
export function requireWriter(actor: Actor): Actor & { guruId: string } {
  if (!actor.guruId || !SIKAP_WRITE_ROLES.some((r) => actor.roles.includes(r))) {
    throw forbidden(MESSAGES.forbidden);
  }
  return actor as Actor & { guruId: string };
}

export interface SikapRombelRow {
  rombonganBelajarId: string;
  nama: string;
  tingkat: number;
  kunciNilai: boolean;
}

/**
 * The regular classes (jenis 1) of the login's semester whose pupils the caller may write notes
 * for: those where they teach an active pembelajaran (guru_id or guru_pengajar_id, with kelompok
 * and no urut set), and their own class as its wali kelas.
 */
export async function sikapRombels(db: Db, actor: Actor & { guruId: string }): Promise<SikapRombelRow[]> {
  const me = actor.guruId;
  const asWali = actor.roles.includes('wali') ? sql`${rombonganBelajar.guruId} = ${me}` : sql`false`;
  return db
    .select({
      rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
      kunciNilai: rombonganBelajar.kunciNilai,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        eq(rombonganBelajar.jenisRombel, 1),
        isNull(rombonganBelajar.deletedAt),
        sql`(${asWali} or exists (select 1 from ${pembelajaran} p
          where p.rombongan_belajar_id = ${rombonganBelajar}.rombongan_belajar_id and p.deleted_at is null
            and p.kelompok_id is not null and p.no_urut is not null
            and (p.guru_id = ${me} or p.guru_pengajar_id = ${me})))`,
      ),
    )
    .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.nama));
}

/** One of the caller's classes, or 403 with the reason. */
export async function requireSikapRombel(
  db: Db,
  actor: Actor & { guruId: string },
  rombonganBelajarId: string,
  message: string = MESSAGES.forbidden,
): Promise<SikapRombelRow> {
  const rombel = (await sikapRombels(db, actor)).find((r) => r.rombonganBelajarId === rombonganBelajarId);
  if (!rombel) throw forbidden(message);
  return rombel;
}

/** The gate's message for each class (null: grades may be written), for the screens' alerts. */
export async function gateMessages(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  rombels: readonly { kunciNilai: boolean }[],
): Promise<(string | null)[]> {
  const status = await getStatusPenilaian(db, actor);
  return rombels.map((r) => {
    const gate = penilaianGate(status, r.kunciNilai);
    return gate.open ? null : PENILAIAN_GATE_MESSAGES[gate.reason];
  });
}
