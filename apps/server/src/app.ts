import { PHOTO_MAX_BYTES } from '@erapor/contract/auth';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import { type AppContext, createLimits } from './context';
import { analyzeChanged } from './db/analyze';
import { checkpointIfDue } from './db/checkpoint';
import { type DatabaseHandle, openPostgres } from './db/client';
import { type EmbeddedDatabase, openEmbeddedDatabase } from './db/embedded';
import { migrateDatabase } from './db/migrate';
import { registerErrorHandler } from './lib/errors';
import { closeSpreadsheetReader } from './lib/spreadsheet/read';
import { createSmtpMailer, type Mailer } from './mail';
import { resolveActor } from './modules/auth/actor';
import { authRoutes } from './modules/auth/routes';
import { purgeExpired } from './modules/auth/service';
import { keadaan } from './modules/cadangan/jadwal';
import { cadanganRoutes } from './modules/cadangan/routes';
import { settleInterruptedRestoreJobs } from './modules/cadangan/service';
import { cetakRoutes } from './modules/cetak/routes';
import { seedDemo } from './modules/demo/seed';
import { failInterruptedJobs } from './modules/jobs/service';
import { kurikulumRoutes } from './modules/kurikulum/routes';
import { monitoringRoutes } from './modules/monitoring/routes';
import { penggunaRoutes } from './modules/pengguna/routes';
import { penilaianRoutes } from './modules/penilaian/routes';
import { pklRoutes } from './modules/pkl/routes';
import { portalRoutes } from './modules/portal/routes';
import { projekRoutes } from './modules/projek/routes';
import { ensureBuiltinReference } from './modules/referensi/import/builtin';
import { referensiRoutes } from './modules/referensi/routes';
import { riwayatNilaiRoutes } from './modules/riwayat-nilai/routes';
import { sekolahRoutes } from './modules/sekolah/routes';
import { ensureSemesters } from './modules/sekolah/service';
import { sinkronisasiRoutes } from './modules/sinkronisasi/routes';
import { systemRoutes } from './modules/system/routes';
import { ukkRoutes } from './modules/ukk/routes';
import { unduhanRoutes } from './modules/unduhan/routes';
import { waliKelasRoutes } from './modules/wali-kelas/routes';
import { registerAuth } from './plugins/auth';
import { registerTextGuard, validatorCompiler } from './plugins/validation';
import { registerWeb } from './plugins/web';
import { loadSecrets } from './secrets';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened database. Without it the app opens one from the config (embedded or PostgreSQL). */
  database?: DatabaseHandle;
  /** Close the database when the app closes. Default: true. */
  ownsDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** Overrides the SMTP mailer (tests capture the mails). null: no mail configured. */
  mailer?: Mailer | null;
  /** Start-up lines for the operator (database checks, restores, snapshots). */
  say?: (line: string) => void;
  /** Extra routes registered before the web fallback (tests). */
  routes?: (app: FastifyInstance) => void | Promise<void>;
}

export function isEmbedded(db: DatabaseHandle): db is EmbeddedDatabase {
  return db.kind === 'pglite' && typeof (db as Partial<EmbeddedDatabase>).startSnapshots === 'function';
}

export async function openConfiguredDatabase(
  config: AppConfig,
  say: (line: string) => void,
  onSnapshotError?: (err: unknown) => void,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openEmbeddedDatabase({
    dataDir: config.dataDir,
    snapshotKeep: config.snapshotKeep,
    snapshotIntervalHours: config.snapshotIntervalHours,
    say,
    onSnapshotError,
  });
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const say = options.say ?? (() => {});
  // Default zod messages in Indonesian; the contract's own messages still win.
  z.config(z.locales.id());

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  const database =
    options.database ??
    (await openConfiguredDatabase(config, say, (err) => app.log.error({ err }, 'periodic snapshot failed')));
  const owns = options.ownsDatabase ?? true;
  try {
    await migrateDatabase(database);
    await ensureSemesters(database.db, now());
    // Fresh install: the compact built-in reference set, so the app works before any import.
    const builtin = await ensureBuiltinReference(database.db);
    if (builtin) say(`Data referensi bawaan dimuat (${builtin.seconds} detik).`);
    // The embedded database has one process (the lock): jobs left running died with the last one.
    if (isEmbedded(database)) {
      await settleInterruptedRestoreJobs(database.db, now(), say);
      await failInterruptedJobs(database.db, now());
    }
    if (config.seedDemo && (await seedDemo(database.db, { profile: config.demoProfile })))
      say('Sekolah demo "SMK Negeri Demo" dibuat.');
    if (isEmbedded(database)) {
      await analyzeChanged(database);
      await database.startSnapshots();
    }
  } catch (err) {
    if (owns) await database.close().catch(() => {});
    throw err;
  }

  const ctx: AppContext = {
    db: database.db,
    databaseKind: database.kind,
    config,
    secrets: loadSecrets(config),
    mailer:
      options.mailer !== undefined
        ? options.mailer
        : config.smtpUrl
          ? createSmtpMailer(config.smtpUrl, config.mailFrom)
          : null,
    now,
    limits: createLimits(config, now),
  };
  if (database.kind === 'postgresql' && ctx.secrets.source !== 'env') {
    say(
      `Catatan: JWT_SECRET/ENCRYPTION_KEY diambil dari ${config.dataDir}/secrets.json. ` +
        'Jika beberapa server memakai database yang sama, atur keduanya lewat environment.',
    );
  }
  if (ctx.mailer && !config.appUrl) {
    say('Peringatan: SMTP_URL diatur tanpa APP_URL; tautan reset password memakai alamat dari permintaan.');
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorate('database', database);
  registerErrorHandler(app);
  registerAuth(app, resolveActor);
  registerTextGuard(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    return payload;
  });

  await app.register(fastifyMultipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(penggunaRoutes);
  await app.register(referensiRoutes);
  await app.register(sekolahRoutes, { cadanganKeadaan: keadaan });
  await app.register(kurikulumRoutes);
  await app.register(penilaianRoutes);
  await app.register(waliKelasRoutes);
  await app.register(pklRoutes);
  await app.register(monitoringRoutes);
  await app.register(riwayatNilaiRoutes);
  await app.register(projekRoutes);
  await app.register(ukkRoutes);
  await app.register(cetakRoutes);
  await app.register(sinkronisasiRoutes);
  await app.register(portalRoutes);
  await app.register(unduhanRoutes);
  await app.register(cadanganRoutes);
  if (options.routes) await options.routes(app);
  await registerWeb(app, config.webDistDir);

  // Hourly: a server running across 1 July / 1 January gets the new semester; old tokens go.
  const hourly = async () => {
    try {
      await ensureSemesters(database.db, now());
      await purgeExpired(database.db, now());
    } catch (err) {
      app.log.error({ err }, 'hourly maintenance failed');
    }
  };
  const maintenance = setInterval(hourly, 3_600_000);
  maintenance.unref();
  // The embedded database has no autovacuum: its statistics are kept fresh here (db/analyze.ts).
  const statistics = isEmbedded(database)
    ? setInterval(() => {
        analyzeChanged(database).catch((err) => app.log.error({ err }, 'analyze failed'));
      }, 10 * 60_000)
    : undefined;
  statistics?.unref();
  // …nor a checkpointer: pg_wal would grow without end (db/checkpoint.ts).
  const checkpoints = isEmbedded(database)
    ? setInterval(() => {
        checkpointIfDue(database).catch((err) => app.log.error({ err }, 'checkpoint failed'));
      }, 60_000)
    : undefined;
  checkpoints?.unref();
  app.addHook('onClose', async () => {
    clearInterval(maintenance);
    clearInterval(statistics);
    clearInterval(checkpoints);
    await closeSpreadsheetReader();
    if (owns) await database.close();
  });
  return app;
}
