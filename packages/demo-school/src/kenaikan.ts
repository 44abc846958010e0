/**
 * The demo's Kenaikan Kelas (issue #11 item 13; docs/decisions/029-kenaikan-kelas.md): decisions for
 * every pupil of every regular class of a past Genap semester, so that a report card printed there
 * shows its "Kenaikan Kelas" / "Status Kelulusan" line. Most pupils go up to the next class of the
 * same programme and number ("X TKJT 1" → "XI TKJT 1"), about one in twenty stays; a class of the
 * last tingkat graduates. The rule of the class's options is the app's own (contract).
 *
 * Deterministic: each pupil's draw comes from a Rng forked by the semester and membership id.
 */

import {
  type Keputusan,
  kenaikanBerlaku,
  STATUS_KENAIKAN,
  statusKenaikanOptions,
} from '@erapor/contract/wali-kelas/kenaikan';
import { Rng } from './rng.ts';
import type { Uuid } from './types.ts';
import { ROMAWI } from './util.ts';

export interface KelasKenaikan {
  rombongan_belajar_id: Uuid;
  nama: string;
  tingkat: number;
  /** The class's jurusan runs four years ("Rombongan Belajar 4 Tahun"). */
  empat_tahun?: boolean;
  anggota: readonly Uuid[];
}

export interface DemoKenaikan extends Keputusan {
  anggota_rombel_id: Uuid;
  rombongan_belajar_id: Uuid;
}

/** The demo's class numerals plus XIII (the fourth year of a four-year programme). */
const ROMAN: Record<number, string> = { ...ROMAWI, 13: 'XIII' };

/** Share of pupils of a class that do not go up (Tidak Naik). */
export const TIDAK_NAIK_SHARE = 1 / 20;

/** "XI TKJT 2" → "XII TKJT 2": the class of the next year, same programme and number. */
export function namaKelasBerikut(nama: string, tingkat: number): string {
  const now = ROMAN[tingkat];
  const next = ROMAN[tingkat + 1] ?? String(tingkat + 1);
  return now && nama.startsWith(`${now} `) ? `${next}${nama.slice(now.length)}` : `${next} ${nama}`;
}

/** The decisions of `classes` (regular classes of `semesterId`); none in a Ganjil semester. */
export function generateKenaikan(classes: readonly KelasKenaikan[], semesterId: string): DemoKenaikan[] {
  if (!kenaikanBerlaku(semesterId)) return [];
  const root = new Rng(`erapor-demo-kenaikan:${semesterId}`);
  const out: DemoKenaikan[] = [];
  for (const kelas of classes) {
    const lulusan =
      statusKenaikanOptions(kelas.tingkat, kelas.empat_tahun ?? false)[0] === STATUS_KENAIKAN.lulus;
    for (const id of kelas.anggota) {
      const base = { anggota_rombel_id: id, rombongan_belajar_id: kelas.rombongan_belajar_id };
      if (lulusan) {
        out.push({ ...base, status: STATUS_KENAIKAN.lulus, nama_kelas: null });
      } else if (root.fork(id).chance(TIDAK_NAIK_SHARE)) {
        out.push({ ...base, status: STATUS_KENAIKAN.tetap, nama_kelas: kelas.nama });
      } else {
        out.push({
          ...base,
          status: STATUS_KENAIKAN.naik,
          nama_kelas: namaKelasBerikut(kelas.nama, kelas.tingkat),
        });
      }
    }
  }
  return out;
}
