import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { REPO_ROOT } from '../config';

/** The national reference set as published, next to the repository (tests read excerpts of it). */
export const PUBLISHED_DIR = resolve(process.env.REFERENCE_DIR || resolve(REPO_ROOT, '../shared/reference'));

type Row = Record<string, unknown>;

/** The first `n` rows of a published JSON file (the whole file is small enough for a test to read). */
export function excerpt(file: string, n = Number.POSITIVE_INFINITY): Row[] {
  const rows = JSON.parse(readFileSync(join(PUBLISHED_DIR, file), 'utf8')) as Row[];
  return rows.slice(0, n);
}

export interface FixtureDir {
  dir: string;
  /** Writes `rows` (or raw text) to `file` under the directory. */
  write(file: string, rows: unknown[] | string): void;
  copy(file: string): void;
  remove(): void;
}

export function fixtureDir(): FixtureDir {
  const dir = mkdtempSync(join(tmpdir(), 'erapor-ref-'));
  const path = (file: string) => {
    const p = join(dir, file);
    mkdirSync(dirname(p), { recursive: true });
    return p;
  };
  return {
    dir,
    write(file, rows) {
      writeFileSync(path(file), typeof rows === 'string' ? rows : JSON.stringify(rows));
    },
    copy(file) {
      copyFileSync(join(PUBLISHED_DIR, file), path(file));
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A small directory laid out as published, from real excerpts: two parts of each split table,
 * the period files (the national semester file marks 20221 active), the title lists, a few
 * regions, and the small workbooks (ref_cp_pkl.xlsx, p5.xlsx).
 */
export function smallReferenceDir(): FixtureDir {
  const f = fixtureDir();
  f.write('json/ref_agama.json', excerpt('json/ref_agama.json'));
  f.write('json/pekerjaan.json', excerpt('json/pekerjaan.json', 6));
  f.write('json/jenis_ptk.json', excerpt('json/jenis_ptk.json'));
  f.write('json/tahun_ajaran.json', excerpt('json/tahun_ajaran.json'));
  f.write('json/semester.json', excerpt('json/semester.json'));
  f.write('json/gelar_akademik.json', excerpt('json/gelar_akademik.json'));
  f.write('json/gelar.json', excerpt('json/gelar.json'));
  f.write('json/mst_wilayah_1.json', excerpt('json/mst_wilayah_1.json', 10));
  f.write(
    'json/kompetensi_dasar/kompetensi_dasar-1.json',
    excerpt('json/kompetensi_dasar/kompetensi_dasar-1.json', 25),
  );
  f.write(
    'json/kompetensi_dasar/kompetensi_dasar-2.json',
    excerpt('json/kompetensi_dasar/kompetensi_dasar-2.json', 25),
  );
  f.write(
    'json/mata_pelajaran_kurikulum/mata_pelajaran_kurikulum-1.json',
    excerpt('json/mata_pelajaran_kurikulum/mata_pelajaran_kurikulum-1.json', 20),
  );
  f.copy('xlsx/ref_cp_pkl.xlsx');
  f.copy('xlsx/p5.xlsx');
  return f;
}
