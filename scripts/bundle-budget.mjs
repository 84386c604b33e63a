// Bundle budget: the JavaScript a browser downloads to show /login for the first time.
// That is the entry chunk, every chunk it imports statically, and the lazily loaded login page
// with its static imports (the router requests it immediately), and the access area's actors, which
// src/app/routes.tsx loads together with the page. Gzip level 9 approximates what a server sends. Fails above the budget and always prints the figure.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_KB = 160;
const dist = 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const LOGIN_PAGE = 'src/features/access/login-page.tsx';
const LOGIN_ACTORS = 'src/app/actors/access-actors.ts';

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-budget: ${key} is not in the Vite manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('bundle-budget: no entry chunk in the manifest');
collect(entry);
if (manifest[LOGIN_PAGE]) collect(LOGIN_PAGE);
else console.warn(`bundle-budget: ${LOGIN_PAGE} not found; measuring the entry only`);
if (manifest[LOGIN_ACTORS]) collect(LOGIN_ACTORS);
else console.warn(`bundle-budget: ${LOGIN_ACTORS} not found; the login page's actors are not counted`);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const kb = total / 1024;
console.log(`First load of /login: ${kb.toFixed(1)} KB of gzipped JavaScript (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`bundle-budget: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
