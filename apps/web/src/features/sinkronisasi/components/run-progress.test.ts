import { emptySyncKindResult, type SyncKindResult, type SyncRun } from '@erapor/contract/sinkronisasi';
import { describe, expect, it } from 'vitest';
import { progressOf } from './run-progress';

const kind = (over: Partial<SyncKindResult>): SyncKindResult => ({
  ...emptySyncKindResult('ptk'),
  label: 'GTK',
  ...over,
});
const run = (kinds: SyncKindResult[]): SyncRun => ({
  id: '00000000-0000-4000-8000-000000000000',
  status: 'running',
  semester_id: '20261',
  kinds,
  message: null,
  created_at: '',
  started_at: null,
  finished_at: null,
});

describe('sync progress', () => {
  it('counts finished kinds whole and the running one by its rows', () => {
    expect(progressOf(run([kind({ status: 'pending' }), kind({ status: 'pending' })]))).toBe(0);
    expect(progressOf(run([kind({ status: 'done' }), kind({ status: 'pending' })]))).toBe(50);
    expect(
      progressOf(
        run([kind({ status: 'done' }), kind({ status: 'running', phase: 'fetch', fetched: 50, total: 100 })]),
      ),
    ).toBe(63);
    expect(
      progressOf(
        run([
          kind({ status: 'failed' }),
          kind({ status: 'running', phase: 'apply', fetched: 100, total: 100, processed: 100 }),
        ]),
      ),
    ).toBe(100);
  });
});
