import type { AddressInfo } from 'node:net';
import { roleDisplay } from '@erapor/contract/roles';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { warmUpLogin } from './modules/auth/warmup';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, hasDemoSchool } from './modules/demo/seed';
import { rapikanTeksP5 } from './modules/referensi/teks-p5';
import { checkStoredImages } from './modules/sekolah/stored-images';

const say = (line: string) => console.log(line);

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Konfigurasi tidak valid (invalid configuration): ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  say(`e-Rapor SMK ${config.version} — memulai server...`);
  say(
    config.databaseUrl
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: tertanam / embedded PGlite di ${config.dataDir} (untuk produksi gunakan PostgreSQL: DATABASE_URL)`,
  );

  let app: FastifyInstance;
  try {
    app = await buildApp({ config, say, logger: { level: config.logLevel } });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error('Server gagal dimulai (the server failed to start):', err);
    process.exit(1);
  }

  let stopping = false;
  let stopAt = 0;
  const stop = async (signal: string) => {
    if (stopping) {
      // Within 2 s it is the same stop arriving twice: Ctrl+C or systemd signal every process of the
      // group, and `npm start` forwards the signal too. Only a later one is "stop now".
      if (Date.now() - stopAt < 2000) return;
      say(`${signal} lagi: keluar paksa (forced exit).`);
      process.exit(1);
    }
    stopping = true;
    stopAt = Date.now();
    say(`${signal} diterima: menghentikan server dan menutup database...`);
    const force = setTimeout(() => {
      console.error('Penutupan terlalu lama; keluar paksa (shutdown took too long, forced exit).');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await app.close();
      say('Server berhenti dengan benar (stopped cleanly).');
      process.exit(0);
    } catch (err) {
      console.error('Gagal menutup dengan benar (unclean shutdown):', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.ready();
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(`Tidak dapat membuka port ${config.port} (cannot listen):`, (err as Error).message);
    await app.close().catch(() => {});
    process.exit(1);
  }
  const port = (app.server.address() as AddressInfo).port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  say('');
  say(`e-Rapor SMK siap: http://${shownHost}:${port}`);
  if (config.host === '0.0.0.0' || config.host === '::')
    say('(juga dapat dibuka dari komputer lain di jaringan sekolah)');
  if (await hasDemoSchool(app.ctx.db)) {
    say('');
    say(`Akun demo (password untuk semua: ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) say(`  ${a.email.padEnd(22)} ${roleDisplay(a.roles)}`);
  }
  say('');
  await afterListen(app);
}

/**
 * Start-up work that keeps no data safe, done once the server answers (decision 060): decision
 * 004's lock and check, the migrations and the start-up snapshot stay in `buildApp`, before it.
 * Each step logs its own failure; none stops the server.
 */
async function afterListen(app: FastifyInstance): Promise<void> {
  // Images stored by earlier versions, once per school and version (decision 049): re-encoded or
  // dropped. After a restart every school is already marked and this is one settings read.
  await checkStoredImages(app.ctx.db)
    .then((r) => r.dropped && say(`${r.dropped} gambar tersimpan rusak dihapus (lihat Beranda).`))
    .catch((err) => app.log.warn({ err }, 'stored image check failed'));
  // P5 texts stored as the national file published them, glued words and all (decision 056).
  await rapikanTeksP5(app.ctx.db).catch((err) => app.log.warn({ err }, 'P5 text repair failed'));
  // Decision 054: argon2 and the log-in path warmed before the staff room's first burst of log-ins.
  await warmUpLogin(app).catch((err) => app.log.warn({ err }, 'warm-up failed'));
  say('Persiapan awal selesai (start-up work done).');
}

void main();
