import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of `npm run lint` (.dependency-cruiser.cjs, decision 061) on a small tree of
 * their own: the clean tree passes, and each deliberately bad import is reported under its rule.
 */
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
  options: { enhancedResolveOptions: Record<string, unknown>; exclude: { path: string[] } };
};
/**
 * The server's area rules (`server-area-<area>`, tools/depcruise/server-rules.cjs) are made by one
 * function from the ranks; two of them are proven below (a downward import passes, an upward and a
 * same-rank one are named), not each of the eighteen.
 */
const isAreaRule = (name: string | undefined) => name?.startsWith('server-area-') === true;

const CLEAN: Record<string, string> = {
  'packages/contract/src/rules.ts':
    "import { P5 } from '../../reference-data/src/p5';\nexport const RULES = [P5];\n",
  'packages/reference-data/src/p5.ts': 'export const P5 = 1;\n',
  'apps/web/src/lib/util.ts':
    "import { RULES } from '../../../../packages/contract/src/rules';\nexport const util = RULES;\n",
  'apps/web/src/components/button.ts': "import { util } from '../lib/util';\nexport const button = util;\n",
  'apps/web/src/features/alpha/components/panel.ts':
    "import { button } from '../../../components/button';\nexport const panel = button;\n",
  'apps/web/src/features/alpha/routes/alpha.ts':
    "import { util } from '../../../lib/util';\nimport { panel } from '../components/panel';\nexport default [util, panel];\n",
  'apps/web/src/features/beta/components/list.ts':
    "import { util } from '../../../lib/util';\nexport const list = util;\n",
  'apps/web/src/app/screens.ts':
    "import alpha from '../features/alpha/routes/alpha';\nimport { list } from '../features/beta/components/list';\nexport const SCREENS = [alpha, list];\n",
  'apps/server/src/main.ts':
    "import { RULES } from '../../../packages/contract/src/rules';\nimport { app } from './app';\nexport const main = [RULES, app];\n",
  'apps/server/src/app.ts':
    "import { backupRoutes } from './modules/cadangan/routes';\nimport { auth } from './plugins/auth';\nexport const app = [backupRoutes, auth];\n",
  'apps/server/src/db/tables/sekolah.ts': 'export const sekolah = 1;\n',
  'apps/server/src/lib/errors.ts':
    "import { sekolah } from '../db/tables/sekolah';\nexport const AppError = sekolah;\n",
  'apps/server/src/plugins/auth.ts':
    "import { AppError } from '../lib/errors';\nexport const auth = AppError;\n",
  'apps/server/src/modules/sekolah/service.ts':
    "import { sekolah } from '../../db/tables/sekolah';\nimport { AppError } from '../../lib/errors';\nexport const getSekolah = [sekolah, AppError];\n",
  // cadangan (rank 2) may import sekolah (rank 0); its test may reach anywhere.
  'apps/server/src/modules/cadangan/routes.ts':
    "import { getSekolah } from '../sekolah/service';\nexport const backupRoutes = getSekolah;\n",
  'apps/server/src/modules/sekolah/service.test.ts':
    "import { backupRoutes } from '../cadangan/routes';\nexport const t = backupRoutes;\n",
};

/** Each deliberately bad import: the file that adds it and the rule that must name it. */
const BAD: { rule: string; from: string; to: string; source: string }[] = [
  {
    rule: 'web-feature-to-feature',
    from: 'apps/web/src/features/alpha/components/cross.ts',
    to: 'apps/web/src/features/beta/components/list.ts',
    source: "import { list } from '../../beta/components/list';\nexport const cross = list;\n",
  },
  {
    rule: 'web-shared-to-feature',
    from: 'apps/web/src/lib/upward.ts',
    to: 'apps/web/src/features/alpha/components/panel.ts',
    source: "import { panel } from '../features/alpha/components/panel';\nexport const upward = panel;\n",
  },
  {
    rule: 'web-feature-to-app',
    from: 'apps/web/src/features/beta/components/menu.ts',
    to: 'apps/web/src/app/screens.ts',
    source: "import { SCREENS } from '../../../app/screens';\nexport const menu = SCREENS;\n",
  },
  {
    rule: 'contract-to-apps',
    from: 'packages/contract/src/upward.ts',
    to: 'apps/web/src/lib/util.ts',
    source: "import { util } from '../../../apps/web/src/lib/util';\nexport const upward = util;\n",
  },
  {
    rule: 'contract-to-app-only-packages',
    from: 'packages/contract/src/disk.ts',
    to: 'fs',
    source: "import { readFileSync } from 'node:fs';\nexport const disk = readFileSync;\n",
  },
  {
    rule: 'web-to-server',
    from: 'apps/web/src/components/server-call.ts',
    to: 'apps/server/src/main.ts',
    source: "import { main } from '../../../server/src/main';\nexport const call = main;\n",
  },
  {
    rule: 'server-to-web',
    from: 'apps/server/src/web-call.ts',
    to: 'apps/web/src/lib/util.ts',
    source: "import { util } from '../../web/src/lib/util';\nexport const call = util;\n",
  },
  {
    rule: 'web-no-circular',
    from: 'apps/web/src/lib/ring-a.ts',
    to: 'apps/web/src/lib/ring-b.ts',
    source: "import { b } from './ring-b';\nexport const a = () => b;\n",
  },
  {
    rule: 'server-area-sekolah',
    from: 'apps/server/src/modules/sekolah/upward.ts',
    to: 'apps/server/src/modules/cadangan/routes.ts',
    source: "import { backupRoutes } from '../cadangan/routes';\nexport const upward = backupRoutes;\n",
  },
  {
    rule: 'server-area-referensi',
    from: 'apps/server/src/modules/referensi/sideways.ts',
    to: 'apps/server/src/modules/unduhan/x.ts',
    source: "import { x } from '../unduhan/x';\nexport const sideways = x;\n",
  },
  {
    rule: 'server-db-lib-import-no-module',
    from: 'apps/server/src/lib/upward.ts',
    to: 'apps/server/src/modules/sekolah/service.ts',
    source: "import { getSekolah } from '../modules/sekolah/service';\nexport const upward = getSekolah;\n",
  },
  {
    rule: 'server-db-is-the-bottom',
    from: 'apps/server/src/db/upward.ts',
    to: 'apps/server/src/lib/errors.ts',
    source: "import { AppError } from '../lib/errors';\nexport const upward = AppError;\n",
  },
  {
    rule: 'server-plugins-and-shared-files-import-no-module',
    from: 'apps/server/src/plugins/upward.ts',
    to: 'apps/server/src/modules/sekolah/service.ts',
    source: "import { getSekolah } from '../modules/sekolah/service';\nexport const upward = getSekolah;\n",
  },
  {
    rule: 'server-nothing-imports-app-or-main',
    from: 'apps/server/src/modules/sekolah/top.ts',
    to: 'apps/server/src/app.ts',
    source: "import { app } from '../../app';\nexport const top = app;\n",
  },
  {
    rule: 'server-no-circular',
    from: 'apps/server/src/lib/loop-a.ts',
    to: 'apps/server/src/lib/loop-b.ts',
    source: "import { b } from './loop-b';\nexport const a = () => b;\n",
  },
];
const RING_B = "import { a } from './ring-a';\nexport const b = () => a;\n";
const LOOP_B = "import { a } from './loop-a';\nexport const b = () => a;\n";
const UNDUHAN_X = 'export const x = 1;\n';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'depcruise-rules-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function violations(root: string): Promise<string[]> {
  const result = await cruise(
    ['apps', 'packages'],
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      exclude: { path: config.options.exclude.path },
      tsPreCompilationDeps: true,
    },
    config.options.enhancedResolveOptions,
  );
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('every rule of the config is proven below (a new rule needs its bad import here)', () => {
    const names = config.forbidden
      .map((r) => r.name)
      .filter((name) => !isAreaRule(name))
      .sort();
    expect(names).toEqual(
      BAD.map((b) => b.rule)
        .filter((name) => !isAreaRule(name))
        .sort(),
    );
    const areaRules = config.forbidden.map((r) => r.name).filter(isAreaRule);
    for (const b of BAD.filter((x) => isAreaRule(x.rule))) expect(areaRules).toContain(b.rule);
  });

  it('pass the clean tree: own feature, lib, components, contract, reference tables', async () => {
    expect(await violations(tree(CLEAN))).toEqual([]);
  });

  it('report each deliberately bad import under its rule, and nothing else', async () => {
    const files = { ...CLEAN, ...Object.fromEntries(BAD.map((b) => [b.from, b.source])) };
    files['apps/web/src/lib/ring-b.ts'] = RING_B;
    files['apps/server/src/lib/loop-b.ts'] = LOOP_B;
    files['apps/server/src/modules/unduhan/x.ts'] = UNDUHAN_X;
    const found = await violations(tree(files));
    const expected = BAD.map((b) => `${b.rule}: ${b.from} → ${b.to}`);
    expect(found).toEqual(expected.sort());
  });
});
