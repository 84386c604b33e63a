// What /login's first load is made of, per source: for each script of the first load (the same set
// as /login's in scripts/bundle-budget.ts), every source module's or package's marginal gzip cost: the chunk
// gzipped whole, less the chunk gzipped without that source's bytes (read from the source map).
// Bytes no source claims (JSON modules such as the core texts, styled-components' CSS text, Vite's
// helpers, chunk glue) are one line. A measurement for a person, not a gate:
//   npx vite build --sourcemap --outDir /tmp/portal-map --emptyOutDir
//   node scripts/entry-breakdown.mjs /tmp/portal-map [min-bytes]
// (never into dist/: the served build has no source maps, issue #10).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [outDir = 'dist', minArg = '150'] = process.argv.slice(2);
const minBytes = Number(minArg);
const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
if (!Object.values(manifest).some((chunk) => existsSync(join(outDir, `${chunk.file}.map`))))
  throw new Error(`entry-breakdown: ${outDir} has no source maps (build with --sourcemap)`);
const FIRST_LOAD = ['src/features/access/login-page.tsx', 'src/app/actors/access-actors.ts'];

const files = new Set();
const collect = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
};
collect(Object.keys(manifest).find((key) => manifest[key].isEntry));
FIRST_LOAD.forEach(collect);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The segments of a source map's `mappings`: [line, column, source index or -1]. */
function segments(mappings) {
  const out = [];
  let source = 0;
  mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      out.push([lineIndex, column, values.length > 1 ? source : -1]);
    }
  });
  return out;
}

/** A source path as a name: the npm package, or the project-relative file. */
function owner(path) {
  if (path === undefined) return '(no source: JSON texts, CSS template text, helpers, glue)';
  const at = path.lastIndexOf('node_modules/');
  if (at >= 0) {
    const [scope, name] = path.slice(at + 13).split('/');
    return `npm:${scope.startsWith('@') ? `${scope}/${name}` : scope}`;
  }
  return path.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(src|machines|openapi)\//, '$1/');
}

const rows = [];
for (const file of files) {
  // Without the map's comment, which the served build (no source maps) does not have.
  const code = readFileSync(join(outDir, file), 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  // Rolldown's tiny runtime chunk has no map: all of it is glue.
  const mapFile = join(outDir, `${file}.map`);
  const map = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : { mappings: '', sources: [] };
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const byteOwner = new Array(code.length).fill(undefined);
  const all = segments(map.mappings);
  all.forEach(([line, column, source], i) => {
    const next = all[i + 1];
    const start = lineStarts[line] + column;
    const end =
      next && next[0] === line ? lineStarts[line] + next[1] : (lineStarts[line + 1] ?? code.length + 1) - 1;
    if (source >= 0) for (let k = start; k < end; k++) byteOwner[k] = map.sources[source];
  });
  const groups = new Map();
  for (let k = 0; k < code.length; k++) {
    const name = owner(byteOwner[k]);
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(k);
  }
  const whole = gzipSync(code, { level: 9 }).length;
  for (const [name, indexes] of groups) {
    const skip = new Uint8Array(code.length);
    for (const k of indexes) skip[k] = 1;
    let rest = '';
    for (let k = 0; k < code.length; k++) if (!skip[k]) rest += code[k];
    rows.push({ file, name, raw: indexes.length, gz: whole - gzipSync(rest, { level: 9 }).length });
  }
  rows.push({ file, name: '= whole chunk', raw: code.length, gz: whole });
}

const kb = (n) => (n / 1024).toFixed(2).padStart(6);
for (const file of files) {
  const own = rows.filter((r) => r.file === file).sort((a, b) => b.gz - a.gz);
  console.log(`${file}: ${kb(own[0].gz)} KB gz`);
  for (const r of own.slice(1))
    if (r.gz >= minBytes) console.log(`  ${kb(r.gz)} KB gz ${kb(r.raw)} KB raw  ${r.name}`);
}
const total = rows.filter((r) => r.name === '= whole chunk').reduce((sum, r) => sum + r.gz, 0);
console.log(`First load of /login: ${(total / 1024).toFixed(1)} KB gz in ${files.size} scripts`);
