import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys run the built app on a fresh embedded database, in the system Chromium.
const port = Number(process.env.E2E_PORT ?? 5123);
// Headless, the journeys need no more than Chromium's headless shell (Debian's
// chromium-headless-shell: the same Chromium build without the desktop browser around it, which is
// what Playwright itself runs headless). It renders the same pages for less CPU, which on two cores
// shortens the whole run; the full browser where the shell is not installed.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromePath =
  process.env.CHROME_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';

// The pages this run's axe checks have covered, shared by its workers (e2e/fixtures.ts): a new
// empty file for each run, made where the run starts (the workers inherit its environment, so
// they read the same one) and removed when it ends.
if (!process.env.MARKIT_E2E_CHECKED_PAGES) {
  const checkedPages = path.join(
    os.tmpdir(),
    `markit-e2e-checked-${randomBytes(6).toString('hex')}.txt`,
  );
  writeFileSync(checkedPages, '');
  process.env.MARKIT_E2E_CHECKED_PAGES = checkedPages;
  process.on('exit', () => rmSync(checkedPages, { force: true }));
}

const launchOptions = {
  executablePath: chromePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  // Three spec files at a time against the one server: a journey spends much of its time waiting
  // on the browser and the network, so on two cores a second and, with the lighter headless shell,
  // a third one still shorten the run (each registers accounts of its own, so they never share
  // data). Tests inside a file stay in order.
  fullyParallel: false,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    // The phone runs the journeys people mostly make on a phone (the business back office and
    // the longest social journey run on the desktop only, to keep CI short).
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions },
      testMatch: [
        'auth.spec.ts',
        'consumer.spec.ts',
        'profile.spec.ts',
        'notifications.spec.ts',
        'password-reset.spec.ts',
        'settings.spec.ts',
        'two-factor.spec.ts',
        'paid-gifts.spec.ts',
        'payment-settings.spec.ts',
        'redeem.spec.ts',
        'messages.spec.ts',
        'marketplace-map.spec.ts',
      ],
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node dist/server/index.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: '0',
      // e2e registers many accounts, and claims many pins, from one address within minutes.
      RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      RATE_LIMIT_CLAIMS_PER_ADDRESS_PER_DAY: '1000',
      // The journeys register and sign in about a hundred times; at the production cost each
      // hash takes a core for a noticeable while on CI's two. A hash carries its own cost, so
      // sign-in works the same; the API tests run at this cost too.
      PASSWORD_HASH_COST: '10',
      // A proof of who you are lasts this long here (900 s in production): longer than any
      // journey's time limit (120 s at most), so no other journey's proof ever grows old, and
      // short enough for the wallet PIN journey to wait it out and see Use Card ask for the PIN.
      STEP_UP_MAX_AGE_SECONDS: '125',
    },
  },
});
