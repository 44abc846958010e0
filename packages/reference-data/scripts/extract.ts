/**
 * Extracts the compact built-in reference set from the national files in `../shared/reference`
 * into `packages/reference-data/data/*.json`.
 *
 *   npx tsx packages/reference-data/scripts/extract.ts [path/to/shared/reference]
 *
 * Rows are copied as published: same field names, same values, same order. Only the choice of
 * rows is ours (see README.md). Output is one row per line so diffs stay readable, and the run is
 * deterministic: running it twice gives byte-identical files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

type Row = Record<string, unknown>;

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, '..');
const out = join(pkg, 'data');
const source = resolve(process.argv[2] ?? join(pkg, '../../../shared/reference'));
const jsonDir = join(source, 'json');
const xlsxDir = join(source, 'xlsx');

if (!existsSync(jsonDir)) {
  console.error(`Reference folder not found: ${jsonDir}`);
  process.exit(1);
}

/** Curricula the demo school uses directly (its rombel and sub-subjects). Their subject lists are kept. */
export const DEMO_KURIKULUM_IDS = [
  10722, // SMK Merdeka Teknik Jaringan Komputer dan Telekomunikasi (grade 10, TJKT)
  10721, // SMK Merdeka Pengembangan Perangkat Lunak dan Gim (grade 10, PPLG)
  10739, // SMK Merdeka Akuntansi dan Keuangan Lembaga (grade 10, AKL)
  10738, // SMK Merdeka Manajemen Perkantoran dan Layanan Bisnis (grade 10, MPLB)
  10816, // SMK Merdeka Teknik Komputer dan Jaringan (grades 11-12)
  10813, // SMK Merdeka Rekayasa Perangkat Lunak
  10852, // SMK Merdeka Akuntansi
  10848, // SMK Merdeka Manajemen Perkantoran
  418, // SMK 2013 REV. Teknik Komputer dan Jaringan (the legacy K13 class)
  417, // SMK 2013 REV. Rekayasa Perangkat Lunak (sub-subject ids)
  462, // SMK 2013 REV. Akuntansi dan Keuangan Lembaga (sub-subject ids)
  461, // SMK 2013 REV. Otomatisasi dan Tata Kelola Perkantoran (sub-subject ids)
];

/** Kabupaten/kota whose kecamatan are kept (the demo school is in Kota Bekasi). */
export const DEMO_KAB_KOTA = ['026500  ', '022200  ']; // Kota Bekasi, Kab. Bekasi

function readJson(name: string): Row[] {
  return JSON.parse(readFileSync(join(jsonDir, name), 'utf8')) as Row[];
}

function write(name: string, rows: unknown[]): void {
  const body = rows.length === 0 ? '[]\n' : `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
  writeFileSync(join(out, name), body);
  console.log(
    `${name.padEnd(34)} ${String(rows.length).padStart(5)} rows ${(body.length / 1024).toFixed(1)} KiB`,
  );
}

mkdirSync(out, { recursive: true });

// 1. Small national tables, kept whole.
for (const name of [
  'ref_agama.json',
  'pekerjaan.json',
  'jenis_ptk.json',
  'status_kepegawaian.json',
  'jabatan_ptk.json',
  'gelar_akademik.json',
  'ref_kelompok.json',
  'level_wilayah.json',
]) {
  write(name, readJson(name));
}

// 2. Curricula: every "SMK Merdeka ..." curriculum plus the K13 SMK ones the demo uses.
const kurikulumAll = readJson('kurikulum.json');
const k13Ids = new Set(DEMO_KURIKULUM_IDS.filter((id) => id < 10000));
const kurikulum = kurikulumAll.filter(
  (k) => String(k.nama_kurikulum).startsWith('SMK Merdeka') || k13Ids.has(k.kurikulum_id as number),
);
write('kurikulum.json', kurikulum);
const keptKurikulum = new Set(kurikulum.map((k) => k.kurikulum_id as number));
const demoKurikulum = new Set(DEMO_KURIKULUM_IDS);

// 3. Subjects: every subject listed by a kept curriculum (all tingkat); the subject lists
//    themselves only for the demo's curricula (the full Merdeka set is ~24k rows, ~8 MB).
const mapelIds = new Set<number>();
const mapelKurikulum: Row[] = [];
const mpkDir = join(jsonDir, 'mata_pelajaran_kurikulum');
const mpkFiles = readdirSync(mpkDir)
  .filter((f) => f.endsWith('.json'))
  .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
for (const file of mpkFiles) {
  for (const row of JSON.parse(readFileSync(join(mpkDir, file), 'utf8')) as Row[]) {
    const k = row.kurikulum_id as number;
    if (!keptKurikulum.has(k)) continue;
    mapelIds.add(row.mata_pelajaran_id as number);
    if (demoKurikulum.has(k)) mapelKurikulum.push(row);
  }
}
const mapelOrder = (r: Row) =>
  [r.kurikulum_id, r.tingkat_pendidikan_id, r.mata_pelajaran_id]
    .map((v) => String(v).padStart(10, '0'))
    .join('|');
mapelKurikulum.sort((a, b) => (mapelOrder(a) < mapelOrder(b) ? -1 : mapelOrder(a) > mapelOrder(b) ? 1 : 0));
const mataPelajaran = readJson('mata_pelajaran.json').filter((m) =>
  mapelIds.has(m.mata_pelajaran_id as number),
);
write('mata_pelajaran.json', mataPelajaran);
write('mata_pelajaran_kurikulum.json', mapelKurikulum);

// Subjects e-Rapor adds itself because the national file (2022) predates them. Same columns as
// mata_pelajaran.json; the id and name are the ones e-Rapor seeds (reference-domain §1.3).
const template = mataPelajaran.find((m) => m.mata_pelajaran_id === 200040000) ?? mataPelajaran[0] ?? {};
const erapor: Row[] = [];
if (!mataPelajaran.some((m) => m.mata_pelajaran_id === 800001000)) {
  erapor.push({
    ...Object.fromEntries(Object.keys(template).map((k) => [k, null])),
    mata_pelajaran_id: 800001000,
    nama: 'Praktik Kerja Lapangan',
    pilihan_sekolah: '1',
    pilihan_buku: '1',
    pilihan_kepengawasan: '1',
    pilihan_evaluasi: '0',
    jurusan_id: null,
  });
}
write('mata_pelajaran_erapor.json', erapor);

// 4. Programmes: those of the kept curricula and their parents (bidang > program > konsentrasi).
const jurusanAll = readJson('jurusan.json');
const jurusanById = new Map(jurusanAll.map((j) => [j.jurusan_id as string, j]));
const jurusanIds = new Set<string>();
for (const k of kurikulum) {
  let id = k.jurusan_id as string | null;
  while (id && !jurusanIds.has(id)) {
    jurusanIds.add(id);
    id = (jurusanById.get(id)?.jurusan_induk as string | null) ?? null;
  }
}
write(
  'jurusan.json',
  jurusanAll.filter((j) => jurusanIds.has(j.jurusan_id as string)),
);

// 5. Regions: Indonesia, every province, the demo's kabupaten/kota and their kecamatan.
const w0 = readJson('mst_wilayah_0.json');
const w1 = readJson('mst_wilayah_1.json');
const w2 = readJson('mst_wilayah_2.json').filter((w) => DEMO_KAB_KOTA.includes(w.kode_wilayah as string));
const w3 = readJson('mst_wilayah_3.json').filter((w) => DEMO_KAB_KOTA.includes(w.mst_kode_wilayah as string));
write('mst_wilayah.json', [...w0, ...w1, ...w2, ...w3]);

// 6. P5 dimensions, elements and sub-elements from p5.xlsx (header row = field names, as published).
async function sheetRows(file: string): Promise<Map<string, Row[]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(xlsxDir, file));
  const sheets = new Map<string, Row[]>();
  for (const ws of wb.worksheets) {
    const header: string[] = [];
    const rows: Row[] = [];
    ws.eachRow((row, n) => {
      const values = (row.values as unknown[]).slice(1);
      if (n === 1) {
        header.push(...values.map((v) => String(v)));
        return;
      }
      const r: Row = {};
      header.forEach((h, i) => {
        const v = values[i];
        r[h] = v === undefined ? null : typeof v === 'object' && v !== null && 'result' in v ? v.result : v;
      });
      rows.push(r);
    });
    sheets.set(ws.name, rows);
  }
  return sheets;
}

const p5 = await sheetRows('p5.xlsx');
write('p5_dimensi.json', p5.get('dimensi') ?? []);
write('p5_elemen.json', p5.get('elemen') ?? []);
write('p5_sub_elemen.json', p5.get('sub_elemen') ?? []);

let total = 0;
for (const f of readdirSync(out)) total += readFileSync(join(out, f)).length;
console.log(`total ${(total / 1024).toFixed(1)} KiB`);
