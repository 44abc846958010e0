import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One server for the whole run, on its own fresh data directory with the demo school seeded.
// Set once in the runner process; the workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'erapor-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3199);
const root = join(import.meta.dirname, '..');
const SCHOOL_WIDE = [
  // Reads every demo account's roles, which pengguna.spec's Atur Ulang Pengguna (PTK) changes (a
  // teacher who is a homeroom teacher in Dapodik gains Wali): first in this project, before it.
  /\/access\.spec\.ts$/,
  /\/setting\.spec\.ts$/,
  /\/sinkronisasi\.spec\.ts$/,
  /\/kirim-nilai\.spec\.ts$/,
  /\/penilaian\.spec\.ts$/,
  /\/sikap-ekskul\.spec\.ts$/,
  // Saves absences, which obey the assessment switch setting.spec turns off.
  /\/wali-kelas-absensi\.spec\.ts$/,
  /\/wali-kelas-catatan\.spec\.ts$/,
  /\/wali-kelas-kenaikan\.spec\.ts$/,
  // Creates and deletes PKL plans (the assessment switch applies) and clears pkl@'s plans first,
  // so never beside the other PKL specs.
  /\/pkl-perencanaan\.spec\.ts$/,
  // Saves PKL absences, which obey the assessment switch too.
  /\/pkl-kehadiran\.spec\.ts$/,
  // Saves PKL scores, which obey the assessment switch too.
  /\/pkl-penilaian\.spec\.ts$/,
  // May create pkl@'s PKL plan (the assessment switch applies) to print its reports.
  /\/pkl-cetak\.spec\.ts$/,
  // Monitoring › Nilai PKL: may create pkl@'s PKL plan, as pkl-cetak.
  /\/monitoring-pkl\.spec\.ts$/,
  // Pusat Unduhan's Rapor PKL: may create pkl@'s PKL plan, as pkl-cetak.
  /\/unduhan-pkl\.spec\.ts$/,
  // Monitoring › Nilai Projek reads p5@'s projects in 20242, which projek.spec.ts clears and plans.
  /\/monitoring-projek-ukk\.spec\.ts$/,
  // Make wali@ the wali of another class through Dapodik (the simulator the settings point at).
  /\/wali-kelas-sikap\.spec\.ts$/,
  /\/sub-mapel\.spec\.ts$/,
  // Makes wali@ the wali of the PKL class through Dapodik and plans/scores PKL (the switch applies).
  /\/pkl-wali\.spec\.ts$/,
  // Saves grades: never while setting.spec has the assessment switch off.
  /\/keyboard\.spec\.ts$/,
  // Plans and scores P5 projects (the assessment gate applies) and clears p5@'s projects first.
  /\/projek\.spec\.ts$/,
  // Saves UKK scores, which obey the assessment switch too.
  /\/ukk\.spec\.ts$/,
  // Stores and removes the school's certificate background (Template Sertifikat) while ukk.spec prints.
  /\/ukk-template\.spec\.ts$/,
  // May create pkl@'s PKL plan (the assessment switch applies) for the PKL screens' views.
  /\/views-pkl\.spec\.ts$/,
  // Makes wali@ the wali of a second class through Dapodik, for the class picker's views.
  /\/views-wali\.spec\.ts$/,
  // Turns "show this semester's grades to pupils" on and off (Pengaturan Umum, as setting.spec saves).
  /\/portal\.spec\.ts$/,
  // Gives every teacher of 2025/2026 Genap an account (Atur Ulang Pengguna) and resets one's password.
  /\/skl\.spec\.ts$/,
  // Expects Atur Ulang Pengguna (PTK) to create new accounts: in this project it runs before
  // skl.spec.ts (files in name order, one worker), which creates them all.
  /\/pengguna\.spec\.ts$/,
  // Points the Dapodik settings at its own simulator and syncs the pupils (an approved correction survives).
  /\/portal-biodata\.spec\.ts$/,
  // The grid walk (GRID_SCREENS) may create pkl@'s PKL plan and p5@'s 2024/2025 project to show
  // their grids, as pkl-cetak does (the assessment switch applies).
  /\/layout\.spec\.ts$/,
];

/**
 * After everything else, two files side by side: a restore ends every login of the school
 * (cadangan.spec), and an empty installation synced from Dapodik runs a second server of its own
 * (sinkronisasi-kosong.spec) whose full sync kept both cores busy for minutes and made the other
 * specs' screens miss their waits when it ran among them.
 */
const LAST = [/\/cadangan\.spec\.ts$/, /\/sinkronisasi-kosong\.spec\.ts$/];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Parallel runs in one checkout keep their traces apart (E2E_OUTPUT_DIR).
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(import.meta.dirname, 'test-results'),
  timeout: 60_000,
  // A CI machine runs the server, two browsers and the test runners on two cores: a screen that
  // answers in 2 s idle has been seen to take over 10 s there.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // In CI one retry: a test that fails and then passes is reported as flaky in the run's output
  // (and counted as passed); a test that fails twice fails the run. Locally none, to see flakes.
  retries: process.env.CI ? 1 : 0,
  // Specs that change school-wide state of the shared server (the assessment switch, the Dapodik
  // settings and the simulator they point at) run one at a time, beside the other specs.
  projects: [
    { name: 'school-wide', testMatch: SCHOOL_WIDE, testIgnore: LAST, workers: 1 },
    { name: 'app', testIgnore: [...SCHOOL_WIDE, ...LAST] },
    // After everything else (see LAST; run one of them alone with --no-deps).
    { name: 'last', testMatch: LAST, workers: 2, dependencies: ['school-wide', 'app'] },
  ],
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Specs read the English interface unless they choose a locale (language.spec does).
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The built server, as `npm start` runs it (decision 060; `npm run test:e2e` builds it first).
    command: `node --enable-source-maps ${join(root, 'apps/server/dist/main.js')}`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    // First start seeds the living demo school (≈ 12 s idle; decision 022): room for a busy machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      // A scheduled backup would hold the embedded database in the middle of the screens' tests.
      BACKUP_SCHEDULE: 'false',
      // The access matrix logs in every demo account; keep the limiter on but out of its way.
      LOGIN_RATE_LIMIT_ACCOUNT: '50',
      LOGIN_RATE_LIMIT_ADDRESS: '500',
      // Cek Pembaharuan asks the fake feed pembaharuan.spec.ts serves on this port.
      UPDATE_FEED_URL: `http://127.0.0.1:${port + 10000}/versi.json`,
      // Parallel work in one checkout can build the web app into a directory of its own.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
