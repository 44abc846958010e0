import { defineProject } from 'vitest/config';

// API tests run against real databases: every suite on embedded PGlite and on PostgreSQL
// (TEST_DATABASE_URL; see src/test/global-setup.ts).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each PGlite instance takes a few hundred MB; two files at a time is enough on 2 cores.
    maxWorkers: 2,
    // Vitest needs a group of its own for a project whose worker count differs from the rest.
    sequence: { groupOrder: 1 },
  },
});
