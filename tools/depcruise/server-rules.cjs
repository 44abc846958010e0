// The server's layers (docs/decisions/061-layers.md, "Server"), as dependency-cruiser `forbidden`
// rules; the project's main dependency-cruiser config requires this file.
//
// From the bottom: db/ (client, tables, column and raw-SQL helpers), lib/ (errors, uploads,
// spreadsheets, images, SSE, Excel sheets, passwords…) and plugins/ (Fastify hooks), then the
// domain areas (apps/server/src/modules/<area>), then app.ts and main.ts.
//
// The areas are ranked below. An area may import only areas of a LOWER rank: so no two areas
// import each other, nor go round in a longer circle. A new area, or a new import that goes up
// or sideways, means moving an area to the rank the domain gives it (and saying why in 061).
const fs = require('node:fs');
const path = require('node:path');

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
/** Tests and their helpers may reach across areas (fixtures, demo data); the product code may not. */
const TESTS = '\\.test\\.ts$|/test-[^/]+\\.ts$|^apps/server/src/test/';

/** Rank 0 is the lowest. Same-rank areas may not import each other either. */
const AREA_RANKS = [
  ['jobs', 'riwayat-nilai', 'sekolah', 'system'],
  ['referensi', 'unduhan'],
  ['cadangan', 'penilaian'],
  ['projek', 'sinkronisasi', 'ukk'],
  ['monitoring'],
  ['pkl'],
  ['cetak', 'kurikulum', 'wali-kelas'],
  ['pengguna'],
  ['auth', 'demo', 'portal'],
];

// Every folder under modules/ must have a rank: a new area is placed by a decision, not by default.
const modulesDir = path.join(__dirname, '..', '..', 'apps', 'server', 'src', 'modules');
if (fs.existsSync(modulesDir)) {
  const ranked = new Set(AREA_RANKS.flat());
  const unranked = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !ranked.has(e.name))
    .map((e) => e.name);
  if (unranked.length > 0)
    throw new Error(
      `tools/depcruise/server-rules.cjs: give these server areas a rank in AREA_RANKS: ${unranked.join(', ')}`,
    );
}

const alternation = (names) => names.map((n) => n.replace(/[-]/g, '\\-')).join('|');

const areaRules = AREA_RANKS.flatMap((areas, rank) => {
  const notBelow = AREA_RANKS.slice(rank).flat();
  return areas.map((area) => {
    const forbiddenAreas = notBelow.filter((a) => a !== area);
    return {
      name: `server-area-${area}`,
      severity: 'error',
      comment:
        `modules/${area} (rank ${rank}) imports only areas of a lower rank (tools/depcruise/server-rules.cjs): ` +
        'move the shared piece down (to a lower area, db/ or lib/) or pass it in when app.ts registers the area.',
      from: { path: `${MODULES}${area}/`, pathNot: TESTS },
      to: { path: `${MODULES}(${alternation(forbiddenAreas)})/` },
    };
  });
}).filter((rule) => rule.to.path !== `${MODULES}()/`);

module.exports = [
  ...areaRules,
  {
    name: 'server-no-circular',
    severity: 'error',
    comment: 'Belt and braces for the ranks: no circle of imports inside the server code either.',
    from: { path: SERVER, pathNot: TESTS },
    to: { circular: true },
  },
  {
    name: 'server-db-lib-import-no-module',
    severity: 'error',
    comment:
      'db/ and lib/ sit below every area: they import no module (move the piece down, or take a callback).',
    from: { path: `${SERVER}(db|lib)/`, pathNot: TESTS },
    to: { path: MODULES },
  },
  {
    name: 'server-db-is-the-bottom',
    severity: 'error',
    comment:
      'db/ (client, tables, SQL helpers) is the lowest layer: lib/ and plugins/ may import it, not the reverse.',
    from: { path: `${SERVER}db/`, pathNot: TESTS },
    to: { path: `${SERVER}(lib|plugins)/` },
  },
  {
    name: 'server-plugins-and-shared-files-import-no-module',
    severity: 'error',
    comment:
      'plugins/ and the shared files beside app.ts (context, config, actor, mail, secrets) import no module: ' +
      'what a plugin needs from an area (the actor of a token) is passed in by app.ts.',
    from: { path: `${SERVER}(plugins/|[^/]+\\.ts$)`, pathNot: `${TESTS}|${SERVER}(app|main)\\.ts$` },
    to: { path: MODULES },
  },
  {
    name: 'server-nothing-imports-app-or-main',
    severity: 'error',
    comment: 'app.ts and main.ts are the top: no module, plugin or lower file imports them.',
    from: { path: SERVER, pathNot: `${TESTS}|${SERVER}(app|main)\\.ts$` },
    to: { path: `${SERVER}(app|main)\\.ts$` },
  },
];
