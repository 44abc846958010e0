import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Reading the PDFs the app prints, as a person would read them: poppler's pdftotext (Debian's
 * poppler-utils, installed by .ci/run). One copy for every spec that checks a printed document.
 */

/** A PDF's bytes written to a file of its own (pdftotext reads files). */
export function pdfFile(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-pdf-')), 'dokumen.pdf');
  writeFileSync(file, pdf);
  return file;
}

/** The text of a PDF (its bytes, or the path of a downloaded file), white space squeezed to one space. */
export function pdfText(pdf: Buffer | string): string {
  const file = typeof pdf === 'string' ? pdf : pdfFile(pdf);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** pdftotext's word boxes (`-bbox`) as its XHTML. */
export function pdfWordBoxes(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-bbox', pdfFile(pdf), '-'], { encoding: 'utf8' });
}
