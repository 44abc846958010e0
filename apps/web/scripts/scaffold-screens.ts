/**
 * Creates a placeholder screen file for every contract route that has none yet:
 * `src/features/<area>/routes/<route-name>.tsx`. Existing files are never touched, so real
 * screens replace placeholders one by one; a route that reuses another screen (src/app/screen-aliases.ts)
 * gets none. Run: `npx tsx apps/web/scripts/scaffold-screens.ts`.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '../../../packages/contract/src/routes';
import { SCREEN_ALIASES } from '../src/app/screen-aliases';
import { areaOf } from './scaffold-screens-area';

const features = join(dirname(fileURLToPath(import.meta.url)), '../src/features');

const existing = new Set(
  readdirSync(features, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = join(features, d.name, 'routes');
      return existsSync(dir) ? readdirSync(dir).map((f) => f.replace(/\.tsx$/, '')) : [];
    }),
);

let created = 0;
for (const route of ROUTES) {
  if (existing.has(route.name) || SCREEN_ALIASES[route.name]) continue;
  const file = join(features, areaOf(route.name), 'routes', `${route.name}.tsx`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `import { ScreenPlaceholder } from '../../../components/screen-placeholder';

/** ${route.title} (${route.path}) — not built yet: header, breadcrumb and add button come from the layout. */
export default function Screen() {
  return <ScreenPlaceholder />;
}
`,
  );
  created++;
  console.log(`created ${file}`);
}
console.log(`${created} placeholder screen(s) created`);
