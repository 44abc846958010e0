/**
 * `npm run sim` (or `npx tsx apps/dapodik-sim/src/main.ts --help`): starts the Dapodik simulator and
 * prints where it listens, the NPSN and the token.
 */
import { CLI_DEFAULTS, HELP, OptionError, parseCli } from './options.ts';
import { createSimulator } from './simulator.ts';

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(process.argv.slice(2), process.env);
  } catch (e) {
    if (!(e instanceof OptionError)) throw e;
    console.error(`dapodik-sim: ${e.message}`);
    process.exit(2);
  }
  const { help, ...options } = parsed;
  if (help) {
    console.log(HELP);
    return;
  }
  const sim = createSimulator({ ...CLI_DEFAULTS, ...options });
  const url = await sim.listen();
  const o = sim.options;
  const s = sim.state;
  console.log(
    [
      `Dapodik simulator: ${s.school.sekolah.nama} (profile ${o.profile}, seed ${o.seed}, semester ${s.semesterId})`,
      `  listening   ${url}`,
      `  NPSN        ${s.school.sekolah.npsn}`,
      `  token       ${o.token}`,
      `  Web Service ${url}/WebService/getSekolah?npsn=${s.school.sekolah.npsn}  (Authorization: Bearer ${o.token})`,
      `  sync API    ${url}/sync/v1/status  (Authorization: Bearer ${o.token}, X-NPSN: ${s.school.sekolah.npsn})`,
      `  kirim data  ${url}/api/sinkronisasi/kirim-data`,
      `  window      ${o.window ?? 'off'}`,
      `  admin       ${o.admin ? `${url}/__sim/state` : 'off (--admin to enable /__sim controls)'}`,
    ].join('\n'),
  );
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
