import { rapikanTeksTersimpan } from '@erapor/contract/teks';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refP5Dimensi, refP5Elemen, refP5SubElemen } from '../../db/tables/referensi-ref';

/*
 * The P5 texts stored by earlier versions (decision 056): imported as published, with the words the
 * national file had glued ("yangkompleks"). At start-up each row whose text is not already in its
 * printed form (`rapikanTeksTersimpan`, the rule the import now applies) is rewritten. Some 70 rows
 * are read; a second start finds nothing to change and writes nothing. No migration: the rule lives
 * in code (a word added to the list is repaired at the next start), and migrations are schema.
 */

export async function rapikanTeksP5(db: Db): Promise<number> {
  let changed = 0;
  for (const r of await db.select().from(refP5Dimensi)) {
    const tidy = rapikanTeksTersimpan(r.dimensi);
    if (tidy === r.dimensi) continue;
    await db.update(refP5Dimensi).set({ dimensi: tidy }).where(eq(refP5Dimensi.no, r.no));
    changed++;
  }
  for (const r of await db.select().from(refP5Elemen)) {
    const tidy = rapikanTeksTersimpan(r.elemen);
    if (tidy === r.elemen) continue;
    await db.update(refP5Elemen).set({ elemen: tidy }).where(eq(refP5Elemen.no, r.no));
    changed++;
  }
  for (const r of await db.select().from(refP5SubElemen)) {
    const tidy = rapikanTeksTersimpan(r.subElemen);
    if (tidy === r.subElemen) continue;
    await db.update(refP5SubElemen).set({ subElemen: tidy }).where(eq(refP5SubElemen.no, r.no));
    changed++;
  }
  return changed;
}
