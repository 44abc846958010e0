// Import rules of the monorepo (docs/decisions/061-layers.md), checked by `npm run lint`:
//   depcruise --config .dependency-cruiser.cjs apps packages
// The web half is written here; the server's rules live in tools/depcruise/server-rules.cjs.
// tools/depcruise/rules.test.ts proves each rule fails on a deliberately bad import.

const serverRules = require('./tools/depcruise/server-rules.cjs');

const WEB = '^apps/web/src/';
const FEATURES = `${WEB}features/`;

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'web-feature-to-feature',
    severity: 'error',
    comment:
      'A web feature never imports another feature. What several features use lives in ' +
      'components/ or lib/; a screen reused by another menu entry is an alias in app/screens.ts.',
    from: { path: `${FEATURES}([^/]+)/` },
    to: { path: `${FEATURES}[^/]+/`, pathNot: `${FEATURES}$1/` },
  },
  {
    name: 'web-shared-to-feature',
    severity: 'error',
    comment: 'components/ and lib/ are below the features: they import no feature (and no app/).',
    from: { path: `${WEB}(components|lib)/` },
    to: { path: `${WEB}(features|app)/` },
  },
  {
    name: 'web-feature-to-app',
    severity: 'error',
    comment: 'app/ (router, screen table, layouts) draws the features; a feature does not import it.',
    from: { path: FEATURES },
    to: { path: `${WEB}app/` },
  },
  {
    name: 'contract-to-apps',
    severity: 'error',
    comment:
      'packages/contract is the bottom layer: it imports nothing of the apps, and of the other ' +
      'packages only the published reference tables (packages/reference-data, plain data).',
    from: { path: '^packages/contract/' },
    to: { path: '^(apps/|packages/(?!contract/|reference-data/))' },
  },
  {
    name: 'contract-to-app-only-packages',
    severity: 'error',
    comment:
      'The contract runs in the browser and on the server: no package that only one side has ' +
      "(the web's React/Mantine/router/query, the server's Fastify/Drizzle/database) and no node: module.",
    from: { path: '^packages/contract/' },
    to: {
      dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'core'],
      pathNot: '^node_modules/zod/',
    },
  },
  {
    name: 'web-to-server',
    severity: 'error',
    comment:
      'The web app imports no other app (the server, the Dapodik simulator): it shares only packages/.',
    from: { path: '^apps/web/' },
    to: { path: '^apps/(?!web/)' },
  },
  {
    name: 'server-to-web',
    severity: 'error',
    comment: 'The server imports nothing of the web app: they share only packages/contract.',
    from: { path: '^apps/server/' },
    to: { path: '^apps/web/' },
  },
  {
    name: 'web-no-circular',
    severity: 'error',
    comment: 'No file of the web app reaches itself again through its imports.',
    from: { path: WEB },
    to: { circular: true },
  },
  ...serverRules,
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: ['node_modules'] },
    // A run over unchanged files answers from the cache (about 1 s of CPU instead of 5; any changed file
    // means a whole cruise again). Decision 061.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    exclude: { path: ['(^|/)(dist|\\.tmp|node_modules)/', '(^|/)drizzle/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: {
      dot: {
        collapsePattern: '^(node_modules/[^/]+|apps/web/src/features/[^/]+|apps/server/src/modules/[^/]+)',
      },
    },
  },
};
