import { nomorPegawai } from '@erapor/contract/cetak/rapor';
import { namaLengkap } from '@erapor/contract/referensi/gtk';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

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
  const rows = await sqlRows<Row>(
    db,
    sql`select g.guru_id, g.nama, g.nip, g.nuptk, g.niy, ga.kode, ga.posisi_gelar
      from guru g
      left join gelar_ptk gp on gp.guru_id = g.guru_id and gp.deleted_at is null
      left join ref_gelar_akademik ga on ga.gelar_akademik_id = gp.gelar_akademik_id
      where g.guru_id in (${ids})
      order by g.guru_id, gp.no_urut, ga.kode`,
  );
  const acc = new Map<string, { row: Row; depan: string[]; belakang: string[] }>();
  for (const r of rows) {
    const id = String(r.guru_id);
    const entry = acc.get(id) ?? { row: r, depan: [], belakang: [] };
    if (r.kode !== null) (Number(r.posisi_gelar) === 1 ? entry.depan : entry.belakang).push(String(r.kode));
    acc.set(id, entry);
  }
  for (const [id, { row, depan, belakang }] of acc) {
    // The school's choice of number; a teacher without it prints "{NIP|NUPTK|NIY}. -".
    const nomor = str(row[jenis]);
    out.set(id, { nama: namaLengkap(String(row.nama), depan, belakang), nomor: nomorPegawai(jenis, nomor) });
  }
  return out;
}
