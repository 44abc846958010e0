import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { publicMessages } from './scripts/locale-parts';

export default defineConfig({
  plugins: [react(), publicMessages()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
  },
});
