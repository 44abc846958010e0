import type { FastifyPluginAsync } from 'fastify';
import { legerRoutes } from './leger/routes';
import { cetakP5Routes } from './p5/routes';
import { cetakPklRoutes } from './pkl/routes';
import { cetakRaporRoutes } from './rapor/routes';
import { cetakSertifikatRoutes } from './sertifikat/routes';
import { cetakSklRoutes } from './skl/routes';
import { cetakTranskripRoutes } from './transkrip/routes';

/** The printing area, one plugin for app.ts: each document keeps its own routes and roles. */
export const cetakRoutes: FastifyPluginAsync = async (app) => {
  await app.register(legerRoutes);
  await app.register(cetakRaporRoutes);
  await app.register(cetakPklRoutes);
  await app.register(cetakP5Routes);
  await app.register(cetakTranskripRoutes);
  await app.register(cetakSklRoutes);
  await app.register(cetakSertifikatRoutes);
};
