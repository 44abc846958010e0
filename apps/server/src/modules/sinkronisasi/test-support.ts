import type { TestApp } from '../../test/engines';

/** A `select count(*) as n …` (or any single `n`) as a number. */
export async function count(t: TestApp, query: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query<{ n: string | number }>(query, params);
  return Number(row?.n ?? 0);
}

const SYNCED_TABLES = [
  'guru',
  'peserta_didik',
  'rombongan_belajar',
  'anggota_rombel',
  'pembelajaran',
  'ekstrakurikuler',
  'dudi',
  'mou',
  'akt_pd',
  'anggota_akt_pd',
  'bimbing_pd',
  'jurusan_sp',
  'gelar_ptk',
  'sekolah',
  'ptk_keluar',
  'pd_keluar',
];

/** Newest write to any table a sync fills: a sync that writes nothing leaves it where it was. */
export const LAST_WRITE = `select max(t) as n from (${SYNCED_TABLES.map(
  (table) => `select max(extract(epoch from updated_at)) t from ${table}`,
).join(' union all ')}) x`;
