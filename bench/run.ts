import { cadanganBench } from './cadangan';
import { demoSeedBench } from './demo-seed';
import { imagesBench } from './images';
import { importReference } from './import-reference';
import { legerBench } from './leger';
import { loginLatency } from './login-latency';
import { loginPageWeight } from './login-page-weight';
import { memoryBench } from './memory';
import { monitoringBench } from './monitoring';
import { pdListLatency } from './pd-list';
import { penilaianBench } from './penilaian';
import { pklBench } from './pkl';
import { portalBench } from './portal';
import { projekBench } from './projek';
import { raporBench } from './rapor';
import { startServer } from './server';
import { spreadsheetReadBench } from './spreadsheet-read';
import { loadAverage } from './stats';
import { syncBench } from './sync';
import { transkripBenchAll } from './transkrip';
import type { BenchResult } from './types';
import { ukkBench } from './ukk';

// `npm run bench`: every benchmark with its budget; exits 1 when a budget is missed.
const results: BenchResult[] = [];

// Latency budgets hold on an otherwise idle machine; say how busy it was so a miss can be judged.
const loadBefore = loadAverage();

const server = await startServer();
try {
  results.push(...(await loginPageWeight(server.url)));
} finally {
  await server.stop();
}
results.push(...(await loginLatency()));
results.push(...(await importReference()));
results.push(...(await demoSeedBench()));
results.push(...(await pdListLatency()));
results.push(...(await penilaianBench()));
results.push(...(await syncBench()));
results.push(...(await spreadsheetReadBench()));
results.push(...(await legerBench()));
results.push(...(await raporBench()));
results.push(...(await transkripBenchAll()));
results.push(...(await portalBench()));
results.push(...(await pklBench()));
results.push(...(await monitoringBench()));
results.push(...(await projekBench()));
results.push(...(await ukkBench()));
results.push(...(await cadanganBench()));
results.push(...(await imagesBench()));
results.push(...(await memoryBench()));

const rows = results.map((r) => ({
  benchmark: r.name,
  value: `${r.value} ${r.unit}`,
  budget: r.budget === undefined ? '' : `≤ ${r.budget} ${r.unit}`,
  result: r.budget === undefined ? '' : r.value <= r.budget ? 'ok' : 'MISSED',
}));
console.table(rows);
console.log(`Machine: ${loadBefore} at the start, ${loadAverage()} at the end.`);
const missed = rows.filter((r) => r.result === 'MISSED');
if (missed.length > 0) {
  console.error(`Budget missed: ${missed.map((m) => m.benchmark).join(', ')}`);
  process.exit(1);
}
