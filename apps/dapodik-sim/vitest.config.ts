import { defineProject } from 'vitest/config';

// In-process tests: every suite builds its own simulator (no database, no global setup).
export default defineProject({
  test: {
    name: 'dapodik-sim',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
