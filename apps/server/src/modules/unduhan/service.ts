import { TAUTAN_BAWAAN, TAUTAN_MESSAGES, type TautanList } from '@erapor/contract/unduhan/katalog';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { getSettings, setSetting } from '../sekolah/service';

/**
 * The Pusat Unduhan's reference documents: one school-level setting holding the list as JSON.
 * Absent → the defaults of the contract (so a new school sees the current regulations); once the
 * administrator saves, the stored list is the school's own, also when it is empty.
 * A value that does not parse (hand-edited in the database) falls back to the defaults rather
 * than breaking the page.
 */
export const TAUTAN_KEY = 'tautan_unduhan';

export async function listTautan(db: Db, actor: Actor): Promise<TautanList> {
  const raw = (await getSettings(db, actor, actor.semesterId))[TAUTAN_KEY];
  if (raw == null) return { data: [...TAUTAN_BAWAAN] };
  try {
    const parsed = JSON.parse(raw) as TautanList['data'];
    return { data: Array.isArray(parsed) ? parsed : [...TAUTAN_BAWAAN] };
  } catch {
    return { data: [...TAUTAN_BAWAAN] };
  }
}

export async function saveTautan(
  db: Db,
  actor: Actor,
  input: TautanList,
): Promise<TautanList & { message: string }> {
  await setSetting(db, actor, { key: TAUTAN_KEY, value: JSON.stringify(input.data), semesterId: null });
  return { data: input.data, message: TAUTAN_MESSAGES.saved };
}
