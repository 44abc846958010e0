import type { SyncKind } from '@erapor/contract/sinkronisasi';
import { syncAnggota } from './anggota';
import type { KindContext } from './context';
import { syncDudi } from './dudi';
import { syncEkskul } from './ekskul';
import { syncPembelajaran } from './pembelajaran';
import { syncPdAktif, syncPdKeluar } from './peserta-didik';
import { syncPtk } from './ptk';
import { syncRombel } from './rombel';
import { syncSekolah } from './sekolah';

/*
 * One module per data kind (reference-dapodik §3 mapping, §7.2 order, §7.4 rules): fetch the
 * kind's lists completely (outside any transaction), then apply them in one transaction. A fetch that
 * fails leaves the database untouched; a failed apply rolls back only this kind.
 */

export const KIND_HANDLERS: Record<SyncKind, (k: KindContext) => Promise<void>> = {
  sekolah: syncSekolah,
  ptk: syncPtk,
  rombongan_belajar: syncRombel,
  peserta_didik_aktif: syncPdAktif,
  peserta_didik_keluar: syncPdKeluar,
  anggota_rombel_pilihan: (k) => syncAnggota(k, 16),
  pembelajaran: syncPembelajaran,
  ekstrakurikuler: syncEkskul,
  anggota_ekskul: (k) => syncAnggota(k, 51),
  dudi: syncDudi,
};
