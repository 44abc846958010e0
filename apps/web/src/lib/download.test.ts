import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf: the name the server gave the download', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="Leger Nilai X TKJ 1.xlsx"; filename*=UTF-8''Leger%20Nilai%20X%20TKJ%201.xlsx`,
        'x.xlsx',
      ),
    ).toBe('Leger Nilai X TKJ 1.xlsx');
    expect(fileNameOf(`attachment; filename*=UTF-8''Leger%20Nilai%20XI%20%C3%89.xlsx`, 'x.xlsx')).toBe(
      'Leger Nilai XI É.xlsx',
    );
    expect(fileNameOf('attachment; filename="Leger Nilai XII.xlsx"', 'x.xlsx')).toBe('Leger Nilai XII.xlsx');
    expect(fileNameOf('', 'Leger Nilai.xlsx')).toBe('Leger Nilai.xlsx');
  });
});
