// `npm run backup -- [file]` and `npm run restore -- <file> [--npsn N]` (apps/server/src/modules/cadangan/cli.ts).
// The restore's transaction rolls back on Ctrl+C; the database closes cleanly.
import { runCli } from './run-cli.mjs';

runCli('cadangan-cli', process.argv.slice(2));
