import { nomorPegawai } from '@erapor/contract/cetak/rapor';
import { namaLengkap } from '@erapor/contract/referensi/gtk';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type RowOf, sqlRowsOf } from '../../../db/sql-rows';

const COLUMNS = {
  guru_id: 'text',
  nama: 'text',
  nip: 'text?',
  nuptk: 'text?',
  niy: 'text?',
  kode: 'text?',
  posisi_gelar: 'int?',
} as const;

export interface Penandatangan {
  /** Full name with academic titles. */
  nama: string;
  /** "NIP. 1980…" or "NIP. -" (or NUPTK/NIY, the school's choice). */
  nomor: string;
}

/** Names with titles and the chosen staff number of some teachers. */
export async function penandatangan(
  db: Db,
  guruIds: string[],
  jenis: 'nip' | 'nuptk' | 'niy',
): Promise<Map<string, Penandatangan>> {
  const out = new Map<string, Penandatangan>();
  if (guruIds.length === 0) return out;
  const ids = sql.join(
    guruIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await sqlRowsOf(
    db,
    COLUMNS,
    sql`select g.guru_id, g.nama, g.nip, g.nuptk, g.niy, ga.kode, ga.posisi_gelar
      from guru g
      left join gelar_ptk gp on gp.guru_id = g.guru_id and gp.deleted_at is null
      left join ref_gelar_akademik ga on ga.gelar_akademik_id = gp.gelar_akademik_id
      where g.guru_id in (${ids})
      order by g.guru_id, gp.no_urut, ga.kode`,
  );
  const acc = new Map<string, { row: RowOf<typeof COLUMNS>; depan: string[]; belakang: string[] }>();
  for (const r of rows) {
    const id = r.guru_id;
    const entry = acc.get(id) ?? { row: r, depan: [], belakang: [] };
    if (r.kode !== null) (r.posisi_gelar === 1 ? entry.depan : entry.belakang).push(r.kode);
    acc.set(id, entry);
  }
  for (const [id, { row, depan, belakang }] of acc) {
    // The school's choice of number; a teacher without it prints "{NIP|NUPTK|NIY}. -".
    const nomor = row[jenis];
    out.set(id, { nama: namaLengkap(row.nama, depan, belakang), nomor: nomorPegawai(jenis, nomor) });
  }
  return out;
}
