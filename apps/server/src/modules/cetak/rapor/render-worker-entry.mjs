// Plain-JS entry of the Cetak Semua render worker (bulk.ts): it loads the TypeScript worker through
// tsx in this thread, so it starts the same way under `node --import tsx`, in vitest and in the bench.
import { tsImport } from 'tsx/esm/api';

await tsImport('./render-worker.ts', import.meta.url);
