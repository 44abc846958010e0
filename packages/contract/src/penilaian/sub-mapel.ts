import { z } from 'zod';
import { roundDiv } from './rules';

/*
 * Sub-subjects (induk/sub mapel; reference-domain §3.3 item 9; issue #11 item 7). A parent subject
 * with active sub-subjects keeps its teacher's own grade under kompetensi 99; the homeroom's
 * "Generate Nilai" turns it and the children's final grades into the parent's printed grade:
 *   nilai = round(mean(own 99 grade, each child's final grade)), half away from zero.
 * e-Rapor 7 counted a missing child grade as 0, which prints a silently lowered grade. Here a
 * missing part gives no grade and is named, so the wali knows whom to ask.
 * The printed description is composed where it is shown (never stored twice):
 *   own text + ". " + the children's texts joined ", ".
 */

export interface SubMapelPart {
  /** The subject's name, used to name a missing part. */
  nama: string;
  nilai: number | null;
}

export type SubMapelNilai = { nilai: number; missing: [] } | { nilai: null; missing: string[] };

export function subMapelNilai(own: SubMapelPart, children: readonly SubMapelPart[]): SubMapelNilai {
  const parts = [own, ...children];
  const missing = parts.filter((p) => p.nilai === null).map((p) => p.nama);
  if (missing.length > 0 || children.length === 0) return { nilai: null, missing };
  const sum = parts.reduce((total, p) => total + (p.nilai ?? 0), 0);
  return { nilai: roundDiv(sum, parts.length), missing: [] };
}

/** The parent's printed description: its own text, then the children's; blank parts left out. */
export function subMapelDeskripsi(own: string | null, children: readonly (string | null)[]): string | null {
  const clean = (t: string | null) => (t ?? '').trim().replace(/\.+$/, '');
  const head = clean(own);
  const tail = children.map(clean).filter((t) => t !== '');
  if (head === '' && tail.length === 0) return null;
  if (tail.length === 0) return `${head}.`;
  if (head === '') return `${tail.join(', ')}.`;
  return `${head}. ${tail.join(', ')}.`;
}

export const SUB_MAPEL_MESSAGES = {
  generated: 'Nilai Sub Mapel berhasil digenerate',
  notParent: 'Mata pelajaran ini tidak memiliki sub mata pelajaran aktif.',
  notWali: 'Hanya wali kelas dari rombongan belajar ini yang dapat men-generate nilai sub mapel.',
  missing: (nama: string, parts: readonly string[]) =>
    `${nama}: belum ada nilai ${parts.join(', ')}; nilai induk tidak dibuat.`,
} as const;

export const subMapelGeneratedSchema = z.object({
  message: z.string(),
  /** Pupils whose parent grade was written. */
  generated: z.number().int(),
  /** Pupils left without a parent grade, with the parts that have no grade yet. */
  missing: z.array(
    z.object({ anggota_rombel_id: z.string(), nama: z.string(), bagian: z.array(z.string()) }),
  ),
});
export type SubMapelGenerated = z.infer<typeof subMapelGeneratedSchema>;
