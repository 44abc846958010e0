import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonSchemas, syncErrorSchema, syncListSchema, webServiceSchemas } from './schema.ts';
import type { Simulator } from './simulator.ts';
import { syncGet, testSimulator, wsGet, wsPost } from './test-support.ts';
import { SCHEMA_DIR } from './write-schemas.ts';

describe.each([true, false])('Web Service answers match the schema (quirks %s)', (quirks) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = testSimulator({ quirks, profile: 'smk-standard', prefillMatev: true });
  });
  afterAll(() => sim.close());

  it('every GET endpoint, strict field lists', async () => {
    const schemas = webServiceSchemas(quirks);
    for (const name of [
      'getSekolah',
      'getGtk',
      'getPesertaDidik',
      'getRombonganBelajar',
      'getPengguna',
      'getMatevNilai',
    ] as const) {
      const result = schemas[name].safeParse((await wsGet(sim, name)).json());
      expect(result.error?.issues.slice(0, 3), name).toBeUndefined();
    }
  });

  it('the other typing does not pass (the schemas can fail)', async () => {
    const other = webServiceSchemas(!quirks);
    expect(other.getSekolah.safeParse((await wsGet(sim, 'getSekolah')).json()).success).toBe(false);
    expect(other.getGtk.safeParse((await wsGet(sim, 'getGtk')).json()).success).toBe(false);
  });

  it('post answers', async () => {
    const schema = webServiceSchemas(quirks).postResult;
    const r = sim.state.school.rombongan_belajar.find((x) => x.jenis_rombel === 1 && x.pembelajaran.length);
    const p = r?.pembelajaran.find((x) => x.induk_pembelajaran_id === null);
    // The prefilled matev already covers p: a second one is refused, a re-send of the first is accepted.
    const prefilled = (
      await wsGet(sim, 'getMatevNilai', { rombongan_belajar_id: r?.rombongan_belajar_id ?? '' })
    )
      .json()
      .rows.find((m: { pembelajaran_id: string }) => m.pembelajaran_id === p?.pembelajaran_id);
    const ok = (await wsPost(sim, 'postMatevRapor', prefilled)).json();
    expect(ok.success).toBe(true);
    expect(schema.safeParse(ok).success).toBe(true);
    const refused = (await wsPost(sim, 'postMatevRapor', { ...prefilled, id_evaluasi: randomUUID() })).json();
    expect(refused.success).toBe(false);
    expect(schema.safeParse(refused).success).toBe(true);
  });
});

describe('sync API envelopes', () => {
  it('list pages and errors', async () => {
    const sim = testSimulator();
    for (const path of [
      'ptk',
      'rombongan-belajar',
      'peserta-didik',
      'anggota-rombel',
      'pembelajaran',
      'dudi',
      'ref/wilayah',
      'changes',
    ]) {
      const res = await syncGet(sim, path);
      expect(syncListSchema.safeParse(res.json()).success, path).toBe(true);
    }
    expect(syncErrorSchema.safeParse((await syncGet(sim, 'ptk', { limit: 0 })).json()).success).toBe(true);
    await sim.close();
  });
});

describe('schema/*.json', () => {
  it('are up to date with schema.ts (npm run schema -w @erapor/dapodik-sim)', () => {
    const expected = jsonSchemas();
    const files = readdirSync(SCHEMA_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files).toEqual(
      Object.keys(expected)
        .map((n) => `${n}.json`)
        .sort(),
    );
    for (const [name, schema] of Object.entries(expected)) {
      // Compared as data: the formatter may lay the files out differently.
      expect(JSON.parse(readFileSync(join(SCHEMA_DIR, `${name}.json`), 'utf8')), name).toEqual(schema);
    }
  });
});
