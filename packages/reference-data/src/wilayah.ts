import levels from '../data/level_wilayah.json' with { type: 'json' };
import data from '../data/mst_wilayah.json' with { type: 'json' };

/**
 * `ref.mst_wilayah`: Indonesia, every province, Kota and Kabupaten Bekasi and their kecamatan.
 * `kode_wilayah` is Dapodik's own code, CHAR(8) padded with spaces ("026504  "); `kode_dagri` is the
 * Kemendagri code (also space padded) whose 6 digits open a NIK.
 */
export interface MstWilayah {
  kode_wilayah: string;
  nama: string;
  id_level_wilayah: number;
  mst_kode_wilayah: string | null;
  negara_id: string;
  asal_wilayah: string | null;
  kode_bps: string | null;
  kode_dagri: string | null;
  kode_keu: string | null;
  id_prov: string | null;
  id_kabkota: string | null;
  id_kec: string | null;
  a_desa: string;
  a_kelurahan: string;
  a_35: string;
  a_urban: string;
  kategori_desa_id: string | null;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export interface LevelWilayah {
  id_level_wilayah: number;
  level_wilayah: string;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const mstWilayah: readonly MstWilayah[] = data as MstWilayah[];
export const levelWilayah: readonly LevelWilayah[] = levels as LevelWilayah[];

/** Keyed by the padded 8-character `kode_wilayah`. */
export const wilayahByKode: ReadonlyMap<string, MstWilayah> = new Map(
  mstWilayah.map((w) => [w.kode_wilayah, w]),
);

/** Pads a code the way Dapodik stores it: CHAR(8), right-padded with spaces. */
export function padKodeWilayah(kode: string): string {
  return kode.trim().padEnd(8, ' ');
}

/** The chain from `kode` up to the province (nearest first); stops at the first unknown code. */
export function wilayahChain(kode: string): MstWilayah[] {
  const chain: MstWilayah[] = [];
  let w = wilayahByKode.get(padKodeWilayah(kode));
  while (w && w.id_level_wilayah >= 1) {
    chain.push(w);
    w = w.mst_kode_wilayah ? wilayahByKode.get(w.mst_kode_wilayah) : undefined;
  }
  return chain;
}
