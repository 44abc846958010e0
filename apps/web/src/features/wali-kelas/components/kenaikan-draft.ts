import {
  checkKeputusan,
  type KenaikanEdit,
  type KenaikanRow,
  type Keputusan,
  STATUS_KENAIKAN,
  type StatusKenaikan,
  sameKeputusan,
} from '@erapor/contract/wali-kelas/kenaikan';

/*
 * The Kenaikan Kelas screen's state: per pupil the status and class chosen, compared with what was
 * loaded, checked by the contract's own rule before anything is sent.
 */

/** One pupil's choice as on screen (status null: none chosen). */
export interface Pilihan {
  status: number | null;
  nama_kelas: string | null;
}
export type KenaikanDraft = Record<string, Pilihan>;

export function loadedDraft(rows: readonly KenaikanRow[]): KenaikanDraft {
  return Object.fromEntries(
    rows.map((r) => [r.anggota_rombel_id, { status: r.status, nama_kelas: r.nama_kelas }]),
  );
}

const asKeputusan = (p: Pilihan | undefined): Keputusan | null =>
  p?.status ? { status: p.status as StatusKenaikan, nama_kelas: p.nama_kelas } : null;

/**
 * The choice after picking `status`: Naik keeps the class already chosen, else the one loaded (the
 * dialog asks and shows it); Tidak Naik is the current class; Lulus / Tidak Lulus and none have no class.
 */
export function choose(
  status: number | null,
  current: Pilihan | undefined,
  namaKelas: string,
  loaded?: Pilihan,
): Pilihan {
  if (status === STATUS_KENAIKAN.naik) {
    const kept = [current, loaded].find((p) => p?.status === STATUS_KENAIKAN.naik && p.nama_kelas);
    return { status, nama_kelas: kept?.nama_kelas ?? null };
  }
  if (status === STATUS_KENAIKAN.tetap) return { status, nama_kelas: namaKelas };
  return { status, nama_kelas: null };
}

/** Pupils whose choice differs from what was loaded (a class name with blanks around it is the same). */
export function changedKeys(draft: KenaikanDraft, loaded: KenaikanDraft): string[] {
  const trimmed = (p: Pilihan | undefined) =>
    asKeputusan(p && { ...p, nama_kelas: p.nama_kelas?.trim() || null });
  return Object.keys(draft).filter((id) => !sameKeputusan(trimmed(draft[id]), asKeputusan(loaded[id])));
}

/** The rows to send for `ids`, or the problems per pupil id when the contract's rule refuses one. */
export function toEdits(
  ids: readonly string[],
  draft: KenaikanDraft,
  loaded: KenaikanDraft,
  kelas: { nama: string; options: readonly StatusKenaikan[] },
): { edits: KenaikanEdit[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const edits = ids.map((id) => {
    const p = draft[id] ?? { status: null, nama_kelas: null };
    const checked = checkKeputusan(p, kelas);
    if (!checked.ok) problems[id] = checked.message;
    return {
      anggota_rombel_id: id,
      status: p.status,
      nama_kelas: p.nama_kelas,
      sebelumnya: asKeputusan(loaded[id]),
    };
  });
  return { edits, problems };
}
