import { IMPORT_REFERENSI_MESSAGES, type ImportReferensiReport } from '@erapor/contract/jobs';

const sum = (r: ImportReferensiReport, k: 'inserted' | 'updated' | 'unchanged' | 'bad' | 'skipped') =>
  Object.values(r.tables).reduce((s, c) => s + c[k], 0);

/** One line for the job status and the end of the command-line output. */
export function summaryLine(r: ImportReferensiReport): string {
  const problems: string[] = [];
  if (r.badTotal > 0) problems.push(`${r.badTotal} baris salah (dilewati)`);
  if (r.failedFiles.length > 0) problems.push(`${r.failedFiles.length} berkas gagal`);
  const tail = problems.length ? `; ${problems.join(', ')}` : '';
  if (!r.changed)
    return tail
      ? `${IMPORT_REFERENSI_MESSAGES.noChanges.replace(/\.$/, '')}${tail}.`
      : IMPORT_REFERENSI_MESSAGES.noChanges;
  return `Selesai: ${sum(r, 'inserted')} baris baru, ${sum(r, 'updated')} diubah, ${sum(r, 'unchanged')} tetap${tail}.`;
}

/** The report as text: counts per table, then bad rows (file, sheet, row) and failed files. */
export function formatReport(r: ImportReferensiReport): string[] {
  const lines: string[] = [];
  const headers = ['tabel', 'baru', 'diubah', 'tetap', 'dilewati', 'salah'];
  const body = Object.entries(r.tables).map(([name, c]) => [
    name,
    ...[c.inserted, c.updated, c.unchanged, c.skipped, c.bad].map(String),
  ]);
  const widths = headers.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const fmt = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  lines.push(fmt(headers));
  lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) lines.push(fmt(row));
  if (r.badTotal > 0) {
    lines.push('');
    lines.push(`Baris salah (${r.badTotal}, tidak diimpor):`);
    for (const b of r.badRows) {
      lines.push(`  ${b.file}${b.sheet ? ` [${b.sheet}]` : ''} baris ${b.row}: ${b.message}`);
    }
    if (r.badTotal > r.badRows.length) lines.push(`  ... dan ${r.badTotal - r.badRows.length} lainnya`);
  }
  if (r.failedFiles.length > 0) {
    lines.push('');
    lines.push('Berkas gagal:');
    for (const f of r.failedFiles) lines.push(`  ${f.file}: ${f.message}`);
  }
  if (r.ignoredFiles.length > 0) {
    lines.push('');
    lines.push(`Tidak dibaca (bukan tabel referensi): ${r.ignoredFiles.join(', ')}`);
  }
  lines.push('');
  lines.push(`${r.files} berkas dalam ${r.seconds} detik. ${summaryLine(r)}`);
  return lines;
}
