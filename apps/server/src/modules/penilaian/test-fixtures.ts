import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tpMapel, tujuanPembelajaran } from '../../db/tables/kurikulum';

/**
 * Test and benchmark fixture: TPs written under a CP (Kurikulum Merdeka) or a KD (K13) and mapped
 * to a pembelajaran, as the TP screen would. Created one by one with increasing created_at, so
 * their column order ("TP 1", "TP 2"…) is the order given. Returns the tp ids in that order.
 */
export async function insertTps(
  db: Db,
  input: {
    sekolahId: string;
    pembelajaranId: string;
    source: { cpId: number } | { kdId: string };
    texts: readonly string[];
  },
): Promise<string[]> {
  const ids: string[] = [];
  const base = Date.now();
  for (const [i, deskripsi] of input.texts.entries()) {
    const [row] = await db
      .insert(tujuanPembelajaran)
      .values({
        sekolahId: input.sekolahId,
        cpId: 'cpId' in input.source ? input.source.cpId : null,
        kdId: 'kdId' in input.source ? input.source.kdId : null,
        deskripsi,
        createdAt: sql`${new Date(base + i).toISOString()}::timestamptz`,
      })
      .returning({ id: tujuanPembelajaran.tpId });
    if (!row) throw new Error('TP not written');
    ids.push(row.id);
  }
  if (ids.length > 0) {
    await db
      .insert(tpMapel)
      .values(
        ids.map((tpId) => ({ sekolahId: input.sekolahId, tpId, pembelajaranId: input.pembelajaranId })),
      );
  }
  return ids;
}
