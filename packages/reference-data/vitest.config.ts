import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'reference-data', include: ['src/**/*.test.ts'], environment: 'node' },
});
