import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import {
  closeSpreadsheetReader,
  readWorkbook,
  warmSpreadsheetReader,
} from '../apps/server/src/lib/spreadsheet/read';
import { workbookToModel } from '../apps/server/src/lib/spreadsheet/to-model';
import { buildTemplate } from '../apps/server/src/modules/penilaian/excel';
import { percentile } from './stats';
import type { BenchResult } from './types';

/*
 * Uploaded workbooks are read in a worker thread behind a zip budget (decision 018). A teacher's
 * full class template — 36 pupils × 12 TP, every score filled — read through readWorkbook in a warm
 * worker: p95 ≤ 300 ms over 30 reads. The worker's cold start (thread + tsx + exceljs) is measured
 * and printed; so is the same read in process, for comparison.
 */

const PUPILS = 36;
const TPS = 12;
const READS = 30;

async function classTemplate(): Promise<Buffer> {
  const pupils = Array.from({ length: PUPILS }, (_, i) => ({
    anggota_rombel_id: randomUUID(),
    peserta_didik_id: randomUUID(),
    nama: `Peserta Didik ${String(i + 1).padStart(2, '0')}`,
    nisn: String(10_000_000 + i).padStart(10, '0'),
  }));
  const tp = Array.from({ length: TPS }, (_, i) => ({
    tp_id: randomUUID(),
    label: `TP ${i + 1}`,
    deskripsi: `Tujuan pembelajaran nomor ${i + 1} yang cukup panjang untuk sebuah kolom`,
  }));
  const values = new Map<string, number>();
  for (const p of pupils)
    for (const t of tp) values.set(`${p.anggota_rombel_id}#${t.tp_id}`, 70 + ((values.size * 7) % 30));
  return buildTemplate({
    jenis: 'lingkup-materi',
    pembelajaranId: randomUUID(),
    rombonganBelajarId: randomUUID(),
    mapel: 'Matematika',
    kelas: 'X TKJ 1',
    tahunPelajaran: '2026/2027',
    semesterId: '20261',
    pupils,
    tp,
    values,
  });
}

const ms = (n: number) => Math.round(n * 10) / 10;

export async function spreadsheetReadBench(): Promise<BenchResult[]> {
  const data = await classTemplate();

  const colds: number[] = [];
  for (let i = 0; i < 3; i++) {
    await closeSpreadsheetReader();
    const t = performance.now();
    await warmSpreadsheetReader();
    colds.push(performance.now() - t);
  }
  await closeSpreadsheetReader();
  const t0 = performance.now();
  await readWorkbook(data, 'nilai.xlsx');
  const coldRead = performance.now() - t0;

  for (let i = 0; i < 5; i++) await readWorkbook(data, 'nilai.xlsx');
  const warm: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t = performance.now();
    await readWorkbook(data, 'nilai.xlsx');
    warm.push(performance.now() - t);
  }
  const inProcess: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t = performance.now();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    workbookToModel(wb);
    inProcess.push(performance.now() - t);
  }
  await closeSpreadsheetReader();

  console.log(
    `Spreadsheet reader: class template ${PUPILS}×${TPS} = ${(data.length / 1024).toFixed(1)} kB; ` +
      `worker cold start ${colds.map((c) => ms(c)).join(' / ')} ms, first read with a cold worker ${ms(coldRead)} ms; ` +
      `warm read p50 ${ms(percentile(warm, 50))} ms, p95 ${ms(percentile(warm, 95))} ms; ` +
      `same read in process p50 ${ms(percentile(inProcess, 50))} ms, p95 ${ms(percentile(inProcess, 95))} ms.`,
  );
  return [
    {
      name: `readWorkbook class template ${PUPILS}×${TPS}, warm worker, p95`,
      value: ms(percentile(warm, 95)),
      unit: 'ms',
      budget: 300,
    },
    { name: 'spreadsheet worker cold start (median of 3)', value: ms(percentile(colds, 50)), unit: 'ms' },
  ];
}
