import { TINGKAT } from '@erapor/contract/referensi/peserta-didik';
import { useKnownChoice } from '../../../components/known-choice';
import type { SetView, ViewSearch } from '../../../lib/view-search';

/** What a PKL screen's plan list gives per plan (Input Penilaian and Kehadiran share the shape). */
export interface CascadePlan {
  pkl_id: string;
  tingkat: number;
  rombongan_belajar_id: string;
  nama_dudi: string;
  judul_akt_pd: string | null;
}

interface Option {
  value: string;
  label: string;
}

/**
 * Tingkat → Rombel → DUDI over the plans a PKL screen may open, kept in the URL (decision 025):
 * the options of each step, ids in a link that are gone cleared with a notice once the plans have
 * loaded, and the chosen plan — the DUDI in the URL, or a class's only placement without a third
 * choice (the usual case).
 */
export function usePlanCascade<P extends CascadePlan>(
  plans: readonly P[] | undefined,
  view: ViewSearch,
  setView: SetView,
  labels: { tingkat: (n: number) => string; rombel: (p: P) => string },
): { tingkatOptions: Option[]; rombelOptions: Option[]; dudiOptions: Option[]; chosen: string | null } {
  const all = plans ?? [];
  const tingkatOptions = TINGKAT.filter((n) => all.some((p) => p.tingkat === n)).map((n) => ({
    value: String(n),
    label: labels.tingkat(n),
  }));
  const rombelOptions = [
    ...new Map(
      all
        .filter((p) => String(p.tingkat) === view.tingkat)
        .map((p) => [p.rombongan_belajar_id, { value: p.rombongan_belajar_id, label: labels.rombel(p) }]),
    ).values(),
  ];
  const dudiOptions = all
    .filter((p) => p.rombongan_belajar_id === view.rombel)
    .map((p) => ({
      value: p.pkl_id,
      label: p.judul_akt_pd ? `${p.nama_dudi} — ${p.judul_akt_pd}` : p.nama_dudi,
    }));
  const loaded = plans !== undefined;
  useKnownChoice('rombel', view.rombel, loaded ? rombelOptions.map((o) => o.value) : undefined, setView, [
    'dudi',
  ]);
  useKnownChoice(
    'dudi',
    view.dudi,
    loaded && view.rombel ? dudiOptions.map((o) => o.value) : undefined,
    setView,
  );
  const only = dudiOptions.length === 1 ? (dudiOptions[0]?.value ?? null) : null;
  const chosen = dudiOptions.some((o) => o.value === view.dudi) ? (view.dudi ?? null) : only;
  return { tingkatOptions, rombelOptions, dudiOptions, chosen };
}
