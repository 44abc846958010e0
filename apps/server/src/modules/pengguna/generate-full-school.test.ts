import { extractText } from 'unpdf';
import { expect, it } from 'vitest';
import { createTestApp } from '../../test/engines';
import { renderSlipAkun } from '../cetak/slip-akun';
import { generatePd, generatePtk } from './generate';

/**
 * The full-size demo school (smk-standard: ~1,480 pupils in 44 filled classes, 90 staff), once,
 * on the embedded engine: every class's slips fit one page, and the time of the hashing is
 * reported (docs/decisions/008). The role and password rules are proven on both engines in
 * generate.test.ts with the tiny school.
 */
it('smk-standard: accounts for the whole school, one slip page per class', async () => {
  const t = await createTestApp('pglite', { config: { demoProfile: 'smk-standard' } });
  try {
    const [row] = await t.db.query<{ semester_id: string; sekolah_id: string }>(
      'select s.semester_id, k.sekolah_id from semester s, sekolah k where s.periode_aktif',
    );
    const actor = { sekolahId: row?.sekolah_id ?? '', semesterId: row?.semester_id ?? '' };
    const ptk = await generatePtk(t.db.db, actor);
    const started = performance.now();
    const pd = await generatePd(t.db.db, actor);
    const ms = Math.round(performance.now() - started);
    console.info(
      `generatePengguna smk-standard: PTK ${ptk.created} new (hash ${ptk.hashMs} ms); ` +
        `PD ${pd.created} new, hash ${pd.hashMs} ms, whole call ${ms} ms`,
    );
    expect(pd.created).toBeGreaterThan(1400);
    const pdf = await renderSlipAkun({
      sekolahNama: 'SMK Negeri Demo',
      semesterNama: 'Demo',
      kind: 'pd',
      credentials: pd.credentials,
      printedAt: new Date(),
    });
    const { totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(totalPages).toBe(new Set(pd.credentials.map((c) => c.kelas)).size);
  } finally {
    await t.close();
  }
}, 600_000);
