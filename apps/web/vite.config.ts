import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { publicMessages } from './scripts/locale-parts';

const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Where `vite` (dev) and `vite preview` send /api: the Fastify server (`npm run dev:server`). */
const apiTarget = process.env.ERAPOR_API_URL ?? 'http://127.0.0.1:3000';

// Lazy chunks live under js/chunks/ (the spec's chunk path); the entry under js/.
export default defineConfig({
  plugins: [react(), publicMessages()],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
