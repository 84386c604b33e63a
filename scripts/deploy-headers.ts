/**
 * Prints the portal's security headers for the build in dist/ as nginx `add_header` lines
 * (docs/deploy.md), from the module the sandbox serves them with (sandbox/http/security-headers.ts):
 * the Content-Security-Policy allows that build's inline blocks by their hashes, so it is made
 * with each build. `npx tsx scripts/deploy-headers.ts [dist] [api-origin] [tile-url-template]` (the
 * last the build's VITE_MAP_TILE_URL, when the vault map has tiles); write the output to a file
 * nginx includes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiOrigin, nginxHeaders, tileOrigins } from '../sandbox/http/security-headers.ts';

const dist = resolve(process.argv[2] ?? 'dist');
const indexHtml = readFileSync(resolve(dist, 'index.html'), 'utf8');
const connectOrigins = apiOrigin(process.argv[3]);
const imgOrigins = tileOrigins(process.argv[4]);
process.stdout.write(`${nginxHeaders({ indexHtml, connectOrigins, imgOrigins })}\n`);
