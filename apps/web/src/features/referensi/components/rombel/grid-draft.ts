import type { PembelajaranRow } from '@erapor/contract/referensi/rombel';

/** One row of the pembelajaran grid as typed (every cell a string, as inputs hold them). */
export type Draft = {
  pembelajaran_id: string;
  nama_mata_pelajaran: string;
  guru_pengajar_id: string;
  kelompok_id: string;
  no_urut: string;
  updated_at: string;
};

export const draftOf = (r: PembelajaranRow): Draft => ({
  pembelajaran_id: r.pembelajaran_id,
  nama_mata_pelajaran: r.nama_mata_pelajaran,
  guru_pengajar_id: r.guru_pengajar_id ?? '',
  kelompok_id: r.kelompok_id === null ? '' : String(r.kelompok_id),
  no_urut: r.no_urut === null ? '' : String(r.no_urut),
  updated_at: r.updated_at,
});

/** Server (or contract) messages keyed `rows.3.no_urut` → `{ 3: { no_urut: message } }`. */
export function cellErrors(details: Record<string, string>): Record<number, Record<string, string>> {
  const out: Record<number, Record<string, string>> = {};
  for (const [key, message] of Object.entries(details)) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    out[i] = { ...(out[i] ?? {}), [m[2] as string]: message };
  }
  return out;
}

/** Whether anything typed differs from what the server holds (closing would lose it). */
export function isDirty(drafts: readonly Draft[], rows: readonly PembelajaranRow[]): boolean {
  const byId = new Map(rows.map((r) => [r.pembelajaran_id, draftOf(r)]));
  return drafts.some((d) => {
    const saved = byId.get(d.pembelajaran_id);
    return (
      !saved ||
      saved.nama_mata_pelajaran !== d.nama_mata_pelajaran ||
      saved.guru_pengajar_id !== d.guru_pengajar_id ||
      saved.kelompok_id !== d.kelompok_id ||
      saved.no_urut !== d.no_urut
    );
  });
}
