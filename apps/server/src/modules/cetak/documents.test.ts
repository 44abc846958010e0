import { RAPOR_DOKUMEN } from '@erapor/contract/cetak/rapor';
import { describe, expect, it } from 'vitest';
import { contentDisposition, DOCUMENT_KINDS, DOCUMENTS, type FileNameOf, RAPOR_TITLE } from './documents';
import { BUILDERS } from './single-documents';

/*
 * Issue #30 item 2: one registry of printed documents (documents.ts). Every kind has a title, a
 * file name and a builder in the render worker (single-documents.ts); the routes' file names are
 * the ones the routes sent before the registry (same URLs, same names).
 */

/** Only the fields a file name reads: the rest of a document's data does not matter here. */
const data = <K extends keyof typeof DOCUMENTS>(_kind: K, d: unknown) => d as FileNameOf<K>;

describe('document registry', () => {
  it('gives every kind a title, a file name and a worker builder', () => {
    expect(DOCUMENT_KINDS).toEqual(['rapor', 'p5', 'pkl', 'transkrip', 'skl', 'sertifikat', 'slip-akun']);
    expect(Object.keys(BUILDERS).sort()).toEqual([...DOCUMENT_KINDS].sort());
    for (const kind of DOCUMENT_KINDS) {
      const entry = DOCUMENTS[kind];
      expect(entry.title.trim(), kind).not.toBe('');
      expect(typeof entry.fileName, kind).toBe('function');
      expect(typeof BUILDERS[kind], kind).toBe('function');
    }
    expect(Object.keys(RAPOR_TITLE).sort()).toEqual([...RAPOR_DOKUMEN].sort());
  });

  it('sends the file names the routes sent before it', () => {
    const siswa = { nisn: '0012345678', nis: '1234', anggotaRombelId: 'ar-1', nama: 'Budi Santoso' };
    const tanpa = { nisn: null, nis: null, anggotaRombelId: 'ar/2', nama: 'Siti' };
    expect(contentDisposition('rapor', data('rapor', { dokumen: 'nilai-akhir', doc: { siswa } }))).toBe(
      'inline; filename="rapor-nilai-akhir-0012345678.pdf"',
    );
    expect(contentDisposition('rapor', data('rapor', { dokumen: 'cover', doc: { siswa: tanpa } }))).toBe(
      'inline; filename="rapor-cover-ar2.pdf"',
    );
    expect(contentDisposition('p5', data('p5', { siswa: { ...siswa, nisn: null } }))).toBe(
      'inline; filename="rapor-p5-ar-1.pdf"',
    );
    expect(
      contentDisposition('transkrip', data('transkrip', { doc: { siswa: { ...siswa, nisn: null } } })),
    ).toBe('inline; filename="transkrip-1234.pdf"');
    expect(contentDisposition('skl', data('skl', { doc: { siswa } }))).toBe(
      'inline; filename="skl-0012345678.pdf"',
    );
    expect(contentDisposition('skl', { pratinjau: true })).toBe('inline; filename="pratinjau-skl.pdf"');
    expect(
      contentDisposition(
        'pkl',
        data('pkl', { siswa: { ...siswa, nama: 'Budi  Ṡantoso' }, plan: { dudi: 'PT Maju/Jaya' } }),
      ),
    ).toBe(
      `inline; filename="Rapor PKL 0012345678 Budi _antoso - PT Maju_Jaya.pdf"; filename*=UTF-8''${encodeURIComponent('Rapor PKL 0012345678 Budi Ṡantoso - PT Maju_Jaya.pdf')}`,
    );
    expect(
      contentDisposition(
        'sertifikat',
        data('sertifikat', { sertifikat: { nisn: '99', nama: 'Ani' }, pratinjau: false }),
      ),
    ).toBe(
      `inline; filename="Sertifikat UKK 99 Ani.pdf"; filename*=UTF-8''${encodeURIComponent('Sertifikat UKK 99 Ani.pdf')}`,
    );
    expect(contentDisposition('sertifikat', data('sertifikat', { sertifikat: {}, pratinjau: true }))).toBe(
      'inline; filename="pratinjau-sertifikat.pdf"',
    );
    expect(contentDisposition('slip-akun', { input: { kind: 'pd' } })).toBe(
      'attachment; filename="slip-akun-peserta-didik.pdf"',
    );
    expect(contentDisposition('slip-akun', { input: { kind: 'ptk' } })).toBe(
      'attachment; filename="slip-akun-ptk.pdf"',
    );
  });
});
