import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoLoginsTable } from './db/demo-logins.ts';
import { buildServer } from './server.ts';

/**
 * `npm start`: the sandbox bank and the built portal on one port.
 *
 * PORT (8080), HOST (localhost), SANDBOX_DB (.data/sandbox.db; ':memory:' for a throw-away bank),
 * SANDBOX_TEST_ROUTES=1 (reset and faults), SANDBOX_BULK=5000 (the "Empresa Volume" account),
 * SANDBOX_TOKEN_TTL (seconds, 1800), SANDBOX_SERVE_SPA=0 (API only, for `npm run dev`).
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
const staticDir = resolve(root, 'dist');

const app = buildServer({
  dbFile,
  staticDir: serveSpa ? staticDir : undefined,
  enableTestRoutes: env.SANDBOX_TEST_ROUTES === '1',
  tokenTtlSeconds,
  bulkEntries,
  logger: env.SANDBOX_LOG === '1',
});

try {
  await app.listen({ port, host });
} catch (error) {
  console.error(error);
  process.exit(1);
}

const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
const portal = !serveSpa
  ? '(não servido: SANDBOX_SERVE_SPA=0)'
  : existsSync(resolve(staticDir, 'index.html'))
    ? `${url}/login`
    : '(dist/ não encontrado: rode `npm run build` ou use `npm start`)';
console.log(`\nBanco sandbox no ar: ${url}`);
console.log(`  portal: ${portal}`);
console.log(`  API: ${url}/api   e-mails enviados: ${url}/sandbox/outbox`);
console.log(
  `  banco de dados: ${dbFile}${env.SANDBOX_TEST_ROUTES === '1' ? '   rotas de teste: /sandbox/reset, /sandbox/faults' : ''}\n`,
);
console.log(demoLoginsTable(bulkEntries !== undefined && bulkEntries > 0));
console.log('');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
