import { MESSAGES } from '@erapor/contract/errors';
import {
  type FilterOptions,
  type FilterOptionsQuery,
  faseOf,
  type KurikulumFilter,
} from '@erapor/contract/kurikulum/common';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { refKompetensiDasar } from '../../db/tables/referensi-ref';
import { forbidden } from '../../lib/errors';
import {
  findPembelajaran,
  isAdmin,
  type PembelajaranInfo,
  requireReader,
  schoolPembelajaran,
  taughtPembelajaran,
} from './access';

/**
 * The filter row of the four screens (Tingkat → Rombel → Mata Pelajaran), and what a chosen
 * filter means for the KD, CP and TP lists.
 */

/** The caller's pembelajaran (admin: the school's) as the cascade of the filter row. */
export async function filterOptions(db: Db, actor: Actor, query: FilterOptionsQuery): Promise<FilterOptions> {
  requireReader(actor);
  const all = isAdmin(actor) ? await schoolPembelajaran(db, actor) : await taughtPembelajaran(db, actor);
  const list = all.filter((p) => !query.kurikulum || (query.kurikulum === 'merdeka') === p.merdeka);
  const tingkat = [...new Set(list.map((p) => p.tingkat))].sort((a, b) => a - b);
  const rombel = new Map<string, FilterOptions['rombel'][number]>();
  for (const p of list) {
    if (query.tingkat && p.tingkat !== query.tingkat) continue;
    rombel.set(p.rombonganBelajarId, {
      value: p.rombonganBelajarId,
      label: p.rombel,
      tingkat: p.tingkat,
      merdeka: p.merdeka,
    });
  }
  return {
    tingkat: tingkat.map((t) => ({ value: String(t), label: `Kelas ${t}` })),
    rombel: [...rombel.values()],
    pembelajaran: query.rombongan_belajar_id
      ? list
          .filter((p) => p.rombonganBelajarId === query.rombongan_belajar_id)
          .map((p) => ({
            value: p.pembelajaranId,
            label: p.namaMataPelajaran,
            mata_pelajaran_id: p.mataPelajaranId,
          }))
      : [],
  };
}

/** What the filter row narrows a list to. */
export interface ListScope {
  /** Subjects (undefined: any the caller may see). */
  mapelIds?: number[];
  tingkat?: number;
  /** Curriculum of the chosen class: Merdeka lists CP-based rows, K13 KD-based ones. */
  merdeka?: boolean;
}

/**
 * A chosen pembelajaran narrows to its subject and class level; a chosen class to the subjects the
 * caller teaches there (admin: all of its subjects) and its level; a level alone to that level.
 * A teacher choosing a class or subject they do not teach gets 403.
 */
export async function scopeOf(db: Db, actor: Actor, filter: KurikulumFilter): Promise<ListScope> {
  if (filter.pembelajaran_id) {
    const p = await findPembelajaran(db, actor, filter.pembelajaran_id);
    if (!isAdmin(actor) && !p.owned) throw forbidden(MESSAGES.forbidden);
    return { mapelIds: [p.mataPelajaranId], tingkat: p.tingkat, merdeka: p.merdeka };
  }
  if (filter.rombongan_belajar_id) {
    const id = filter.rombongan_belajar_id;
    const list: PembelajaranInfo[] = isAdmin(actor)
      ? await schoolPembelajaran(db, actor, id)
      : (await taughtPembelajaran(db, actor)).filter((p) => p.rombonganBelajarId === id);
    if (list.length === 0 && !isAdmin(actor)) throw forbidden(MESSAGES.forbidden);
    return {
      mapelIds: [...new Set(list.map((p) => p.mataPelajaranId))],
      tingkat: list[0]?.tingkat ?? filter.tingkat,
      merdeka: list[0]?.merdeka,
    };
  }
  return { tingkat: filter.tingkat };
}

/** `column in (...)`, or false for an empty list. */
export function inIds(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const KD_KELAS = {
  10: refKompetensiDasar.kelas10,
  11: refKompetensiDasar.kelas11,
  12: refKompetensiDasar.kelas12,
  13: refKompetensiDasar.kelas13,
} as const;

/** `kelas_<tingkat> = 1` of a KD (false for a level KDs do not have). */
export function kdForTingkat(tingkat: number): SQL {
  const column = KD_KELAS[tingkat as keyof typeof KD_KELAS];
  return column ? sql`${column} = 1` : sql`false`;
}

/** The fase of a class level as SQL text, for CP conditions. */
export function faseSql(tingkat: number): string {
  return faseOf(tingkat) ?? '-';
}
