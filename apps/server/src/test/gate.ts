/**
 * The assessment gate in API tests (decisions 014, 026): run the checks with saving closed, and open
 * it again afterwards whatever the checks do, so the next test of the file starts open.
 *
 *   await withPenilaianClosed(db, demo, async () => { expect((await save()).status).toBe(423) });
 *   await withKelasLocked(db, kelasId, async () => { ... });
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rombonganBelajar } from '../db/tables/referensi';
import { setStatusPenilaian } from '../modules/sekolah/settings';

/** The school-wide switch (Status Penilaian) off in the semester of `scope` while `checks` run. */
export async function withPenilaianClosed(
  db: Db,
  scope: { sekolahId: string; semesterId: string },
  checks: () => Promise<void>,
): Promise<void> {
  await setStatusPenilaian(db, scope, false);
  try {
    await checks();
  } finally {
    await setStatusPenilaian(db, scope, true);
  }
}

/** The class's grades locked (`kunci_nilai`, the wali's lock on Beranda) while `checks` run. */
export async function withKelasLocked(db: Db, rombelId: string, checks: () => Promise<void>): Promise<void> {
  const lock = (value: boolean) =>
    db
      .update(rombonganBelajar)
      .set({ kunciNilai: value })
      .where(eq(rombonganBelajar.rombonganBelajarId, rombelId));
  await lock(true);
  try {
    await checks();
  } finally {
    await lock(false);
  }
}
