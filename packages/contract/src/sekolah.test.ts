import { describe, expect, it } from 'vitest';
import { sumberDapodik, tempatRapor } from './sekolah';

describe('sumberDapodik', () => {
  it('reads the stored choice, spellings typed by hand included', () => {
    expect(sumberDapodik('webservice')).toBe('webservice');
    expect(sumberDapodik(' WS ')).toBe('webservice');
    expect(sumberDapodik('web_service')).toBe('webservice');
    expect(sumberDapodik('sync')).toBe('sync');
    expect(sumberDapodik('sync/v1')).toBe('sync');
  });

  it('is auto when nothing or something unknown is stored', () => {
    expect(sumberDapodik(null)).toBe('auto');
    expect(sumberDapodik(undefined)).toBe('auto');
    expect(sumberDapodik('auto')).toBe('auto');
    expect(sumberDapodik('ftp')).toBe('auto');
  });
});

describe('tempatRapor', () => {
  it('prints the school’s own place, else the kabupaten/kota without its prefix', () => {
    expect(tempatRapor(' Cimahi ', 'Kab. Bandung Barat')).toBe('Cimahi');
    expect(tempatRapor(null, 'Kab. Bandung Barat')).toBe('Bandung Barat');
    expect(tempatRapor('', 'Kabupaten Sleman')).toBe('Sleman');
    expect(tempatRapor(undefined, 'Kota Yogyakarta')).toBe('Yogyakarta');
    expect(tempatRapor(null, 'Kota Adm. Jakarta Selatan')).toBe('Jakarta Selatan');
    expect(tempatRapor(null, 'Kotabaru')).toBe('Kotabaru');
    expect(tempatRapor(null, null)).toBe('');
  });
});
