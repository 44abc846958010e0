// The supervisor of `npm start`: runs the server in a child process and starts it again when it dies.
// See docs/decisions/019-supervised-start.md.
import { spawn } from 'node:child_process';

/** Crashes counted together: this many within WINDOW_MS and the supervisor gives up. */
export const MAX_CRASHES = 5;
export const WINDOW_MS = 5 * 60_000;

/** Wait before the restart that follows the `n`-th crash of the window: 0 s, 1 s, 2 s, 4 s, … */
export function backoffMs(n) {
  return n <= 1 ? 0 : 1000 * 2 ** (n - 2);
}

/**
 * Signals that stop `npm start`. Not SIGHUP: a handler would undo `nohup npm start`, and a closed
 * terminal sends SIGHUP to the server as well.
 */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];
/** A stop signal repeated within this time is the same stop delivered twice (terminal + npm, systemd). */
const SAME_STOP_MS = 2000;

const say = (line) => console.log(`[npm start] ${line}`);
const warn = (line) => console.error(`[npm start] ${line}`);

function describeDeath(code, signal) {
  if (signal === 'SIGKILL') {
    return (
      'Server mati mendadak: dihentikan paksa dengan SIGKILL (kehabisan memori / OOM, atau kill -9). ' +
      '(The server was killed by SIGKILL: out of memory or kill -9.)'
    );
  }
  if (signal) return `Server mati mendadak karena sinyal ${signal} (the server died of signal ${signal}).`;
  return `Server mati mendadak dengan kode keluar ${code} (the server crashed with exit code ${code}).`;
}

/**
 * Runs `process.execPath args` in `cwd` with this process's stdio (and `env`, by default this
 * process's environment), and keeps it running:
 * - it dies (non-zero exit, or a signal other than a stop) → restart, after 0 s, 1 s, 2 s, 4 s for
 *   crashes in quick succession; the MAX_CRASHES-th crash within WINDOW_MS → give up, exit 1;
 * - it exits 0 on its own, or dies of SIGINT/SIGTERM sent to it directly → not restarted;
 * - SIGINT/SIGTERM to this process → forwarded once, no restart, exit with the server's code.
 */
export function supervise({ args, cwd, env = process.env }) {
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let stopping = false;
  let stopAt = 0;
  /** @type {NodeJS.Timeout | null} */
  let restartTimer = null;
  /** Times of the crashes within the last WINDOW_MS. */
  let crashes = [];

  const run = () => {
    restartTimer = null;
    const proc = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' });
    child = proc;
    let done = false;
    const ended = (code, signal) => {
      if (done) return;
      done = true;
      child = null;
      onExit(code, signal);
    };
    proc.on('error', (err) => {
      warn(`Server tidak dapat dijalankan (cannot start the server): ${err.message}`);
      ended(1, null);
    });
    proc.on('exit', ended);
    if (proc.pid) say(`Server dijalankan (server started), pid ${proc.pid}.`);
  };

  const onExit = (code, signal) => {
    if (stopping) {
      process.exit(code ?? 1);
    }
    if (code === 0) {
      say('Server berhenti dengan kode 0; tidak dimulai ulang (the server exited normally; not restarted).');
      process.exit(0);
    }
    if (signal === 'SIGINT' || signal === 'SIGTERM') {
      say(`Server dihentikan dengan ${signal}; tidak dimulai ulang (stopped by ${signal}; not restarted).`);
      process.exit(1);
    }
    const now = Date.now();
    crashes = [...crashes.filter((t) => now - t < WINDOW_MS), now];
    warn(describeDeath(code, signal));
    if (crashes.length >= MAX_CRASHES) {
      warn(
        `Server sudah ${crashes.length} kali mati dalam ${WINDOW_MS / 60_000} menit terakhir; tidak dimulai ulang lagi. ` +
          'Baca pesan kesalahan di atas, perbaiki penyebabnya, lalu jalankan npm start lagi. ' +
          `(The server crashed ${crashes.length} times within ${WINDOW_MS / 60_000} minutes; giving up — see the errors above.)`,
      );
      process.exit(1);
    }
    const wait = backoffMs(crashes.length);
    say(
      `Crash ke-${crashes.length} dalam ${WINDOW_MS / 60_000} menit terakhir; memulai ulang server ` +
        (wait === 0
          ? 'sekarang (restarting now)...'
          : `dalam ${wait / 1000} detik (restarting in ${wait / 1000} s)...`),
    );
    restartTimer = setTimeout(run, wait);
  };

  for (const sig of STOP_SIGNALS) {
    process.on(sig, () => {
      if (!stopping) {
        stopping = true;
        stopAt = Date.now();
        if (restartTimer) {
          clearTimeout(restartTimer);
          say(`${sig} diterima; server tidak dimulai ulang (not restarting).`);
          process.exit(0);
        }
        child?.kill(sig);
      } else if (Date.now() - stopAt > SAME_STOP_MS) {
        // Asked again, later: the server's own second-signal rule forces its exit.
        child?.kill(sig);
      }
    });
  }
  // Should this script itself fail, do not leave the server running without its supervisor.
  process.on('exit', () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });

  run();
}
