import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'demo-school', include: ['src/**/*.test.ts'], environment: 'node' },
});
