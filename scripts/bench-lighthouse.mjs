// `npm run bench:lighthouse`: how fast the first screen appears, measured with Lighthouse (from npm)
// in Debian's Chromium against the built portal served by the sandbox bank, as `npm start` serves it.
//
// Pages: /login (public), /Statement and /Pix (signed in as the demo customer through the login
// form; issue 26 holds all three to the mobile goal).
// Presets: Lighthouse's default mobile one (simulated slow 4G: 150 ms RTT, 1.6 Mbps; 4x CPU
// slowdown) and its desktop one. Each page and preset runs RUNS times (3 by default) and the median
// of the score and of each metric is compared with the goals of issue #12: mobile >= 90 and
// desktop >= 95. Exits 1 when a median misses its goal, so a regression shows; `npm test` does not
// run it (the score depends on the machine's load).
//
// It builds nothing: run `npm run build` first. Environment: CHROME_PATH (/usr/bin/chromium),
// RUNS (3), LIGHTHOUSE_JSON=<file> writes every run's metrics as JSON, LIGHTHOUSE_REPORTS=<dir> writes
// Lighthouse's whole report of every run there (the LCP element, request chains, network waterfall
// and main-thread tasks: where the time goes). For an A/B of one page in the same minutes on a busy
// machine: PRESETS=mobile and PAGES=statement (comma-separated; a page is named by its path's
// first segment, 'login', 'statement' or 'pix') measure only those.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.RUNS ?? 3);
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const listEnv = (name, all) => {
  const chosen = (process.env[name] ?? all.join(',')).split(',').map((v) => v.trim().toLowerCase());
  const unknown = chosen.filter((v) => !all.includes(v));
  if (unknown.length) {
    console.error(`bench:lighthouse: ${name} may list ${all.join(', ')}; got '${unknown.join(', ')}'.`);
    process.exit(2);
  }
  return chosen;
};
const presets = listEnv('PRESETS', ['mobile', 'desktop']);
const pageNames = listEnv('PAGES', ['login', 'statement', 'pix']);
const GOALS = { mobile: 90, desktop: 95 };
const USER = 'maria@exemplo.com.br';
const PASSWORD = 'Senha@123';
// Maria's trusted device (demo/users.ts maria.device.cookie, issue 30): signing in from it, /Pix is
// the hub a customer on a validated device sees, not the 'Dispositivo não validado.' dialog.
const DEVICE_COOKIE = { name: 'portal_device', value: 'demo-device-maria-7f3c9a1e5b2d4086' };

if (!existsSync(resolve(root, 'dist', 'index.html'))) {
  console.error('bench:lighthouse: dist/ is missing; run `npm run build` first.');
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`bench:lighthouse: RUNS must be a positive whole number; got '${process.env.RUNS}'.`);
  process.exit(2);
}

/** A port nobody listens on now. */
function freePort() {
  return new Promise((res, rej) => {
    const probe = createServer();
    probe.once('error', rej);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => res(port));
    });
  });
}

/** Starts the sandbox bank with a throw-away database; resolves when it answers. */
async function startSandbox(port) {
  const child = spawn(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: ':memory:' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the sandbox did not answer within 60 s');
}

/** Signs in through the login form, as a customer does; the session is then in this tab's storage. */
async function signIn(page, base) {
  await page.setCookie({ ...DEVICE_COOKIE, url: base });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[autocomplete="username"]').fill(USER);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/Statement', { timeout: 30_000 }),
    page.locator('button[type="submit"]').click(),
  ]);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
];

/** One Lighthouse run of the performance category; returns the score and the metrics. */
async function measure(browser, url, preset, signedIn, base, reportName) {
  const page = await browser.newPage();
  try {
    if (signedIn) {
      await signIn(page, base);
      // Keep the session (sessionStorage of this tab) but not the files the login fetched: the
      // statement is measured as a cold load, like /login.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The signed-in page needs the session the login left in sessionStorage.
      disableStorageReset: signedIn,
    };
    const config = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      writeFileSync(join(reportsDir, `${reportName}.json`), JSON.stringify(lhr));
    }
    const out = { score: Math.round((lhr.categories.performance.score ?? 0) * 100) };
    for (const [name, id] of METRICS) out[name] = lhr.audits[id]?.numericValue ?? NaN;
    out.unusedJsKB = (lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024;
    out.finalUrl = lhr.finalDisplayedUrl;
    return out;
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, NO_FCP...) and
 * asks to run it again: such a run is repeated, twice at most; any other error stops the bench.
 */
async function measureWithRetry(...args) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(...args);
    } catch (error) {
      const retriable = /\b(NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED)\b/.test(String(error?.message));
      if (!retriable || attempt === 3) throw error;
      console.error(`bench:lighthouse: ${error.message.split('\n')[0]}; running it again`);
    }
  }
}

const fmtMs = (v) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : '—');
const fmt = {
  FCP: fmtMs,
  LCP: fmtMs,
  SI: fmtMs,
  TBT: (v) => `${Math.round(v)} ms`,
  CLS: (v) => v.toFixed(3),
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const sandbox = await startSandbox(port);
const browser = await puppeteer.launch({
  executablePath: chromePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  defaultViewport: null,
});

const pages = [
  { id: 'login', name: '/login', path: '/login', signedIn: false },
  { id: 'statement', name: '/Statement (signed in)', path: '/Statement', signedIn: true },
  { id: 'pix', name: '/Pix (signed in)', path: '/Pix', signedIn: true },
].filter((p) => pageNames.includes(p.id));
const all = [];
let failed = false;
try {
  for (const preset of presets) {
    for (const target of pages) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const reportName = `${preset}-${target.id}-${i + 1}`;
        const sample = await measureWithRetry(
          browser,
          base + target.path,
          preset,
          target.signedIn,
          base,
          reportName,
        );
        if (new URL(sample.finalUrl).pathname !== target.path) {
          throw new Error(`${target.name}: Lighthouse ended on ${sample.finalUrl}, not on ${target.path}`);
        }
        samples.push(sample);
        all.push({ preset, page: target.name, run: i + 1, ...sample });
      }
      const score = median(samples.map((s) => s.score));
      const goal = GOALS[preset];
      const ok = score >= goal;
      if (!ok) failed = true;
      const metrics = METRICS.map(([name]) => `${name} ${fmt[name](median(samples.map((s) => s[name])))}`);
      const unused = median(samples.map((s) => s.unusedJsKB));
      console.log(
        `${ok ? 'ok  ' : 'MISS'} ${preset.padEnd(7)} ${target.name.padEnd(24)} score ${String(score).padStart(3)} ` +
          `(goal ≥ ${goal}; runs ${samples.map((s) => s.score).join(', ')})  ${metrics.join('  ')}  ` +
          `unused JS ${unused.toFixed(0)} KB`,
      );
    }
  }
} finally {
  await browser.close();
  sandbox.kill('SIGTERM');
}

if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(all, null, 2));
if (failed) {
  console.error('bench:lighthouse: a median score misses its goal (mobile ≥ 90, desktop ≥ 95).');
  process.exit(1);
}
