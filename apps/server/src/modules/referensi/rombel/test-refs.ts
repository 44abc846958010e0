import { agama } from '@erapor/reference-data/agama';
import { kelompok } from '@erapor/reference-data/kelompok';
import { pekerjaan } from '@erapor/reference-data/pekerjaan';
import type { Db } from '../../../db/client';
import { refAgama, refKelompok, refPekerjaan } from '../../../db/tables/referensi-ref';

/**
 * Test fixture: the few reference rows these screens name (agama, pekerjaan, kelompok), from the
 * built-in set. Idempotent; a no-op once the reference import has loaded them.
 */
export async function ensureScreenRefs(db: Db): Promise<void> {
  await db
    .insert(refAgama)
    .values(agama.map((a) => ({ id: a.id, nama: a.nama })))
    .onConflictDoNothing();
  await db
    .insert(refPekerjaan)
    .values(
      pekerjaan.map((p) => ({ pekerjaanId: p.pekerjaan_id, nama: p.nama, expiredDate: p.expired_date })),
    )
    .onConflictDoNothing();
  await db
    .insert(refKelompok)
    .values(kelompok.map((k) => ({ id: k.id, namaKelompok: k.nama_kelompok, kurikulum: k.kurikulum })))
    .onConflictDoNothing();
}
