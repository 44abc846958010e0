import type { FastifyPluginAsync } from 'fastify';
import { dudiRoutes } from './dudi/routes';
import { ekskulRoutes } from './ekskul/routes';
import { gtkRoutes } from './gtk/routes';
import { importReferensiRoutes } from './import/routes';
import { mapelRoutes } from './mapel/routes';
import { pesertaDidikRoutes } from './peserta-didik/routes';
import { rombelRoutes } from './rombel/routes';

/** The reference data area, one plugin for app.ts: each sub-area keeps its own routes and roles. */
export const referensiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(importReferensiRoutes);
  await app.register(gtkRoutes);
  await app.register(dudiRoutes);
  await app.register(pesertaDidikRoutes);
  await app.register(rombelRoutes);
  await app.register(mapelRoutes);
  await app.register(ekskulRoutes);
};
