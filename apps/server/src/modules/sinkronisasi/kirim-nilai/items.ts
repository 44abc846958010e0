import type { KirimItemStatus } from '@erapor/contract/sinkronisasi-kirim';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { kirimNilaiItem } from '../../../db/tables/kirim-nilai';

/*
 * The stored outcome of every item sent to Dapodik (kirim_nilai_item): one row per mata evaluasi
 * and per pupil and subject, keyed by item_key within the school. Both the reconciliation of the
 * matev and the two halves of a send read and write it, so it lives apart from them.
 * Rules:
 *  - a write is an upsert on (sekolah, item_key): the latest outcome replaces the previous one;
 *  - `sent_hash` is the hash of the payload Dapodik last accepted (unchanged items are not re-sent).
 */

export type ItemRow = typeof kirimNilaiItem.$inferSelect;

export async function itemsOf(db: Db, actor: Actor, rombelId: string): Promise<Map<string, ItemRow>> {
  const rows = await db
    .select()
    .from(kirimNilaiItem)
    .where(
      and(eq(kirimNilaiItem.sekolahId, actor.sekolahId), eq(kirimNilaiItem.rombonganBelajarId, rombelId)),
    );
  return new Map(rows.map((r) => [r.itemKey, r]));
}

export type ItemWrite = {
  pembelajaranId: string;
  anggotaRombelId: string | null;
  jenis: 'matev' | 'nilai';
  itemKey: string;
  dapodikId: string;
  payload: unknown;
  sentHash: string | null;
  status: KirimItemStatus;
  message: string | null;
  sentAt: Date | null;
};

export async function saveItems(db: Db, actor: Actor, rombelId: string, items: ItemWrite[]): Promise<void> {
  for (let i = 0; i < items.length; i += 200) {
    const chunk = items.slice(i, i + 200);
    await db
      .insert(kirimNilaiItem)
      .values(
        chunk.map((it) => ({
          sekolahId: actor.sekolahId,
          semesterId: actor.semesterId,
          rombonganBelajarId: rombelId,
          ...it,
        })),
      )
      .onConflictDoUpdate({
        target: [kirimNilaiItem.sekolahId, kirimNilaiItem.itemKey],
        set: {
          dapodikId: sql`excluded.dapodik_id`,
          payload: sql`excluded.payload`,
          sentHash: sql`excluded.sent_hash`,
          status: sql`excluded.status`,
          message: sql`excluded.message`,
          sentAt: sql`excluded.sent_at`,
          updatedAt: sql`now()`,
        },
      });
  }
}
