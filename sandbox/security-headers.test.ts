import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-logins.ts';
import {
  apiOrigin,
  contentSecurityPolicy,
  inlineHashes,
  nginxHeaders,
  policyHeader,
  tileOrigins,
} from './http/security-headers.ts';
import { login, startSandbox, type TestSandbox } from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/** Issue #10, "The portal as served": headers on the SPA and the API, and no source maps. */

const INLINE_SCRIPT = 'window.__boot = 1;';
const INLINE_STYLE = 'body{margin:0}';
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let dir: string;
let sb: TestSandbox;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-headers-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><style>${INLINE_STYLE}</style><script>${INLINE_SCRIPT}</script>` +
      '<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(dir, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dir, 'assets', 'app.css'), 'p{}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  sb = await startSandbox({ staticDir: dir });
});
afterAll(async () => {
  await sb.app.close();
  rmSync(dir, { recursive: true, force: true });
});

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('the SPA as served', () => {
  it.each(['/', '/login', '/Statement', '/assets/app.js'])('%s carries the security headers', async (url) => {
    const res = await sb.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", sha(INLINE_SCRIPT)]);
    expect(csp.get('style-src')).toContain(sha(INLINE_STYLE));
    for (const list of csp.values()) expect(list).not.toContain("'unsafe-inline'");
    for (const list of csp.values()) expect(list).not.toContain("'unsafe-eval'");
  });

  it('hashed files under /assets/ are cached for a year; the page and routes are revalidated', async () => {
    for (const url of ['/assets/app.js', '/assets/app.css']) {
      const res = await sb.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    // The compressed copy the build writes beside a script gets the same answer.
    const br = await sb.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // index.html names the current hashed files: it must be checked on every load, whatever the URL.
    for (const url of ['/', '/index.html', '/Statement', '/favicon.svg']) {
      const res = await sb.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('does not serve source maps', async () => {
    const res = await sb.app.inject({ url: '/assets/app.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });
});

describe('the API', () => {
  it('answers with personal data are not stored by browsers or proxies', async () => {
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const me = await sb.app.inject({
      url: '/api/me',
      headers: { deviceId: 'web', authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['x-content-type-options']).toBe('nosniff');
    const refused = await sb.app.inject({ url: '/api/me', headers: { deviceId: 'web' } });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('the policy', () => {
  it('hashes inline blocks byte for byte and skips scripts with a src', () => {
    const hashes = inlineHashes(
      '<script src="/a.js"></script><script>\n  a()\n</script><style media="x">p{}</style>',
    );
    expect(hashes.scripts).toEqual([sha('\n  a()\n')]);
    expect(hashes.styles).toEqual([sha('p{}')]);
  });

  it('lets the page connect to an API on another origin only when the build names one', () => {
    expect(apiOrigin('/api')).toEqual([]);
    expect(apiOrigin('https://api.banco.example/v1')).toEqual(['https://api.banco.example']);
    expect(
      contentSecurityPolicy({ connectOrigins: apiOrigin('https://api.banco.example/v1') })['connect-src'],
    ).toEqual(["'self'", 'https://api.banco.example']);
  });

  it('allows images from exactly the configured tile server, and none when there is none (issue 31)', () => {
    expect(tileOrigins(undefined)).toEqual([]);
    expect(tileOrigins('')).toEqual([]);
    expect(contentSecurityPolicy({ imgOrigins: tileOrigins(undefined) })['img-src']).toEqual([
      "'self'",
      'data:',
    ]);
    expect(tileOrigins('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.openstreetmap.org',
    ]);
    expect(tileOrigins('http://Tiles.Example.com:8081/v1/{z}/{x}/{y}.png')).toEqual([
      'http://tiles.example.com:8081',
    ]);
    expect(
      contentSecurityPolicy({ imgOrigins: tileOrigins('https://tiles.example.com/{z}/{x}/{y}.png') })[
        'img-src'
      ],
    ).toEqual(["'self'", 'data:', 'https://tiles.example.com']);
    expect(() => tileOrigins('https://tiles{s}.example.com/{z}/{x}/{y}.png')).toThrow(/VITE_MAP_TILE_URL/);
  });
});

describe('nginxHeaders (docs/deploy.md, scripts/deploy-headers.ts)', () => {
  it("writes the policy of the given build, with its inline blocks' hashes, as nginx lines", () => {
    const indexHtml = '<html><head><style>a{}</style></head><body><script>var x = 1;</script></body></html>';
    const lines = nginxHeaders({ indexHtml }).split('\n');
    const { scripts, styles } = inlineHashes(indexHtml);
    expect(lines[0]).toBe(
      `add_header Content-Security-Policy "${policyHeader(contentSecurityPolicy({ indexHtml }))}" always;`,
    );
    expect(lines[0]).toContain(`script-src 'self' ${scripts[0]}`);
    expect(lines[0]).toContain(styles[0]);
    expect(lines).toContain('add_header X-Frame-Options DENY always;');
  });
});
