import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, testSimulator, wsGet } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'dapodik-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--state <file>', () => {
  it('scenario changes and pushed data survive a restart; ids continue; another school starts fresh', async () => {
    const statePath = join(dir, 'state.json');
    const a = testSimulator({ statePath });
    const leaver = a.state.school.peserta_didik[0]?.peserta_didik_id as string;
    await admin(a, 'POST', 'pupil-leaves', { pd: leaver });
    const to = a.state.school.rombongan_belajar.find((r) => r.nama === 'XI TJKT 1')?.rombongan_belajar_id;
    const pupil = a.state.school.peserta_didik[1]?.peserta_didik_id;
    const first = (await admin(a, 'POST', 'move-pupil', { pd: pupil, to_rombel: to })).json()
      .anggota_rombel_id;
    await a.close();

    const b = testSimulator({ statePath });
    const pupils = (await wsGet(b, 'getPesertaDidik'))
      .json()
      .rows.map((p: { peserta_didik_id: string }) => p.peserta_didik_id);
    expect(pupils).not.toContain(leaver);
    expect(b.state.school.peserta_didik_keluar.map((p) => p.peserta_didik_id)).toContain(leaver);
    expect(b.state.changes.length).toBeGreaterThan(0);
    const back = b.state.school.rombongan_belajar.find((r) => r.nama === 'X TJKT 1')?.rombongan_belajar_id;
    const second = (await admin(b, 'POST', 'move-pupil', { pd: pupil, to_rombel: back })).json()
      .anggota_rombel_id;
    expect(second).not.toBe(first);
    await b.close();

    const other = testSimulator({ statePath, seed: 5 });
    expect(other.state.school.peserta_didik_keluar.map((p) => p.peserta_didik_id)).not.toContain(leaver);
    await other.close();
  });
});
