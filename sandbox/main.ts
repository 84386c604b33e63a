import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoDevicesNote, demoLoginsTable } from './db/demo-logins.ts';
import { apiOrigin, tileOrigins } from './http/security-headers.ts';
import { testRoutesBanner } from './http/test-routes.ts';
import { buildServer } from './server.ts';

/**
 * `npm start`: the sandbox bank and the built portal on one port.
 *
 * PORT (8080), HOST (localhost), SANDBOX_DB (.data/sandbox.db; ':memory:' for a throw-away bank),
 * SANDBOX_TEST_ROUTES=1 (reset, faults, clock, checks...: from this machine only; =anyone opens them), SANDBOX_BULK=5000 (the "Empresa Volume" account),
 * SANDBOX_TOKEN_TTL (seconds, 1800), SANDBOX_SERVE_SPA=0 (API only, for `npm run dev`),
 * PUBLIC_ORIGIN (scheme://host[:port] of links in e-mails; default http://HOST:PORT),
 * SANDBOX_OUTBOX=anyone (serve /sandbox/outbox to every address, not only to this machine),
 * SANDBOX_CHECK_RESPONSES=off|warn|throw (answers checked against the contract; default 'throw'
 * with the test routes on, 'off' without: server.ts).
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? 'localhost';
const dbFile =
  env.SANDBOX_DB === ':memory:' ? ':memory:' : resolve(root, env.SANDBOX_DB ?? '.data/sandbox.db');
/** A positive whole number from the environment, or a clear error at start (never a 500 later). */
function positiveInteger(name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name} must be a positive whole number; got '${raw}'.`);
    process.exit(1);
  }
  return value;
}

const bulkEntries = positiveInteger('SANDBOX_BULK');
const tokenTtlSeconds = positiveInteger('SANDBOX_TOKEN_TTL');
const serveSpa = env.SANDBOX_SERVE_SPA !== '0';
const checkResponses = ((): 'off' | 'warn' | 'throw' | undefined => {
  const raw = env.SANDBOX_CHECK_RESPONSES;
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'off' || raw === 'warn' || raw === 'throw') return raw;
  console.error(`SANDBOX_CHECK_RESPONSES must be off, warn or throw; got '${raw}'.`);
  process.exit(1);
})();
const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;

/**
 * The origin links in e-mails start with: fixed here, at start-up, and never taken from a request's
 * Host header (a forged one would put another site into a customer's reset e-mail).
 */
function publicOrigin(): string {
  const raw = env.PUBLIC_ORIGIN;
  if (raw === undefined || raw === '') return url;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== raw.replace(/\/$/, '')) {
    console.error(`PUBLIC_ORIGIN must be an origin such as https://conta.example.com.br; got '${raw}'.`);
    process.exit(1);
  }
  return parsed.origin;
}

const origin = publicOrigin();

const outboxForAnyone = env.SANDBOX_OUTBOX === 'anyone';
const testRoutes =
  env.SANDBOX_TEST_ROUTES === 'anyone' ? 'anyone' : env.SANDBOX_TEST_ROUTES === '1' ? 'loopback' : 'off';
const staticDir = resolve(root, 'dist');

const app = buildServer({
  dbFile,
  staticDir: serveSpa ? staticDir : undefined,
  enableTestRoutes: testRoutes !== 'off',
  ...(testRoutes === 'anyone' ? { testRoutes: 'anyone' as const } : {}),
  tokenTtlSeconds,
  bulkEntries,
  logger: env.SANDBOX_LOG === '1',
  checkResponses,
  publicOrigin: origin,
  // The build calls VITE_API_BASE_URL; when that is another origin the page may connect to it.
  connectOrigins: apiOrigin(env.VITE_API_BASE_URL),
  // The vault map's tiles (issue 31): exactly the configured tile server, none when unset.
  imgOrigins: tileOrigins(env.VITE_MAP_TILE_URL),
  outbox: outboxForAnyone ? 'anyone' : 'loopback',
});

try {
  await app.listen({ port, host });
} catch (error) {
  console.error(error);
  process.exit(1);
}

const portal = !serveSpa
  ? '(não servido: SANDBOX_SERVE_SPA=0)'
  : existsSync(resolve(staticDir, 'index.html'))
    ? `${url}/login`
    : '(dist/ não encontrado: rode `npm run build` ou use `npm start`)';
console.log(`\nBanco sandbox no ar: ${url}`);
console.log(`  portal: ${portal}`);
console.log(`  API: ${url}/api   links nos e-mails: ${origin}`);
console.log(
  outboxForAnyone
    ? `  e-mails enviados: ${url}/sandbox/outbox (ABERTO a qualquer endereço: SANDBOX_OUTBOX=anyone)`
    : `  e-mails enviados: ${url}/sandbox/outbox (só desta máquina; SANDBOX_OUTBOX=anyone abre para a rede)`,
);
console.log(
  `  Chave de Segurança (TOTP) dos clientes: ${url}/sandbox/autenticador (${outboxForAnyone ? 'ABERTO a qualquer endereço' : 'só desta máquina'})`,
);
console.log(`  banco de dados: ${dbFile}`);
console.log(testRoutesBanner(testRoutes));
console.log('');
console.log(demoLoginsTable(bulkEntries !== undefined && bulkEntries > 0));
console.log('');
console.log(demoDevicesNote());
console.log('');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
