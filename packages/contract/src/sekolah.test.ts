import { describe, expect, it } from 'vitest';
import { sumberDapodik } from './sekolah';

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
