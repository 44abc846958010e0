import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importReferenceDirectory } from '../modules/referensi/import/run';
import { smallReferenceDir } from '../test/reference-fixtures';
import { openEmbeddedDatabase } from './embedded';
import { migrateDatabase } from './migrate';
import { makeTemplate, templatePgdata } from './template';

const root = mkdtempSync(join(tmpdir(), 'erapor-template-'));
const fixture = smallReferenceDir();
afterAll(() => {
  fixture.remove();
  rmSync(root, { recursive: true, force: true });
});

function open(dataDir: string, template: string | null, lines: string[]) {
  return openEmbeddedDatabase({
    dataDir,
    snapshotKeep: 3,
    snapshotIntervalHours: 0,
    say: (l) => lines.push(l),
    template,
  });
}

const CLUSTER = `select current_setting('server_version') as version, d.datcollate, d.datctype,
                        pg_encoding_to_char(d.encoding) as encoding,
                        (select count(*)::int from pg_class) as relations
                   from pg_database d where d.datname = current_database()`;
const ROWS = `select c.relname as name, (xpath('/row/n/text()',
                query_to_xml(format('select count(*) as n from %I.%I', n.nspname, c.relname), false, true, '')))[1]::text as n
                from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where c.relkind = 'r' and n.nspname = 'public' order by c.relname`;

describe('a new embedded database from the template (decision 060)', () => {
  it('equals one made by initdb: same cluster, migrations run, the import writes the same rows', async () => {
    const template = join(root, 'template');
    await makeTemplate(template);
    expect(templatePgdata(template)).toBe(join(template, 'pgdata'));

    const linesA: string[] = [];
    const linesB: string[] = [];
    const fromTemplate = await open(join(root, 'a'), template, linesA);
    const fromInitdb = await open(join(root, 'b'), null, linesB);
    try {
      expect(fromTemplate.report.state).toBe('created');
      expect(fromInitdb.report.state).toBe('created');
      expect(linesA.join('\n')).toContain(`Database baru disalin dari templat ${template} (tanpa initdb).`);
      expect(linesB.join('\n')).not.toContain('disalin dari templat');
      expect(await fromTemplate.query(CLUSTER)).toEqual(await fromInitdb.query(CLUSTER));

      const reports = [];
      for (const db of [fromTemplate, fromInitdb]) {
        await migrateDatabase(db);
        reports.push(await importReferenceDirectory(db.db, fixture.dir));
      }
      expect(reports[0]?.failedFiles).toEqual([]);
      expect(reports[0]?.tables).toEqual(reports[1]?.tables);
      const rows = await fromTemplate.query<{ name: string; n: string }>(ROWS);
      expect(rows.find((r) => r.name === 'ref_kompetensi_dasar')?.n).toBe('50');
      expect(rows).toEqual(await fromInitdb.query(ROWS));
    } finally {
      await fromTemplate.close();
      await fromInitdb.close();
    }

    // The copy is the new database's own: what was written to it is not in the template.
    const again = await open(join(root, 'c'), template, []);
    expect(await again.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).toEqual(
      [{ n: 0 }],
    );
    await again.close();
  }, 240_000);

  it('a template that does not open is removed from the new directory and initdb makes the database', async () => {
    const broken = join(root, 'broken');
    mkdirSync(join(broken, 'pgdata'), { recursive: true });
    writeFileSync(join(broken, 'pgdata', 'PG_VERSION'), '17\n');
    const lines: string[] = [];
    const db = await open(join(root, 'd'), broken, lines);
    try {
      expect(db.report.state).toBe('created');
      expect(lines.join('\n')).toContain('Templat database tidak dapat dipakai');
      expect(await db.query('select 1 as satu')).toEqual([{ satu: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
