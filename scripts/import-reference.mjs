// `npm run import:reference -- <dir>`: the national reference import (apps/server/src/modules/referensi/import/cli.ts).
// On Ctrl+C the import closes the database cleanly (the current file's transaction rolls back).
import { runCli } from './run-cli.mjs';

runCli('import-reference', process.argv.slice(2));
