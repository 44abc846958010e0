import { semesterOfDate } from '@erapor/contract/semester';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { ENGINES, openTestDatabase, postgresAvailable } from '../../test/engines';
import * as sekolahService from './service';

for (const engine of ENGINES) {
  describe.skipIf(engine === 'postgresql' && !postgresAvailable())(`sekolah service [${engine}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, drop } = await openTestDatabase(engine));
      await migrateDatabase(handle);
    });
    afterAll(async () => {
      await drop();
    });

    it('ensureSemesters is idempotent and never moves the active semester', async () => {
      const today = new Date();
      await sekolahService.ensureSemesters(handle.db, today);
      await sekolahService.ensureSemesters(handle.db, today);
      const active = await sekolahService.getActiveSemester(handle.db);
      expect(active?.semester_id).toBe(semesterOfDate(today).semester_id);
      await sekolahService.setActiveSemester(handle.db, '20211');
      await sekolahService.ensureSemesters(handle.db, today);
      expect((await sekolahService.getActiveSemester(handle.db))?.semester_id).toBe('20211');
      const actives = await handle.query('select semester_id from semester where periode_aktif');
      expect(actives).toEqual([{ semester_id: '20211' }]);
      const years = await handle.query<{ tahun_ajaran_id: number }>(
        'select tahun_ajaran_id from tahun_ajaran where periode_aktif',
      );
      expect(years).toEqual([{ tahun_ajaran_id: 2021 }]);
      // The cached list follows the change made through the service.
      expect((await sekolahService.listSemesters(handle.db)).find((s) => s.periode_aktif)?.semester_id).toBe(
        '20211',
      );
      // A second active semester is impossible, even by hand.
      await expect(
        handle.query("update semester set periode_aktif = true where semester_id = '20201'"),
      ).rejects.toThrow();
    });

    it('settings: school-wide values, overridden per semester, upserted', async () => {
      const s = await sekolahService.createSekolah(handle.db, { npsn: '10000001', nama: 'SMK Uji' });
      const actor = { sekolahId: s.sekolah_id };
      await sekolahService.setSetting(handle.db, actor, {
        key: 'tanggal_rapor',
        value: '2026-12-19',
        semesterId: null,
      });
      await sekolahService.setSetting(handle.db, actor, {
        key: 'tanggal_rapor',
        value: '2026-12-20',
        semesterId: null,
      });
      await sekolahService.setSetting(handle.db, actor, {
        key: 'tanggal_rapor',
        value: '2026-12-21',
        semesterId: '20261',
      });
      await sekolahService.setSetting(handle.db, actor, {
        key: 'kepala_sekolah',
        value: 'Drs. Kasek',
        semesterId: null,
      });
      expect(await sekolahService.getSettings(handle.db, actor, '20261')).toEqual({
        tanggal_rapor: '2026-12-21',
        kepala_sekolah: 'Drs. Kasek',
      });
      expect(await sekolahService.getSettings(handle.db, actor, '20252')).toEqual({
        tanggal_rapor: '2026-12-20',
        kepala_sekolah: 'Drs. Kasek',
      });
      const rows = await handle.query('select 1 from settings');
      expect(rows).toHaveLength(3);
    });
  });
}
