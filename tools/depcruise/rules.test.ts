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
/** The server's rules (tools/depcruise/server-rules.cjs) are proven by the server half's own test. */
const serverRules = new Set((require('./server-rules.cjs') as IForbiddenRuleType[]).map((r) => r.name));

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
    "import { RULES } from '../../../packages/contract/src/rules';\nexport const main = RULES;\n",
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
];
const RING_B = "import { a } from './ring-a';\nexport const b = () => a;\n";

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
  it('every web and contract rule of the config is proven below (a new rule needs its bad import here)', () => {
    const names = config.forbidden
      .map((r) => r.name)
      .filter((name) => !serverRules.has(name))
      .sort();
    expect(names).toEqual(BAD.map((b) => b.rule).sort());
  });

  it('pass the clean tree: own feature, lib, components, contract, reference tables', async () => {
    expect(await violations(tree(CLEAN))).toEqual([]);
  });

  it('report each deliberately bad import under its rule, and nothing else', async () => {
    const files = { ...CLEAN, ...Object.fromEntries(BAD.map((b) => [b.from, b.source])) };
    files['apps/web/src/lib/ring-b.ts'] = RING_B;
    const found = await violations(tree(files));
    const expected = BAD.map((b) => `${b.rule}: ${b.from} → ${b.to}`);
    expect(found).toEqual(expected.sort());
  });
});
