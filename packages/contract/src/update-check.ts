import { z } from 'zod';

/**
 * Daftar Perubahan (/changelog) and Cek Pembaharuan (/check-update): reference-screens §14,
 * reference-domain §10, decision 035. The version rules, the CHANGELOG.md format, the update
 * feed's two shapes, the limits of the check and every message — shared by server and web.
 */

// ---------------------------------------------------------------------------------------------
// Semantic versions
// ---------------------------------------------------------------------------------------------

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  /** Pre-release identifiers ("1.0.0-rc.1" → ['rc', 1]); empty for a release. */
  pre: (string | number)[];
}

const SEMVER =
  /^[vV]?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** "1.2.3", "v1.2.3", "1.2.3-rc.1", "1.2.3+build" → its parts; anything else → null. */
export function parseVersion(value: string): SemVer | null {
  const m = SEMVER.exec(value.trim());
  if (!m) return null;
  const nums = [m[1], m[2], m[3]].map(Number);
  if (nums.some((n) => !Number.isSafeInteger(n))) return null;
  return {
    major: nums[0] ?? 0,
    minor: nums[1] ?? 0,
    patch: nums[2] ?? 0,
    pre: m[4] ? m[4].split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [],
  };
}

/** The version as shown: without a leading "v" and without build metadata. */
export function normalizeVersion(value: string): string | null {
  const v = parseVersion(value);
  if (!v) return null;
  return `${v.major}.${v.minor}.${v.patch}${v.pre.length ? `-${v.pre.join('.')}` : ''}`;
}

/** Semantic-version order (semver.org §11): < 0 when a is older than b, 0 when equal, > 0 when newer. */
export function compareSemVer(a: SemVer, b: SemVer): number {
  for (const k of ['major', 'minor', 'patch'] as const) {
    if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  }
  // A pre-release is below its release.
  if (a.pre.length === 0 || b.pre.length === 0)
    return a.pre.length === b.pre.length ? 0 : a.pre.length ? -1 : 1;
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i];
    const y = b.pre[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : 1;
    // Numeric identifiers are below alphanumeric ones; alphanumeric compare in ASCII order.
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** compareSemVer on strings; null when either is not a version. */
export function compareVersions(a: string, b: string): number | null {
  const x = parseVersion(a);
  const y = parseVersion(b);
  return x && y ? compareSemVer(x, y) : null;
}

// ---------------------------------------------------------------------------------------------
// CHANGELOG.md
// ---------------------------------------------------------------------------------------------

/** One release's heading: `## [0.1.0] - 2026-05-20`. */
export const CHANGELOG_HEADING = /^##[ \t]+\[([^\]]*)\][ \t]+-[ \t]+(\S+)[ \t]*$/;

export interface ChangelogRelease {
  version: string;
  /** YYYY-MM-DD */
  tanggal: string;
  /** The section's Markdown, without its heading. */
  body: string;
}

function validDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * Reads CHANGELOG.md: one "## [x.y.z] - YYYY-MM-DD" section per release (text before the first
 * is the file's title). Releases come back in file order; `problems` names each line that breaks
 * the format (a second-level heading that is not a release, a bad version or date, a version
 * listed twice), in Indonesian.
 */
export function parseChangelog(text: string): { releases: ChangelogRelease[]; problems: string[] } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const releases: ChangelogRelease[] = [];
  const problems: string[] = [];
  let current: { release: ChangelogRelease; lines: string[] } | null = null;
  let ignoring = false;
  let fence: string | null = null;
  const close = () => {
    if (current) current.release.body = current.lines.join('\n').trim();
    current = null;
  };
  lines.forEach((line, index) => {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (fence === null || f.startsWith(fence))) fence = fence === null ? f : null;
    if (fence === null && /^##(?!#)/.test(line)) {
      close();
      ignoring = false;
      const m = CHANGELOG_HEADING.exec(line);
      const version = m ? normalizeVersion(m[1] ?? '') : null;
      const no = index + 1;
      if (!m) problems.push(CHANGELOG_MESSAGES.badHeading(no, line.trim()));
      else if (!version) problems.push(CHANGELOG_MESSAGES.badVersion(no, m[1] ?? ''));
      else if (!validDate(m[2] ?? '')) problems.push(CHANGELOG_MESSAGES.badDate(no, m[2] ?? ''));
      else if (releases.some((r) => r.version === version))
        problems.push(CHANGELOG_MESSAGES.duplicate(no, version));
      else {
        const release = { version, tanggal: m[2] ?? '', body: '' };
        releases.push(release);
        current = { release, lines: [] };
        return;
      }
      ignoring = true;
      return;
    }
    if (current && !ignoring) (current as { lines: string[] }).lines.push(line);
  });
  close();
  return { releases, problems };
}

/** Newest first, by semantic version. */
export function newestFirst<T extends { version: string }>(releases: readonly T[]): T[] {
  return [...releases].sort((a, b) => -(compareVersions(a.version, b.version) ?? 0));
}

export const CHANGELOG_MESSAGES = {
  missing: 'Daftar perubahan belum tersedia: berkas CHANGELOG.md tidak ditemukan di folder aplikasi.',
  unreadable: (code: string) => `Berkas CHANGELOG.md tidak dapat dibaca (${code}).`,
  tooLarge: 'Berkas CHANGELOG.md terlalu besar untuk ditampilkan (lebih dari 1 MB).',
  empty: 'Berkas CHANGELOG.md tidak memuat satu rilis pun (judul "## [x.y.z] - YYYY-MM-DD").',
  badHeading: (line: number, text: string) =>
    `CHANGELOG.md baris ${line}: "${text.slice(0, 80)}" bukan judul rilis "## [x.y.z] - YYYY-MM-DD"; bagian ini dilewati.`,
  badVersion: (line: number, version: string) =>
    `CHANGELOG.md baris ${line}: versi "${version.slice(0, 40)}" bukan versi semantik (x.y.z); bagian ini dilewati.`,
  badDate: (line: number, date: string) =>
    `CHANGELOG.md baris ${line}: tanggal "${date.slice(0, 40)}" tidak valid (YYYY-MM-DD); bagian ini dilewati.`,
  duplicate: (line: number, version: string) =>
    `CHANGELOG.md baris ${line}: versi ${version} tercantum dua kali; bagian ini dilewati.`,
  notListed: (version: string) => `Versi terpasang (${version}) belum tercantum di CHANGELOG.md.`,
} as const;

/** Larger files are refused with a message rather than read. */
export const CHANGELOG_MAX_BYTES = 1024 * 1024;

export const changelogResponseSchema = z.object({
  installed_version: z.string(),
  /** Newest first. */
  releases: z.array(
    z.object({
      version: z.string(),
      tanggal: z.string(),
      /** Markdown; the web renders it without HTML (markdown.ts). */
      body: z.string(),
      installed: z.boolean(),
    }),
  ),
  /** Why the file is missing, unreadable or partly broken (Indonesian); empty when all is well. */
  problems: z.array(z.string()),
});
export type ChangelogResponse = z.infer<typeof changelogResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The update feed
// ---------------------------------------------------------------------------------------------

/** The whole check, redirects and body included, must finish in this time. */
export const UPDATE_TIMEOUT_MS = 5_000;
/** A larger answer is refused (a version feed is a few hundred bytes; GitHub's release a few KB). */
export const UPDATE_MAX_BYTES = 64 * 1024;
/** An answer of the feed is reused this long; "Periksa lagi" asks again at once. */
export const UPDATE_CACHE_MS = 60 * 60 * 1000;
/** Redirects followed, all on the feed's own host. */
export const UPDATE_MAX_REDIRECTS = 3;
/** A failed check is reused only this long: the network may be back in a minute. */
export const UPDATE_FAILURE_CACHE_MS = 60 * 1000;

export interface UpdateFeed {
  version: string;
  tanggal: string | null;
  catatan: string | null;
  url: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const webUrl = (v: unknown): string | null => {
  const s = str(v);
  return s && /^https?:\/\/[^\s<>"]+$/i.test(s) ? s : null;
};

/**
 * The feed's answer, either our JSON `{version, tanggal, catatan, url}` or GitHub's latest release
 * (`tag_name`, `published_at`, `body`, `html_url`) → the feed, or the reason it is unusable.
 */
export function readFeed(json: unknown): { ok: true; feed: UpdateFeed } | { ok: false; detail: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, detail: UPDATE_MESSAGES.reason.noVersion };
  }
  const o = json as Record<string, unknown>;
  const own = 'version' in o;
  const raw = own ? o.version : o.tag_name;
  if (raw === undefined || raw === null) return { ok: false, detail: UPDATE_MESSAGES.reason.noVersion };
  const version = typeof raw === 'string' ? normalizeVersion(raw) : null;
  if (!version) return { ok: false, detail: UPDATE_MESSAGES.reason.badVersion(String(raw).slice(0, 40)) };
  const date = str(own ? o.tanggal : o.published_at);
  return {
    ok: true,
    feed: {
      version,
      // GitHub gives an ISO time: its date is enough.
      tanggal: date && /^\d{4}-\d{2}-\d{2}T/.test(date) ? date.slice(0, 10) : date,
      catatan: str(own ? o.catatan : o.body),
      url: webUrl(own ? o.url : o.html_url),
    },
  };
}

export const UPDATE_STATUS = ['available', 'up-to-date', 'failed', 'not-configured'] as const;
export type UpdateStatus = (typeof UPDATE_STATUS)[number];

export const UPDATE_MESSAGES = {
  notConfigured: 'Pemeriksaan pembaharuan belum diatur',
  notConfiguredDetail:
    'Isi UPDATE_FEED_URL di environment server dengan alamat umpan versi (JSON atau rilis terbaru GitHub), lalu mulai ulang server.',
  unreachable: 'Server pembaharuan tidak dapat dihubungi',
  upToDate: 'Pembaharuan belum tersedia!',
  available: 'Pembaharuan tersedia!',
  sameVersion: (version: string) => `Versi terpasang ${version} adalah versi terbaru.`,
  newerInstalled: (installed: string, feed: string) =>
    `Versi terpasang ${installed} lebih baru daripada versi di server pembaharuan (${feed}).`,
  newVersion: (installed: string, feed: string) =>
    `Versi ${feed} sudah dirilis; versi terpasang ${installed}.`,
  reason: {
    badUrl: 'Alamat UPDATE_FEED_URL tidak valid (harus diawali http:// atau https://).',
    timeout: `Tidak ada jawaban dalam ${UPDATE_TIMEOUT_MS / 1000} detik.`,
    refused: 'Koneksi ditolak (tidak ada layanan di alamat itu).',
    dns: 'Nama server tidak ditemukan (periksa alamat atau koneksi internet).',
    reset: 'Koneksi terputus sebelum jawaban selesai.',
    network: 'Jaringan tidak terjangkau (server ini tidak terhubung ke internet?).',
    tls: 'Sertifikat TLS server tidak sah.',
    other: (code: string) => `Gagal terhubung (${code}).`,
    status: (code: number) => `Server menjawab HTTP ${code}, bukan 200.`,
    html: 'Jawaban berupa halaman HTML, bukan JSON.',
    json: 'Jawaban bukan JSON yang sah.',
    noVersion: 'Jawaban tidak memuat versi ("version" atau "tag_name").',
    badVersion: (value: string) => `Versi "${value}" bukan versi semantik (x.y.z).`,
    tooLarge: `Jawaban lebih dari ${UPDATE_MAX_BYTES / 1024} KB.`,
    foreignRedirect: (host: string) => `Dialihkan ke host lain (${host}); pengalihan itu tidak diikuti.`,
    badRedirect: 'Alamat pengalihan tidak valid.',
    downgrade: 'Dialihkan dari https ke http; pengalihan itu tidak diikuti.',
    tooManyRedirects: `Lebih dari ${UPDATE_MAX_REDIRECTS} kali dialihkan.`,
  },
} as const;

export const updateCheckResponseSchema = z.object({
  status: z.enum(UPDATE_STATUS),
  /** The heading shown: "Pembaharuan tersedia!", "Pembaharuan belum tersedia!", … */
  message: z.string(),
  /** The line under it: the versions compared, or why the feed could not be read. */
  detail: z.string(),
  installed_version: z.string(),
  /** What the feed offers (when it could be read). */
  latest: z
    .object({
      version: z.string(),
      tanggal: z.string().nullable(),
      catatan: z.string().nullable(),
      url: z.string().nullable(),
    })
    .nullable(),
  /** When the feed was asked (ISO); null when the check is not configured. */
  checked_at: z.string().nullable(),
  /** The answer is an earlier one, reused (UPDATE_CACHE_MS). */
  cached: z.boolean(),
});
export type UpdateCheckResponse = z.infer<typeof updateCheckResponseSchema>;

/**
 * The update steps shown with "Pembaharuan tersedia!" (texts in the web's locale files under
 * `sekolah.update.steps.<key>`). The README's "Updating" section lists the same commands in this
 * order (a server test checks it).
 */
export const UPDATE_STEPS = [
  { key: 'backup', command: null },
  { key: 'stop', command: null },
  { key: 'pull', command: 'git pull' },
  { key: 'install', command: 'npm install' },
  { key: 'build', command: 'npm run build' },
  { key: 'start', command: 'npm start' },
] as const;
