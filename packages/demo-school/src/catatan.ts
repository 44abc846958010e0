/**
 * The homeroom texts of the living demo (issue #11 item 13; docs/decisions/028-wali-kelas-catatan.md):
 * a Catatan Wali Kelas for every pupil of every regular class of the active semester and, from
 * semester 20251, a Kokurikuler text drafted by the app's own "Buat Draf" rule from two to four
 * Dimensi Profil Lulusan — so a newcomer's first report card has its notes page filled.
 *
 * Deterministic: each pupil's draws come from a Rng forked by the semester and membership id.
 */

import { CATATAN_MAX, type JenisCatatan, kokurikulerBerlaku } from '@erapor/contract/wali-kelas/catatan';
import { DIMENSI_PROFIL_LULUSAN, draftKokurikuler } from '@erapor/contract/wali-kelas/kokurikuler';
import { Rng } from './rng.ts';
import type { Uuid } from './types.ts';

export interface DemoCatatan {
  anggota_rombel_id: Uuid;
  type: JenisCatatan;
  uraian_deskripsi: string;
}

const PEMBUKA = [
  'Ananda menunjukkan semangat belajar yang baik selama semester ini.',
  'Ananda aktif mengikuti pembelajaran dan santun dalam bergaul.',
  'Ananda bertanggung jawab atas tugas-tugas yang diberikan.',
  'Ananda mulai menunjukkan kemajuan dalam belajar.',
  'Ananda tekun dan teliti dalam kegiatan praktik.',
] as const;

const SARAN = [
  'Pertahankan prestasimu dan tingkatkan kedisiplinan.',
  'Tingkatkan kehadiran dan ketepatan waktu mengumpulkan tugas.',
  'Terus kembangkan keterampilan di bidang keahlianmu.',
  'Perbanyak membaca dan berlatih di rumah.',
  'Beranilah bertanya dan menyampaikan pendapat di kelas.',
] as const;

/**
 * The texts of `members` (memberships of regular classes) in `semesterId`: one 'catatan_walas'
 * each, plus one 'kokurikuler' each from 20251.
 */
export function generateCatatan(members: readonly Uuid[], semesterId: string): DemoCatatan[] {
  const root = new Rng(`erapor-demo-catatan:${semesterId}`);
  const kokurikuler = kokurikulerBerlaku(semesterId);
  const out: DemoCatatan[] = [];
  for (const id of members) {
    const r = root.fork(id);
    const text = `${r.pick(PEMBUKA)} ${r.pick(SARAN)}`;
    out.push({ anggota_rombel_id: id, type: 'catatan_walas', uraian_deskripsi: text.slice(0, CATATAN_MAX) });
    if (kokurikuler) {
      const dimensi = r.shuffle(DIMENSI_PROFIL_LULUSAN.map((d) => d.kode)).slice(0, r.int(2, 4));
      out.push({ anggota_rombel_id: id, type: 'kokurikuler', uraian_deskripsi: draftKokurikuler(dimensi) });
    }
  }
  return out;
}
