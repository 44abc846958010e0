import data from '../data/jabatan_ptk.json' with { type: 'json' };

/** `ref.jabatan_ptk` (tugas tambahan: 2 Kepala Sekolah, 46 Wakil Kepala Sekolah Kurikulum, 38 Kepala Program Keahlian, ...). */
export interface RefJabatanPtk {
  jabatan_ptk_id: string;
  nama: string;
  jabatan_utama: string;
  tugas_tambahan_guru: string;
  jumlah_jam_diakui: string | null;
  harus_refer_unit_org: string;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const jabatanPtk: readonly RefJabatanPtk[] = data as RefJabatanPtk[];
