import { defineConfig } from 'vitest/config';

// One Vitest run for the whole repo; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tools/vitest.config.ts'],
  },
});
