import { z } from 'zod';

/*
 * Pull sync from Dapodik (/sinkronisasi/dapodik, reference-dapodik §3, §7; decision 016): the data
 * kinds in their dependency order, the payloads of the API and the Indonesian messages the run
 * report and the screen show.
 */

/** Data kinds in the order they are synced (reference-dapodik §7.2). */
export const SYNC_KINDS = [
  'sekolah',
  'ptk',
  'rombongan_belajar',
  'peserta_didik_aktif',
  'peserta_didik_keluar',
  'anggota_rombel_pilihan',
  'pembelajaran',
  'ekstrakurikuler',
  'anggota_ekskul',
  'dudi',
] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
export const syncKindSchema = z.enum(SYNC_KINDS);

/** Row titles of the screen (reference-screens §4.1). */
export const SYNC_KIND_LABELS: Record<SyncKind, string> = {
  sekolah: 'Sekolah',
  ptk: 'GTK',
  rombongan_belajar: 'Rombongan Belajar',
  peserta_didik_aktif: 'Peserta Didik Aktif',
  peserta_didik_keluar: 'Peserta Didik Keluar',
  anggota_rombel_pilihan: 'Anggota Rombel Matpel Pilihan',
  pembelajaran: 'Pembelajaran',
  ekstrakurikuler: 'Ekstrakurikuler',
  anggota_ekskul: 'Anggota Ekstrakurikuler',
  dudi: 'Relasi Dunia Usaha & Industri',
};

/**
 * What a kind needs from earlier kinds. When a parent kind fails in the same run, its dependants
 * are skipped (their rows would only turn into "parent missing" warnings).
 */
export const SYNC_KIND_PARENTS: Record<SyncKind, readonly SyncKind[]> = {
  sekolah: [],
  ptk: [],
  rombongan_belajar: ['sekolah', 'ptk'],
  peserta_didik_aktif: ['rombongan_belajar'],
  peserta_didik_keluar: ['rombongan_belajar'],
  anggota_rombel_pilihan: ['rombongan_belajar', 'peserta_didik_aktif'],
  pembelajaran: ['rombongan_belajar', 'ptk'],
  ekstrakurikuler: ['ptk'],
  anggota_ekskul: ['ekstrakurikuler', 'peserta_didik_aktif'],
  dudi: ['ptk', 'peserta_didik_aktif'],
};

/** Kinds in sync order (duplicates removed). */
export function orderKinds(kinds: readonly SyncKind[]): SyncKind[] {
  const wanted = new Set(kinds);
  return SYNC_KINDS.filter((k) => wanted.has(k));
}

export const SYNC_STATUS_LABELS = ['Belum', 'Kurang', 'Lengkap'] as const;
export type SyncStatusLabel = (typeof SYNC_STATUS_LABELS)[number];

/**
 * The status chip (reference-screens §4.1): nothing synced yet → Belum; Dapodik holds more than was
 * synced → Kurang; otherwise Lengkap. Without a Dapodik count (not reachable) the synced rows decide.
 */
export function syncStatusOf(dapodik: number | null, sinkron: number): SyncStatusLabel {
  if (sinkron <= 0) return dapodik === 0 ? 'Lengkap' : 'Belum';
  if (dapodik !== null && dapodik > sinkron) return 'Kurang';
  return 'Lengkap';
}

export const syncKindRowSchema = z.object({
  kind: syncKindSchema,
  label: z.string(),
  /** Count on the Dapodik side; null when Dapodik could not be asked. */
  dapodik: z.number().int().nullable(),
  /** Rows e-Rapor holds for this kind (the reference's "Jml Data e-Rapor"). */
  erapor: z.number().int(),
  /** Of those, rows that came from Dapodik. */
  sinkron: z.number().int(),
  status: z.enum(SYNC_STATUS_LABELS),
});
export type SyncKindRow = z.infer<typeof syncKindRowSchema>;

export const SYNC_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
export const isRunFinished = (s: SyncRunStatus) => s === 'done' || s === 'failed' || s === 'cancelled';

export const SYNC_KIND_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped', 'cancelled'] as const;
export type SyncKindStatus = (typeof SYNC_KIND_STATUSES)[number];

export const SYNC_PHASES = ['fetch', 'apply', 'reconcile', 'done'] as const;

export const syncKindResultSchema = z.object({
  kind: syncKindSchema,
  label: z.string(),
  status: z.enum(SYNC_KIND_STATUSES),
  phase: z.enum(SYNC_PHASES).nullable(),
  /** Rows received from Dapodik so far, and the total Dapodik announced. */
  fetched: z.number().int(),
  total: z.number().int().nullable(),
  /** Rows processed in the apply phase. */
  processed: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows that had been removed and came back. */
  revived: z.number().int(),
  /** Rows soft-deleted (or PTK marked as keluar) because Dapodik no longer has them. */
  removed: z.number().int(),
  /**
   * Rows Dapodik sent that were not stored (incomplete, in another semester, or what they hang on is
   * missing); each has a message. Every record of a kind is counted once: in inserted, updated,
   * unchanged, revived, removed, held or skipped.
   */
  skipped: z.number().int(),
  /** Removals held back by the safety valve (run again with confirm_deletions to apply them). */
  held: z.number().int(),
  warnings: z.number().int(),
  errors: z.number().int(),
  /** The first warnings and errors, in Indonesian (all are counted above). */
  messages: z.array(z.string()),
  /** Why the kind failed or was skipped. */
  error: z.string().nullable(),
});
export type SyncKindResult = z.infer<typeof syncKindResultSchema>;

/** A kind's result before the run reaches it (also fills fields an older stored report lacks). */
export function emptySyncKindResult(kind: SyncKind): SyncKindResult {
  return {
    kind,
    label: SYNC_KIND_LABELS[kind],
    status: 'pending',
    phase: null,
    fetched: 0,
    total: null,
    processed: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    revived: 0,
    removed: 0,
    skipped: 0,
    held: 0,
    warnings: 0,
    errors: 0,
    messages: [],
    error: null,
  };
}

export const syncRunSchema = z.object({
  id: z.uuid(),
  status: z.enum(SYNC_RUN_STATUSES),
  semester_id: z.string(),
  kinds: z.array(syncKindResultSchema),
  /** One line for the user: what is happening, or how it ended. */
  message: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncOverviewSchema = z.object({
  semester_id: z.string(),
  /** Whether the Dapodik URL and token are set (Pengaturan Umum). */
  configured: z.boolean(),
  url: z.string().nullable(),
  npsn: z.string(),
  /** Why the Dapodik counts are missing (not configured, unreachable...). */
  dapodik_error: z.string().nullable(),
  /** The nightly service window, when Dapodik reports it. */
  service_window: z
    .object({
      open: z.boolean(),
      opens_at: z.string().nullable(),
      /** While closed: what to tell the user (serviceWindowMessage). */
      message: z.string().nullable().optional(),
    })
    .nullable(),
  kinds: z.array(syncKindRowSchema),
  /** The run of this school and semester still going, if any (the screen follows it). */
  running_run_id: z.uuid().nullable(),
  last_run: syncRunSchema.nullable(),
});
export type SyncOverview = z.infer<typeof syncOverviewSchema>;

export const startSyncSchema = z
  .object({
    kinds: z.array(syncKindSchema).min(1).max(SYNC_KINDS.length).optional(),
    /** Allow removing more than the safety valve's share of a kind (reference-dapodik §7.4). */
    confirm_deletions: z.boolean().optional(),
  })
  .default({});
export type StartSync = z.infer<typeof startSyncSchema>;

export const startSyncResponseSchema = z.object({ runId: z.uuid(), message: z.string() });

/** Share of a kind's rows a sync may remove without confirmation. */
export const DELETION_SAFETY_RATIO = 0.3;

export const SYNC_MESSAGES = {
  started: 'Sinkronisasi Dapodik dimulai.',
  alreadyRunning:
    'Sinkronisasi Dapodik untuk sekolah dan semester ini sedang berjalan. Tunggu sampai selesai atau batalkan dulu.',
  notConfigured:
    'Alamat (URL) dan Token Dapodik belum diatur. Isi keduanya di menu Pengaturan Umum, lalu coba lagi.',
  runNotFound: 'Proses sinkronisasi tidak ditemukan.',
  notRunning: 'Proses sinkronisasi ini sudah selesai.',
  cancelRequested: 'Pembatalan diminta: proses berhenti setelah halaman data yang sedang diambil.',
  cancelled: 'Sinkronisasi dibatalkan. Data jenis yang sedang diproses tidak diubah.',
  interrupted: 'Server berhenti sebelum sinkronisasi ini selesai. Silahkan jalankan ulang.',
  skippedParent: (parent: string) =>
    `Dilewati: ${parent} gagal disinkronkan pada proses ini, sehingga data ini tidak dapat diproses.`,
  skippedAfterFatal: 'Dilewati: proses dihentikan karena kesalahan di atas.',
  doneAll: (n: number) => `Sinkronisasi selesai: ${n} jenis data berhasil diproses.`,
  doneNoChanges: 'Sinkronisasi selesai: tidak ada perubahan, semua data sudah sama dengan Dapodik.',
  donePartial: (ok: number, failed: number) =>
    `Sinkronisasi selesai sebagian: ${ok} jenis data berhasil, ${failed} gagal atau dilewati. Lihat rincian per jenis data.`,
  progress: (label: string) => `Memproses ${label}`,
  // Faults of the connection to Dapodik (each its own message, reference-dapodik §7.3).
  timeout:
    'Dapodik tidak menjawab dalam batas waktu (timeout), juga setelah beberapa kali dicoba. Periksa jaringan ke server Dapodik, lalu coba lagi.',
  unreachable: (url: string) =>
    `Tidak dapat terhubung ke server Dapodik di ${url}. Pastikan alamatnya benar dan layanan Dapodik sedang berjalan.`,
  accessDenied:
    'Dapodik menolak akses (token tidak valid, atau alamat IP server e-Rapor belum diizinkan). Periksa Token Dapodik di Pengaturan Umum.',
  schoolNotFound: (npsn: string) =>
    `Sekolah dengan NPSN ${npsn} tidak ditemukan di Dapodik. Periksa NPSN sekolah dan alamat Dapodik.`,
  serviceWindow: (w: ServiceWindowTimes = {}) => serviceWindowMessage(w),
  rateLimited:
    'Dapodik sedang sibuk dan meminta e-Rapor menunggu (terlalu banyak permintaan). Sinkronisasi dihentikan setelah beberapa kali mencoba; silahkan coba lagi beberapa menit lagi.',
  malformed:
    'Jawaban Dapodik tidak dapat dibaca (bukan data JSON yang utuh, misalnya halaman HTML atau data terpotong). Silahkan coba lagi; jika terus terjadi, periksa alamat Dapodik.',
  serverError: (status: number) =>
    `Server Dapodik sedang mengalami gangguan (HTTP ${status}). Silahkan coba lagi beberapa saat lagi.`,
  tooLarge: 'Jawaban Dapodik terlalu besar (lebih dari batas 50 MB). Hubungi administrator.',
  insecureUrl:
    'Alamat Dapodik memakai http:// ke alamat publik. Gunakan https://, atau alamat di jaringan lokal sekolah.',
  redirected: 'Dapodik mengalihkan permintaan ke alamat lain; pengalihan tidak diikuti demi keamanan.',
  semesterMismatch: (dapodik: string, erapor: string) =>
    `Semester aktif di Dapodik (${dapodik}) berbeda dengan semester login e-Rapor (${erapor}). Login dengan semester yang sama, lalu coba lagi.`,
  unexpected: 'Terjadi kesalahan saat memproses data ini. Perubahan data jenis ini dibatalkan.',
  deadline: 'Sinkronisasi melewati batas waktu 15 menit dan dihentikan.',
  // Warnings on single rows.
  parentMissing: (what: string, id: string) => `${what} ${id} tidak ada di e-Rapor; baris dilewati.`,
  /** A link that is left empty while the row itself is stored. */
  parentMissingKept: (what: string, id: string, row: string, without: string) =>
    `${what} ${id} tidak ada di e-Rapor; ${row} tetap disimpan tanpa ${without}.`,
  /** `local`: the keeper is a pupil the school created in e-Rapor (it keeps the NISN it holds). */
  duplicateNisn: (nisn: string, keeper: string, others: readonly string[], local = false) =>
    `NISN ${nisn} dipakai lebih dari satu peserta didik di Dapodik: ${keeper} dan ${others.join(', ')}. NISN disimpan pada ${keeper} (${
      local ? 'peserta didik yang dibuat di e-Rapor' : 'peserta_didik_id Dapodik terkecil'
    }); ${others.join(', ')} disimpan tanpa NISN. Perbaiki NISN di Dapodik.`,
  safetyValve: (label: string, remove: number, of: number) =>
    `${label}: ${remove} dari ${of} data tidak ada lagi di Dapodik (lebih dari 30%). Penghapusan ditahan; jalankan ulang dengan konfirmasi penghapusan bila memang benar.`,
  gradesOnRemoved: (n: number) =>
    `${n} keanggotaan rombel yang dihapus masih memiliki nilai; nilai tetap tersimpan tetapi tidak tampil di kelas baru.`,
} as const;

// --- the nightly service window (reference-dapodik §1.1) ---

/** The window Dapodik is known to close in, WIB wall time, when the source does not say. */
export const DAPODIK_SERVICE_WINDOW = { from: '00.00', until: '03.00' } as const;

/** The window as far as the source told it (WIB wall time "HH.MM"); missing parts take the default. */
export interface ServiceWindowTimes {
  from?: string | null;
  until?: string | null;
}

/** An instant (ISO string or Date) as WIB wall time "HH.MM" (UTC+7, no daylight saving); null if unreadable. */
export function wibTime(at: string | Date | null | undefined): string | null {
  if (at === null || at === undefined || at === '') return null;
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(11, 16).replace(':', '.');
}

/** What the user reads while Dapodik is closed: the window, and when to come back. */
export function serviceWindowMessage(w: ServiceWindowTimes = {}): string {
  const from = w.from || DAPODIK_SERVICE_WINDOW.from;
  const until = w.until || DAPODIK_SERVICE_WINDOW.until;
  return `Layanan Dapodik ditutup pukul ${from}–${until} WIB. Silahkan coba lagi setelah pukul ${until} WIB.`;
}

// --- one NISN, several pupils (decision 016) ---

export interface NisnClaim {
  /** The pupil's peserta_didik_id in Dapodik. */
  id: string;
  nama: string;
  nisn: string | null;
  /** A pupil the school created in e-Rapor (no Dapodik id) already holding the NISN: it keeps it. */
  local?: boolean;
}

export interface NisnClash<T extends NisnClaim = NisnClaim> {
  nisn: string;
  keeper: T;
  /** Stored without NISN. */
  others: T[];
}

/**
 * NISN is unique per school, but Dapodik may give one NISN to several pupils. The rule, the same for
 * the demo seed, the /sync/v1 pull and the Web Service pull, whatever order the rows come in: the
 * pupil with the smallest peserta_didik_id (compared as lower-case text) keeps it, the others are
 * stored without NISN — unless a pupil the school created itself already holds it. `nisnOf` gives the
 * NISN each pupil keeps (null when none); `clashes` lists every shared NISN, by NISN.
 */
export function resolveNisn<T extends NisnClaim>(
  pupils: readonly T[],
): { nisnOf: (id: string) => string | null; clashes: NisnClash<T>[] } {
  const byNisn = new Map<string, T[]>();
  for (const p of pupils) {
    if (!p.nisn) continue;
    const claims = byNisn.get(p.nisn) ?? [];
    if (!claims.some((c) => c.id.toLowerCase() === p.id.toLowerCase())) claims.push(p);
    byNisn.set(p.nisn, claims);
  }
  const kept = new Map<string, string>();
  const clashes: NisnClash<T>[] = [];
  const rank = (p: T) => `${p.local ? '0' : '1'}${p.id.toLowerCase()}`;
  for (const [nisn, claims] of byNisn) {
    const sorted = [...claims].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    const [keeper, ...others] = sorted as [T, ...T[]];
    kept.set(keeper.id.toLowerCase(), nisn);
    if (others.length) clashes.push({ nisn, keeper, others });
  }
  clashes.sort((a, b) => (a.nisn < b.nisn ? -1 : a.nisn > b.nisn ? 1 : 0));
  return { nisnOf: (id) => kept.get(id.toLowerCase()) ?? null, clashes };
}
