// The browser tests of the ULID tool (web/e2e/*.spec.mjs), in Debian's
// headless Chromium. web/test.sh builds ulid-web and runs them; from web/,
// `npx playwright test` does the same with go run.
//
// Two projects: "server" runs every test against ulid-web, and "export"
// runs those tagged @export against the files ulid-web -out writes, served
// by e2e/static-server.mjs as a plain static host serves them, without the
// server's headers. Tests tagged @export-only run there alone.
//
// Environment: ULID_WEB (the built command; default go run ./cmd/ulid-web),
// CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (default each test's
// output folder), ULID_E2E_OUT (the folder for the export and the results;
// default web/test-results).
import { defineConfig } from '@playwright/test';
import path from 'node:path';

const out = process.env.ULID_E2E_OUT || path.resolve(import.meta.dirname, 'test-results');
const ulidWeb = process.env.ULID_WEB ? `'${process.env.ULID_WEB}'` : 'go run ./cmd/ulid-web';
const site = path.join(out, 'site');
const port = (name) => process.env[name] && `http://127.0.0.1:${process.env[name]}/`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.mjs',
  outputDir: path.join(out, 'output'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: Number(process.env.ULID_E2E_WORKERS || 2),
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: path.join(out, 'results.json') }]],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      // Chromium's background connections fail on a closed network.
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 960, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Asia/Kolkata',
    permissions: ['clipboard-read', 'clipboard-write'],
  },
  webServer: [
    {
      name: 'ulid-web',
      command: `${ulidWeb} -addr 127.0.0.1:0`,
      cwd: '..',
      wait: { stdout: /serving http:\/\/127\.0\.0\.1:(?<ulid_web_port>\d+)\// },
      stdout: 'pipe',
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    },
    {
      name: 'static',
      command: `${ulidWeb} -out '${site}' && exec node web/e2e/static-server.mjs '${site}'`,
      cwd: '..',
      wait: { stdout: /serving http:\/\/127\.0\.0\.1:(?<ulid_static_port>\d+)\// },
      stdout: 'pipe',
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    },
  ],
  projects: [
    { name: 'server', grepInvert: /@export-only/, use: { baseURL: port('ULID_WEB_PORT') } },
    { name: 'export', grep: /@export/, use: { baseURL: port('ULID_STATIC_PORT') } },
  ],
});
