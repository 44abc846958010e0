import { PAGE_SIZES } from '@erapor/contract/page-sizes';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Every screen keeps what the user chose in the URL's search parameters (issue #10, decision
 * 025), so a reload, Back/Forward and a copied link show the same view:
 *  - one flat vocabulary for every screen (`ViewSearch`): the cascade (tingkat → jenis → rombel →
 *    mapel), the other filters, the tab and the table's page, size, search and sort;
 *  - the URL holds plain strings (`?rombel=…&page=2`, no JSON quoting); `parseViewSearch` is every
 *    route's `validateSearch`: a value that cannot be one of ours is dropped, keys that are not
 *    views (`token`, `id`) pass through untouched;
 *  - choosing something pushes a history entry (Back returns to the previous choice); typing in a
 *    search box replaces it (one entry per search, not per key);
 *  - changing a filter, the search or the page size goes back to page 1 (`mergeView`);
 *  - an id in the URL that no longer exists or that the user may not see resets that filter (and
 *    the ones after it) with a short notice, never an error (`useKnownChoice`, components/known-choice.ts).
 */
export interface ViewSearch {
  tingkat?: string;
  jenis?: string;
  jurusan?: string;
  rombel?: string;
  mapel?: string;
  /** A PKL plan (the DUDI step of the PKL screens' cascade). */
  dudi?: string;
  ekskul?: string;
  kelas?: string;
  /** A teacher (Monitoring: Guru, Pembina, Pembimbing). */
  guru?: string;
  /** A progress status (Monitoring: belum, sebagian, lengkap). */
  status?: string;
  asesmen?: string;
  /** A semester id (the pupil portal's Nilai tab). */
  semester?: string;
  /** A CP/KD ("cp:12", "kd:…"; Pusat Unduhan's Template TP). */
  cp?: string;
  /**
   * A pupil: anggota_rombel_id (Pusat Unduhan's report documents, certificates) or
   * peserta_didik_id (Pusat Unduhan's PKL reports; Riwayat Perubahan Nilai).
   */
  pd?: string;
  /** A UKK plan (Pusat Unduhan's certificates). */
  rencana?: string;
  /** A user id (Riwayat Perubahan Nilai: who made the change). */
  pengguna?: string;
  /** A date range, YYYY-MM-DD (Riwayat Perubahan Nilai). */
  dari?: string;
  sampai?: string;
  tab?: string;
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}
export type ViewKey = keyof ViewSearch;
export type ViewPatch = { [K in ViewKey]?: ViewSearch[K] | null };

const TEXT_KEYS = [
  'tingkat',
  'jenis',
  'jurusan',
  'rombel',
  'mapel',
  'dudi',
  'ekskul',
  'kelas',
  'guru',
  'status',
  'asesmen',
  'semester',
  'cp',
  'pd',
  'rencana',
  'pengguna',
  'dari',
  'sampai',
  'tab',
  'q',
  'sort',
] as const satisfies readonly ViewKey[];
/** Changing one of these keeps the page; any other change starts on page 1. */
const PAGING_KEYS: readonly ViewKey[] = ['page', 'sort', 'dir'];
const MAX_TEXT = 100;
const MAX_PAGE = 100_000;

/** The router's `validateSearch` for every route: our keys typed, the rest kept as they came. */
export function parseViewSearch(raw: Record<string, unknown>): ViewSearch & Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(key in KNOWN)) out[key] = value;
  }
  for (const key of TEXT_KEYS) {
    const v = text(raw[key]);
    if (v) out[key] = v;
  }
  const page = whole(raw.page);
  if (page && page <= MAX_PAGE) out.page = page;
  const perPage = whole(raw.per_page);
  if (perPage && (PAGE_SIZES as readonly number[]).includes(perPage)) out.per_page = perPage;
  if (raw.dir === 'asc' || raw.dir === 'desc') out.dir = raw.dir;
  return out as ViewSearch & Record<string, unknown>;
}
const KNOWN: Record<ViewKey, true> = Object.fromEntries(
  [...TEXT_KEYS, 'dir', 'page', 'per_page'].map((k) => [k, true]),
) as Record<ViewKey, true>;

function text(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  return s && s.length <= MAX_TEXT ? s : undefined;
}
function whole(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** The next search: `patch` over `prev`, empty values removed, page 1 after a filter change. */
export function mergeView(
  prev: Record<string, unknown>,
  patch: ViewPatch,
): ViewSearch & Record<string, unknown> {
  const next: Record<string, unknown> = { ...prev };
  let refilter = false;
  for (const [key, value] of Object.entries(patch)) {
    if (!PAGING_KEYS.includes(key as ViewKey) && next[key] !== (value ?? undefined)) refilter = true;
    if (value === null || value === undefined || value === '') delete next[key];
    else next[key] = value;
  }
  if (refilter) delete next.page;
  return parseViewSearch(next);
}

/** The URL's search as plain `key=value` strings (the router's default quotes numbers as JSON). */
export function stringifyViewSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
export function parseSearchString(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr));
}

export type SetView = (patch: ViewPatch, options?: { replace?: boolean }) => void;

/** The current screen's view and the one way to change it. */
export function useView(): [ViewSearch, SetView] {
  const search = useSearch({ strict: false }) as ViewSearch & Record<string, unknown>;
  const navigate = useNavigate();
  const setView = useCallback<SetView>(
    (patch, options) => {
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => mergeView(prev, patch),
        replace: options?.replace ?? false,
      } as never);
    },
    [navigate],
  );
  return [search, setView];
}
