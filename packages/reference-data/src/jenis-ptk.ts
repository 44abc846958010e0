import data from '../data/jenis_ptk.json' with { type: 'json' };

/** `ref.jenis_ptk`. Note: the national file stores the id and the flags as strings ("3", "1"). */
export interface RefJenisPtk {
  jenis_ptk_id: string;
  jenis_ptk: string;
  guru_kelas: string;
  guru_matpel: string;
  guru_bk: string;
  guru_inklusi: string;
  guru_pengganti: string;
  pengawas_satdik: string;
  pengawas_plb: string;
  pengawas_matpel: string;
  pengawas_bidang: string;
  tas: string;
  tendik_lainnya: string;
  formal: string;
  create_date: string;
  last_update: string;
  expired_date: string | null;
  last_sync: string;
}

export const jenisPtk: readonly RefJenisPtk[] = data as RefJenisPtk[];
