import {
  type SikapCreateInput,
  type SikapDetail,
  sikapCreateSchema,
  sikapUpdateSchema,
} from '@erapor/contract/penilaian/sikap';

/** What the form holds: select values as strings (Mantine), empty = nothing chosen. */
export interface SikapFormValues {
  tingkat: string | null;
  rombongan_belajar_id: string | null;
  anggota_rombel_id: string | null;
  tanggal: string;
  dimensi_id: string | null;
  elemen_id: string | null;
  opsi_id: string | null;
  deskripsi: string;
}

export const EMPTY_FORM: SikapFormValues = {
  tingkat: null,
  rombongan_belajar_id: null,
  anggota_rombel_id: null,
  tanggal: '',
  dimensi_id: null,
  elemen_id: null,
  opsi_id: null,
  deskripsi: '',
};

export function formOfDetail(d: SikapDetail): SikapFormValues {
  return {
    tingkat: String(d.tingkat),
    rombongan_belajar_id: d.rombongan_belajar_id,
    anggota_rombel_id: d.anggota_rombel_id,
    tanggal: d.tanggal,
    dimensi_id: String(d.dimensi_id),
    elemen_id: String(d.elemen_id),
    opsi_id: String(d.opsi_id),
    deskripsi: d.deskripsi,
  };
}

export function toCreateInput(v: SikapFormValues): SikapCreateInput {
  return {
    tingkat: v.tingkat ?? '',
    rombongan_belajar_id: v.rombongan_belajar_id ?? '',
    anggota_rombel_id: v.anggota_rombel_id ?? '',
    tanggal: v.tanggal,
    dimensi_id: v.dimensi_id ?? '',
    elemen_id: v.elemen_id ?? '',
    opsi_id: v.opsi_id ?? '',
    deskripsi: v.deskripsi,
  };
}

/**
 * The contract's own checks, before anything is sent: the same Indonesian messages the server
 * would answer with, keyed by field. Empty when the form may be sent.
 */
export function formErrors(v: SikapFormValues, mode: 'create' | 'edit'): Record<string, string> {
  const input = toCreateInput(v);
  const result =
    mode === 'create'
      ? sikapCreateSchema.safeParse(input)
      : sikapUpdateSchema.safeParse({ ...input, updated_at: 'loaded' });
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
