import nasional from '../data/mata_pelajaran.json' with { type: 'json' };
import erapor from '../data/mata_pelajaran_erapor.json' with { type: 'json' };

/** `ref.mata_pelajaran`. */
export interface RefMataPelajaran {
  mata_pelajaran_id: number;
  nama: string;
  pilihan_sekolah: string;
  pilihan_buku: string;
  pilihan_kepengawasan: string;
  pilihan_evaluasi: string;
  jurusan_id: string | null;
  create_date: string | null;
  last_update: string | null;
  expired_date: string | null;
  last_sync: string | null;
}

/** Rows of the national file: every subject listed by a Merdeka SMK curriculum or a kept K13 SMK one. */
export const mataPelajaranNasional: readonly RefMataPelajaran[] = nasional as RefMataPelajaran[];

/** Subjects e-Rapor seeds itself because the national file predates them (800001000 Praktik Kerja Lapangan). */
export const mataPelajaranErapor: readonly RefMataPelajaran[] = erapor as RefMataPelajaran[];

/** Both lists. */
export const mataPelajaran: readonly RefMataPelajaran[] = [...mataPelajaranNasional, ...mataPelajaranErapor];

export const mataPelajaranById: ReadonlyMap<number, RefMataPelajaran> = new Map(
  mataPelajaran.map((m) => [m.mata_pelajaran_id, m]),
);
