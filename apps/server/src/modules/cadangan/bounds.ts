/**
 * Bounds of a backup archive when it is read (decision 018's rule: everything that comes in is read
 * within limits). The demo school (1,487 pupils, four semesters of grades) is ~N MB compressed
 * and ~M MB inflated (decision 044); these leave ample room for the largest SMK and stop a file
 * that lies about itself before it costs memory or time.
 */
export const ARCHIVE_BOUNDS = {
  /** The whole file (compressed). */
  maxFileBytes: 512 * 1024 * 1024,
  /** The first two lines (magic, manifest). */
  maxHeaderBytes: 1024 * 1024,
  /** Inflated data. */
  maxInflatedBytes: 4 * 1024 * 1024 * 1024,
  /** One line of inflated data (one row; a logo or a photo is the largest). */
  maxLineBytes: 16 * 1024 * 1024,
  maxTables: 500,
  maxRows: 20_000_000,
} as const;
