import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLUMN_LENGTH, forColumn } from '@erapor/contract/column-lengths';
import { getTableConfig, PgTable, PgVarchar } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeEngines } from '../test/engines';
import { requestParts, stringFields } from '../test/request-schemas';
import * as schema from './schema';

const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

/** Every zod schema exported by a contract module. */
async function contractSchemas(): Promise<{ name: string; schema: unknown }[]> {
  const files = readdirSync(CONTRACT_SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const out: { name: string; schema: unknown }[] = [];
  for (const file of files) {
    const mod = (await import(join(CONTRACT_SRC, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (value instanceof z.ZodType) out.push({ name: `${file} ${name}`, schema: value });
  }
  return out;
}

type Lengths = Record<string, Record<string, number>>;

/** `table.column → length` of a nested map. */
const flat = (m: Lengths): Map<string, number> =>
  new Map(Object.entries(m).flatMap(([t, cols]) => Object.entries(cols).map(([c, n]) => [`${t}.${c}`, n])));

/** Every difference between two `table.column → length` maps, as readable lines. */
function differences(expected: Map<string, number>, actual: Map<string, number>, what: string): string[] {
  const out: string[] = [];
  for (const [key, n] of expected) {
    const got = actual.get(key);
    if (got !== n) out.push(`${key}: ${what} ${got ?? 'tidak ada'}, seharusnya ${n}`);
  }
  for (const key of actual.keys()) if (!expected.has(key)) out.push(`${key}: ${what} tanpa COLUMN_LENGTH`);
  return out;
}

/** The varchar lengths the Drizzle tables declare (what drizzle-kit writes into migrations). */
function drizzleLengths(): Map<string, number> {
  const out = new Map<string, number>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    for (const col of config.columns)
      if (col instanceof PgVarchar) out.set(`${config.name}.${col.name}`, col.length as number);
  }
  return out;
}

/** Every `forColumn`-tagged field of `schemas` whose `.max` is not its column's length. */
function taggedMismatches(
  schemas: { name: string; schema: unknown }[],
  columns: Map<string, number>,
): { tagged: number; wrong: string[] } {
  const wrong: string[] = [];
  let tagged = 0;
  for (const { name, schema: s } of schemas) {
    const parts = requestParts({ schema: { body: s } } as never);
    for (const field of parts.body ? stringFields(parts.body) : []) {
      if (!field.column) continue;
      tagged++;
      const length = columns.get(field.column);
      if (field.maxLength !== length)
        wrong.push(
          `${name} ${field.path.join('.')}: max ${field.maxLength}, kolom ${field.column} ${length}`,
        );
    }
  }
  return { tagged, wrong };
}

/**
 * Issue #25: one length per text column. The database (information_schema, after every
 * migration), the Drizzle tables and each request schema field tagged with its column must all
 * say COLUMN_LENGTH's number. The last test changes one side at a time and sees each check fail.
 */
describeEngines('column lengths: contract, Drizzle, database and request schemas agree', {}, (t) => {
  async function databaseLengths(): Promise<Map<string, number>> {
    const rows = await t().db.query<{ t: string; c: string; n: number }>(
      `select table_name as t, column_name as c, character_maximum_length as n
       from information_schema.columns
       where table_schema = 'public' and data_type = 'character varying'`,
    );
    return new Map(rows.map((r) => [`${r.t}.${r.c}`, Number(r.n)]));
  }

  /** Every route's body, querystring and params schema, by route. */
  function routeSchemas(): { name: string; schema: unknown }[] {
    return t().app.routeAccess.flatMap((r) => {
      const s = r.options.schema as Record<string, unknown> | undefined;
      return (['body', 'querystring', 'params'] as const)
        .filter((part) => s?.[part])
        .map((part) => ({ name: `${r.method} ${r.url} ${part}`, schema: s?.[part] }));
    });
  }

  it('every varchar column of the database has its COLUMN_LENGTH, with the same length', async () => {
    const db = await databaseLengths();
    expect(differences(flat(COLUMN_LENGTH), db, 'database')).toEqual([]);
    expect(db.size).toBeGreaterThan(140);
  });

  it('every Drizzle varchar column declares the COLUMN_LENGTH length', () => {
    expect(differences(flat(COLUMN_LENGTH), drizzleLengths(), 'Drizzle')).toEqual([]);
  });

  it('every schema field tagged with a column has that column’s length as its .max', async () => {
    // The routes' schemas and every exported schema of the contract (a route may parse by hand:
    // the settings form arrives as multipart).
    const schemas = [...routeSchemas(), ...(await contractSchemas())];
    const { tagged, wrong } = taggedMismatches(schemas, await databaseLengths());
    expect(wrong).toEqual([]);
    expect(tagged).toBeGreaterThan(20);
  });

  it('fails when a length changes on one side only', async () => {
    const db = await databaseLengths();
    // The contract (and so Drizzle) says 9 for npsn, the database still 8 (no migration).
    const contract = { ...COLUMN_LENGTH, sekolah: { ...COLUMN_LENGTH.sekolah, npsn: 9 } };
    expect(differences(flat(contract), db, 'database')).toEqual(['sekolah.npsn: database 8, seharusnya 9']);
    // A column left out of the contract.
    const { rt: _rt, ...withoutRt } = COLUMN_LENGTH.dudi;
    expect(differences(flat({ ...COLUMN_LENGTH, dudi: withoutRt }), db, 'database')).toEqual([
      'dudi.rt: database tanpa COLUMN_LENGTH',
    ]);
    // A schema that keeps the tag but writes its own number.
    const literal = z.object({ nip: forColumn(z.string().max(33), 'guru', 'nip') });
    expect(taggedMismatches([{ name: 'contoh', schema: literal }], db).wrong).toEqual([
      'contoh nip: max 33, kolom guru.nip 32',
    ]);
  });
});
