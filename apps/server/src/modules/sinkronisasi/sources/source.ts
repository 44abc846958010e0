import type { SyncKind } from '@erapor/contract/sinkronisasi';
import type { SyncList } from '../client';

/*
 * Where the pull reads Dapodik from (reference-dapodik §7.1 `DapodikSource`, decision 016 "Two
 * sources"). The kinds (kinds.ts) ask for `/sync/v1` documents and lists; a source answers them,
 * either straight from the neutral API (SyncApiClient) or by fetching the local Web Service and
 * normalising its bodies into the very same records (sources/webservice.ts).
 */
export interface PullSource {
  /** A document endpoint of /sync/v1 (`status`, `sekolah`). */
  document<T>(path: string): Promise<{ data: T; semesterId: string | null }>;
  /** Every row of a /sync/v1 list. */
  list<T = Record<string, unknown>>(path: string, query?: Record<string, string>): Promise<SyncList<T>>;
  /**
   * Columns (TS keys of the kind's main table) this source does not deliver for a kind: the kinds
   * leave them out of their rows, so they are neither compared nor overwritten.
   */
  omits?(kind: SyncKind): readonly string[];
}
