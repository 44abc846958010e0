/** `npm run schema -w @erapor/dapodik-sim`: writes ../schema/*.json from schema.ts. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonSchemas } from './schema.ts';

export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'schema');

export const schemaFileText = (schema: unknown) => `${JSON.stringify(schema, null, 2)}\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const [name, schema] of Object.entries(jsonSchemas())) {
    writeFileSync(join(SCHEMA_DIR, `${name}.json`), schemaFileText(schema));
    console.log(`schema/${name}.json`);
  }
}
