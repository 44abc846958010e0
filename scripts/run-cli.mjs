// Runs one of the server's built command-line tools with this process's arguments (building the
// server first when stale); Ctrl+C reaches the tool, which closes the database cleanly.
import { spawn } from 'node:child_process';
import { buildIfStale, builtArgs, builtEnv, ensureTemplate } from './built.mjs';

export async function runCli(entry, args) {
  buildIfStale('server');
  await ensureTemplate();
  const child = spawn(process.execPath, builtArgs(entry, args), { stdio: 'inherit', env: builtEnv() });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
