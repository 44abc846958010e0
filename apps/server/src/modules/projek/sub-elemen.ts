import { dimensiNoOfKode } from '@erapor/contract/projek/dimensi';
import type { SubElemenRow } from '@erapor/contract/projek/perencanaan';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refP5Dimensi, refP5Elemen, refP5SubElemen } from '../../db/tables/referensi-ref';

/**
 * The P5 checklist Dimensi | Elemen | Sub Elemen from ref_p5_*, each sub-element under the dimension
 * its published kode_dimensi means (P5_KODE_DIMENSI_TO_NO), ordered by dimension, element, sub-element.
 */
export async function subElemenRows(db: Db): Promise<SubElemenRow[]> {
  const [subs, dims] = await Promise.all([
    db
      .select({
        sub_elemen: refP5SubElemen.no,
        deskripsi: refP5SubElemen.subElemen,
        elemen: refP5Elemen.no,
        nama_elemen: refP5Elemen.elemen,
        kode_dimensi: refP5Elemen.kodeDimensi,
      })
      .from(refP5SubElemen)
      .innerJoin(refP5Elemen, eq(refP5Elemen.no, refP5SubElemen.kodeElemen))
      .orderBy(asc(refP5SubElemen.no)),
    db.select().from(refP5Dimensi),
  ]);
  const dimensi = new Map(dims.map((d) => [d.no, d.dimensi]));
  return subs
    .map(({ kode_dimensi, ...s }) => {
      const no = dimensiNoOfKode(kode_dimensi);
      return { dimensi_no: no, dimensi: dimensi.get(no) ?? '', ...s };
    })
    .sort((a, b) => a.dimensi_no - b.dimensi_no || a.elemen - b.elemen || a.sub_elemen - b.sub_elemen);
}
