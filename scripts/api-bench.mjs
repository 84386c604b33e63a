// `npm run bench:api` (issue 26): the sandbox bank at a company's volume, side by side with a
// Prism mock of the same contract, measured by autocannon in one run. Not part of `npm test`
// nor of `npm run bench` (whose steps are scripts/bench-*.mjs): it loads the machine for minutes.
//
// It starts the sandbox (SANDBOX_BULK=5000, a throw-away database, no SPA, production settings:
// answers not checked against the contract) and `prism mock openapi/portal.yaml`, both on
// 127.0.0.1 and on free ports, signs in as Empresa Volume and as Maria, then plays each scenario
// BENCH_API_RUNS times (3) for BENCH_API_SECONDS each (10) and prints the medians:
//   - volume: the 5,000-entry statement, 10 connections, as fast as answered (sandbox and Prism);
//   - volume-br: the same, asking for br/gzip (the bytes on the wire);
//   - maria: Maria's 30-day statement, 10 connections (sandbox and Prism);
//   - volume-1000/s: the 5,000-entry statement at a fixed 1,000 requests/s over 50 connections
//     (sandbox only: time-outs and errors counted).
// The sandbox's resident memory is read from /proc before, at its peak (VmHWM) and at the end.
// Every request goes to 127.0.0.1; every run is bounded in time; both servers are stopped at the
// end. Figures go to reports/bench-api.json and against the goals of issue 26.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The checkout whose sandbox is measured (BENCH_API_SANDBOX, default this one): another worktree
 * gives the "before" figures of a change in the same run conditions. Prism and the contract it
 * mocks are this checkout's.
 */
const sandboxRoot = resolve(process.env.BENCH_API_SANDBOX ?? root);
const RUNS = Number(process.env.BENCH_API_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const BULK = 5000;
const PASSWORD = 'Senha@123';
const HOST = '127.0.0.1';

/** Issue 26's goals for the sandbox (measured here, not in the gate). */
const GOALS = {
  volumeP99Ms: 150,
  volumeRps: 100,
  compressedBytes: 600_000,
  rssEndMb: 300,
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((res, rej) => {
    const probe = createServer();
    probe.on('error', rej);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => res(port));
    });
  });
}

/** Spawns a server and resolves once `ready(url)` answers, within `timeoutMs`. */
async function start(name, command, args, env, ready, { cwd = root, timeoutMs = 180_000 } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}: ${stderr}`);
    try {
      if (await ready()) return child;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  child.kill('SIGTERM');
  throw new Error(`${name} did not answer within ${timeoutMs / 1000} s: ${stderr}`);
}

/** Resident memory of a process in MB: now (VmRSS) and its peak so far (VmHWM). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function signIn(base, username) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { deviceId: 'WEB', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD, cookie: '' }),
  });
  if (!res.ok) throw new Error(`login of ${username}: ${res.status} ${await res.text()}`);
  const { data } = await res.json();
  return { token: data.token, accountId: data.accounts[0].accountId };
}

/** YYYY-MM-DD, `days` before today (UTC; the statement's period is wide enough either way). */
const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Waits until the server is idle again (its health answers within 100 ms, or 60 s have passed):
 * a request autocannon gave up on is still computed by the single-threaded sandbox, and would
 * otherwise be charged to the next run.
 */
async function drain(base) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(60_000) });
    } catch {
      // not answering yet
    }
    if (performance.now() - started < 100) return;
  }
}

/** One autocannon run; the figures that matter here. */
async function measure({ url, headers, connections, overallRate }) {
  const result = await autocannon({
    url,
    headers,
    connections,
    duration: SECONDS,
    timeout: 10,
    ...(overallRate ? { overallRate } : {}),
  });
  const answers = result['2xx'];
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answers,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerAnswer: answers > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The median of each figure over the runs (time-outs and errors: their sum). */
function summarize(runs) {
  const pick = (key) => runs.map((r) => r[key]);
  return {
    rps: median(pick('rps')),
    p50: median(pick('p50')),
    p99: median(pick('p99')),
    bytesPerAnswer: median(pick('bytesPerAnswer')),
    non2xx: pick('non2xx').reduce((a, b) => a + b, 0),
    errors: pick('errors').reduce((a, b) => a + b, 0),
    timeouts: pick('timeouts').reduce((a, b) => a + b, 0),
    runs,
  };
}

const [sandboxPort, prismPort] = [await freePort(), await freePort()];
const bank = `http://${HOST}:${sandboxPort}`;
const mock = `http://${HOST}:${prismPort}`;
const children = [];
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

try {
  console.log(`bench:api: sandbox of ${sandboxRoot} (SANDBOX_BULK=${BULK}) on ${bank}, Prism on ${mock}`);
  const sandbox = await start(
    'the sandbox',
    process.execPath,
    ['--import', 'tsx', 'sandbox/main.ts'],
    {
      PORT: String(sandboxPort),
      HOST,
      SANDBOX_DB: ':memory:',
      SANDBOX_BULK: String(BULK),
      SANDBOX_SERVE_SPA: '0',
      SANDBOX_CHECK_RESPONSES: '',
      SANDBOX_TEST_ROUTES: '',
    },
    async () => (await fetch(`${bank}/api/health`)).ok,
    { cwd: sandboxRoot },
  );
  children.push(sandbox);
  const prism = await start(
    'Prism',
    process.execPath,
    [
      resolve(root, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'mock',
      '-h',
      HOST,
      '-p',
      String(prismPort),
      'openapi/portal.yaml',
    ],
    {},
    async () => (await fetch(`${mock}/health-of-prism`)).status > 0,
  );
  children.push(prism);

  const volume = await signIn(bank, 'volume@exemplo.com.br');
  const maria = await signIn(bank, 'maria@exemplo.com.br');
  const wholeHistory = `start=${daysAgo(3 * 366)}&ending=${daysAgo(-1)}`;
  const lastMonth = `start=${daysAgo(30)}&ending=${daysAgo(0)}`;
  const path = (who, query) => `/accounts/${who.accountId}/statement?${query}`;
  const auth = (who) => ({ deviceId: 'WEB', authorization: `Bearer ${who.token}` });

  // The volume statement answers every entry: check once, before measuring it.
  const check = await fetch(`${bank}/api${path(volume, wholeHistory)}`, { headers: auth(volume) });
  const entries = (await check.json()).data.statement.length;
  if (entries < BULK) throw new Error(`the volume statement holds ${entries} entries, not ${BULK}`);

  const memoryBefore = memoryOf(sandbox.pid);
  const scenarios = [
    { name: 'volume', who: volume, query: wholeHistory, connections: 10, prism: true },
    {
      name: 'volume-br',
      who: volume,
      query: wholeHistory,
      connections: 10,
      headers: { 'accept-encoding': 'br, gzip' },
    },
    { name: 'maria', who: maria, query: lastMonth, connections: 10, prism: true },
    { name: 'volume-1000/s', who: volume, query: wholeHistory, connections: 50, overallRate: 1000 },
  ];
  const results = {};
  for (const s of scenarios) {
    const targets = [['sandbox', `${bank}/api`], ...(s.prism ? [['prism', mock]] : [])];
    for (const [server, base] of targets) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        if (server === 'sandbox') await drain(bank);
        runs.push(
          await measure({
            url: `${base}${path(s.who, s.query)}`,
            headers: { ...auth(s.who), ...s.headers },
            connections: s.connections,
            overallRate: s.overallRate,
          }),
        );
      }
      results[`${s.name} ${server}`] = summarize(runs);
      const r = results[`${s.name} ${server}`];
      console.log(
        `${`${s.name} ${server}`.padEnd(24)} ${r.rps.toFixed(1).padStart(8)} answers/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  ${(r.bytesPerAnswer / 1000).toFixed(1).padStart(8)} kB/answer  non-2xx ${r.non2xx}  errors ${r.errors}  time-outs ${r.timeouts}`,
      );
    }
    if (s.prism) {
      const ratio = results[`${s.name} sandbox`].rps / results[`${s.name} prism`].rps;
      console.log(
        `${`${s.name} sandbox/prism`.padEnd(24)} ${ratio.toFixed(2).padStart(8)} × Prism's throughput`,
      );
    }
  }
  // At rest: the requests the last run gave up on are finished first.
  await drain(bank);
  const memoryAfter = memoryOf(sandbox.pid);
  console.log(
    `sandbox RSS: ${memoryBefore.rssMb.toFixed(0)} MB before, peak ${memoryAfter.peakMb.toFixed(0)} MB, ${memoryAfter.rssMb.toFixed(0)} MB at the end`,
  );

  const v = results['volume sandbox'];
  const br = results['volume-br sandbox'];
  // A run without any answer has no latency to speak of: it meets no goal.
  const answered = (r) => r.runs.every((run) => run.answers > 0);
  const goals = [
    [
      `5,000-entry statement p99 < ${GOALS.volumeP99Ms} ms at 10 connections`,
      answered(v) && v.p99 < GOALS.volumeP99Ms,
    ],
    [`5,000-entry statement ≥ ${GOALS.volumeRps} answers/s`, v.rps >= GOALS.volumeRps],
    [
      `compressed answer < ${GOALS.compressedBytes / 1000} kB`,
      answered(br) && br.bytesPerAnswer < GOALS.compressedBytes,
    ],
    ["Maria's statement ≥ Prism's throughput", results['maria sandbox'].rps >= results['maria prism'].rps],
    [`RSS < ${GOALS.rssEndMb} MB at the end`, memoryAfter.rssMb < GOALS.rssEndMb],
    [
      'no time-outs or errors',
      Object.values(results).every((r) => r.timeouts === 0 && r.errors === 0 && r.non2xx === 0),
    ],
  ];
  console.log('\ngoals (issue 26):');
  for (const [goal, met] of goals) console.log(`  ${met ? 'met    ' : 'NOT met'}  ${goal}`);

  mkdirSync(resolve(root, 'reports'), { recursive: true });
  writeFileSync(
    resolve(root, 'reports/bench-api.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        runs: RUNS,
        seconds: SECONDS,
        memory: { before: memoryBefore, after: memoryAfter },
        results,
        goals: goals.map(([goal, met]) => ({ goal, met })),
      },
      null,
      2,
    ),
  );
  console.log('\nfigures: reports/bench-api.json');
} finally {
  stopAll();
}
