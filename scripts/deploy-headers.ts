/**
 * Prints the portal's security headers for the build in dist/ as nginx `add_header` lines
 * (docs/deploy.md), from the module the sandbox serves them with (sandbox/http/security-headers.ts):
 * the Content-Security-Policy allows that build's inline blocks by their hashes, so it is made
 * with each build. `npx tsx scripts/deploy-headers.ts [dist] [api-origin]`; write the output to a
 * file nginx includes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiOrigin, nginxHeaders } from '../sandbox/http/security-headers.ts';

const dist = resolve(process.argv[2] ?? 'dist');
const indexHtml = readFileSync(resolve(dist, 'index.html'), 'utf8');
process.stdout.write(`${nginxHeaders({ indexHtml, connectOrigins: apiOrigin(process.argv[3]) })}\n`);
