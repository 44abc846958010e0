import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyzeChanged } from './analyze';
import { type DatabaseHandle, openPglite } from './client';

let db: DatabaseHandle;
beforeAll(async () => {
  db = await openPglite();
});
afterAll(async () => {
  await db.close();
});

it('analyses the tables changed past 50 rows + 10 % since their last ANALYZE, and only those', async () => {
  await db.query('create table besar (id int primary key, kelas int)');
  await db.query('create table kecil (id int primary key)');
  await db.query('insert into besar select g, g % 36 from generate_series(1, 2000) g');
  await db.query('insert into kecil select g from generate_series(1, 10) g');
  const planned = async () =>
    (await db.query<{ 'QUERY PLAN': string }>('explain select * from besar where kelas = 3'))[0]?.[
      'QUERY PLAN'
    ];
  // Before: the planner guesses (no statistics: PGlite has no autovacuum).
  expect(await planned()).not.toMatch(/rows=56 /);

  expect(await analyzeChanged(db)).toEqual(['public.besar']);
  // 2000 rows over 36 classes: about 56 a class, now known.
  expect(await planned()).toMatch(/rows=5[5-6] /);
  expect(await analyzeChanged(db)).toEqual([]);

  // 150 changes of 2000 rows stay under 50 + 200; 300 more pass it.
  await db.query('update besar set kelas = 0 where id <= 150');
  expect(await analyzeChanged(db)).toEqual([]);
  await db.query('update besar set kelas = 0 where id between 151 and 450');
  expect(await analyzeChanged(db)).toEqual(['public.besar']);
});

it('leaves a PostgreSQL server to its autovacuum', async () => {
  const pg = { ...db, kind: 'postgresql' as const, query: () => Promise.reject(new Error('not called')) };
  expect(await analyzeChanged(pg)).toEqual([]);
});
