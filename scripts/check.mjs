// `npm run check -- --flow <catalog id>`: the inner loop, in well under two minutes. The whole gate
// (`npm test`) still runs before a change is submitted.
//
//   1. typecheck of the project, and eslint + prettier of the files changed since HEAD (staged,
//      unstaged and new), side by side;
//   2. vitest of the tests related to those changes (`vitest related`), plus the flow's own
//      machine path tests (tests/machines/paths.test.ts, by its describe title);
//   3. `vite build` when dist/ is older than the sources (the charts and the bundle budget are
//      left to the gate);
//   4. the flow's browser paths (e2e/paths.spec.ts, the covering set; `--set shortest|simple` for
//      the full sets), one sandbox per worker.
//
// Options: --flow <id> (without it, steps 1-2 only), --set cover|shortest|simple, --base <git ref>
// (compare with another ref than HEAD, e.g. origin/main).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    flow: { type: 'string' },
    set: { type: 'string', default: 'cover' },
    base: { type: 'string', default: 'HEAD' },
  },
});
if (values.flow !== undefined && !/^[a-z0-9-]+$/.test(values.flow)) {
  console.error(`check: --flow takes a catalog id such as address-book; got '${values.flow}'`);
  process.exit(2);
}
if (!['cover', 'shortest', 'simple'].includes(values.set)) {
  console.error(`check: --set is cover, shortest or simple; got '${values.set}'`);
  process.exit(2);
}

const started = performance.now();
const timings = [];
const failures = [];

function run(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let output = '';
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const done = (code) => {
      const s = (performance.now() - t0) / 1000;
      timings.push([name, s]);
      console.log(`── ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${s.toFixed(1)} s)`);
      if (code !== 0) {
        failures.push(name);
        console.log(output.trimEnd());
      }
      resolve(code === 0);
    };
    child.on('error', (e) => {
      output += String(e);
      done(1);
    });
    child.on('exit', (code) => done(code ?? 1));
  });
}

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...git('diff', '--name-only', values.base),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((f) => existsSync(f));
const code = changed.filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
const formatted = changed.filter((f) => /\.(ts|tsx|mjs|js|json|ya?ml|css|html)$/.test(f));
console.log(`check: ${changed.length} file(s) changed since ${values.base}`);

// 1. Static checks, two at a time (each is single-threaded).
await Promise.all([
  run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  (async () => {
    if (code.length > 0)
      await run('eslint (changed files)', 'npx', ['eslint', '--max-warnings', '0', ...code]);
    if (formatted.length > 0)
      await run('prettier (changed files)', 'npx', [
        'prettier',
        '--check',
        '--log-level',
        'warn',
        ...formatted,
      ]);
  })(),
]);

// 2. Unit tests of what changed, and the flow's machine paths.
const related = changed.filter((f) => /\.(ts|tsx)$/.test(f));
if (related.length > 0)
  await run('vitest related', 'npx', ['vitest', 'related', '--run', '--passWithNoTests', ...related]);
if (values.flow)
  await run(`vitest: ${values.flow} machine paths`, 'npx', [
    'vitest',
    'run',
    'tests/machines/paths.test.ts',
    '-t',
    `^${values.flow} — `,
  ]);

if (values.flow) {
  // 3. A build when dist/ is older than anything it is built from.
  const newest = (path) => {
    if (!existsSync(path)) return 0;
    const st = statSync(path);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
  };
  const sources = ['src', 'machines', 'clock', 'openapi', 'index.html', 'vite.config.ts', 'package.json'];
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const stale = Math.max(...sources.map(newest)) > built;
  if (stale) await run('vite build (dist was stale)', 'npx', ['vite', 'build', '--logLevel', 'warn']);
  else timings.push(['build (dist up to date)', 0]);

  // 4. The flow's paths in Chromium.
  if (!failures.some((f) => f.startsWith('vite build')))
    await run(
      `e2e: ${values.flow} paths (${values.set})`,
      'npx',
      ['playwright', 'test', 'e2e/paths.spec.ts', '-g', ` ${values.flow} — `],
      {
        PATHS_SET: values.set,
      },
    );
}

const total = (performance.now() - started) / 1000;
console.log(`\ncheck: ${timings.map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ')}`);
console.log(
  `check: ${failures.length === 0 ? 'ok' : `FAILED: ${failures.join(', ')}`} in ${total.toFixed(1)} s`,
);
if (failures.length > 0) process.exitCode = 1;
