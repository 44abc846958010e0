import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @erapor/server` after changing a tables.ts: writes the next SQL migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
