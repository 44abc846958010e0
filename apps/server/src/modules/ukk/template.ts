import type { UkkPredikatScheme } from '@erapor/contract/ukk/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { templateSertifikatUkk } from './tables';

/** The school's predicate scheme (Template Sertifikat), 'dua' (e-Rapor's two levels) by default. */
export async function predikatSchemeOf(db: Db, sekolahId: string): Promise<UkkPredikatScheme> {
  const [row] = await db
    .select({ scheme: templateSertifikatUkk.predikatScheme })
    .from(templateSertifikatUkk)
    .where(eq(templateSertifikatUkk.sekolahId, sekolahId));
  return row?.scheme === 'empat' ? 'empat' : 'dua';
}
