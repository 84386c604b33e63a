import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { render as renderRoute } from './src/app/prerender.tsx';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES } from './src/i18n/languages.ts';
import { SESSION_STORAGE_KEY } from './src/runtime/session.ts';
import { ROUTE_PRELOAD_HOOK } from './src/runtime/preload-route.ts';
import { readManifest, readRouteTable, routePreloads, type RoutePreloads } from './scripts/route-preload.ts';

/**
 * In `npm run dev`, the auditors' viewer reads the data `npm run build` (or `npm run charts --
 * --publish`) wrote to dist/auditoria/: Vite serves those JSON files as the sandbox does.
 */
function auditData(): Plugin {
  return {
    name: 'audit-data',
    configureServer(server) {
      server.middlewares.use('/auditoria/', (req, res, next) => {
        const file = resolve('dist', 'auditoria', basename((req.url ?? '').split('?')[0] ?? ''));
        if (!file.endsWith('.json') || !existsSync(file)) return next();
        res.setHeader('content-type', 'application/json');
        createReadStream(file).pipe(res);
      });
    },
  };
}

/** The sandbox serves the API; in `npm run dev` Vite proxies every API path to it. */
const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8080';

/** Text assets worth compressing; source maps are fetched by developers only. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes a `.br` and a `.gz` beside every script and stylesheet of dist/assets, at the highest
 * levels (done once per build, so the time is paid here, not per request). The sandbox serves them
 * to browsers that accept them (@fastify/static `preCompressed`), as a CDN or nginx `gzip_static`
 * would in production: on a slow phone link the first load is a third of its raw size.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = join(assets, name);
        const raw = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              // The highest level costs seconds on the big, lazily loaded writers (xlsx, jspdf).
              [zlib.BROTLI_PARAM_QUALITY]: raw.length < 150_000 ? zlib.BROTLI_MAX_QUALITY : 9,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
      }
    },
  };
}

/** The id of the `<template>` holding the prerendered loading screen (see keepPrerenderScript). */
const LOADING_TEMPLATE_ID = 'portal-loading';

/**
 * The script that runs as soon as the parser reaches #root, before the first paint.
 *
 * First it asks for the files the route will need (scripts/route-preload.ts: its page, the area's
 * actors, the shell of protected pages, the catalogue texts), with `<link rel=modulepreload>`, so
 * they download in parallel with the entry script instead of one lazy import after another; a
 * protected route only with a session (without one the guard sends the visitor to /login). The same
 * function is left on `window` (src/runtime/preload-route.ts) for the router to call on every in-app
 * navigation: the route map is the portal's one route preloader.
 *
 * Then: the prerendered login form is right only on /login (and /) in the default language;
 * anywhere else it empties #root, so no login form flashes on /Statement, and the app renders
 * there from scratch. There, in the default language, it shows the prerendered loading screen
 * beside #root (the very screen the route table paints first, src/shell/page-loading.tsx) until
 * React's first commit into #root, so a phone paints when the HTML arrives rather than after the
 * scripts ran. It is outside #root, so React neither hydrates nor clears it: the observer removes it.
 * An inline block without handlers: the Content-Security-Policy allows it by its hash.
 */
function keepPrerenderScript(preloads: RoutePreloads, base: string): string {
  const others = JSON.stringify(SUPPORTED_LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE));
  return (
    '<script>(function () {' +
    `var p = ${JSON.stringify(preloads)};` +
    'var asked = {};' +
    'function language() {' +
    'var lang = null;' +
    `try { lang = localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}); } catch (e) {}` +
    `return ${others}.indexOf(lang) >= 0 ? lang : null;` +
    '}' +
    // The route map's one preload function: here for the first load, and on window for the
    // router's in-app navigation (src/runtime/preload-route.ts), so Vite needs no lists of its own.
    'function preload(path) {' +
    'var other = language();' +
    'var signedIn = false;' +
    `try { signedIn = !!sessionStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}); } catch (e) {}` +
    'var want = other ? p.texts[other] : [];' +
    'for (var i = 0; i < p.routes.length; i++) {' +
    'var r = p.routes[i];' +
    "if (!new RegExp(r[0], 'i').test(path)) continue;" +
    'if (!r[1] || signedIn)' +
    // r[2]: 1 for the area catalogues (another language brings its own), or the files of the
    // catalogue parts the page names, which it loads in every language (the default's as fallback).
    `want = (r[1] ? p.shell : []).concat(r[3], r[2] === 1 ? (other ? [] : p.texts[${JSON.stringify(DEFAULT_LANGUAGE)}]) : r[2] || [], want);` +
    'break;' +
    '}' +
    'for (i = 0; i < want.length; i++) {' +
    'if (asked[want[i]]) continue;' +
    'asked[want[i]] = 1;' +
    "var link = document.createElement('link');" +
    "link.rel = 'modulepreload';" +
    `link.href = ${JSON.stringify(base + 'assets/')} + p.files[want[i]] + '.js';` +
    'document.head.appendChild(link);' +
    '}' +
    '}' +
    `window[${JSON.stringify(ROUTE_PRELOAD_HOOK)}] = preload;` +
    'var path = location.pathname;' +
    'preload(path);' +
    'var other = language();' +
    "var root = document.getElementById('root');" +
    'if (/^\\/(login\\/?)?$/i.test(path) && !other) return;' +
    "root.textContent = '';" +
    `var loading = document.getElementById(${JSON.stringify(LOADING_TEMPLATE_ID)});` +
    'if (other || !loading) return;' +
    "var shown = document.createElement('div');" +
    'shown.appendChild(loading.content.cloneNode(true));' +
    'root.parentNode.insertBefore(shown, root.nextSibling);' +
    'new MutationObserver(function (changes, observer) {' +
    'if (!root.firstChild) return;' +
    'observer.disconnect();' +
    'shown.remove();' +
    '}).observe(root, { childList: true });' +
    '})();</script>'
  );
}

/**
 * Renders /login at build time (src/app/prerender.tsx, built for Node into a scratch folder) and
 * writes its HTML into dist/index.html's #root and its CSS into <head>: on a slow phone the form
 * paints when the HTML arrives, not after the scripts have been fetched and run. main.tsx then
 * hydrates it. The same React tree, texts and class names as the browser's (see src/app/portal.tsx).
 */
interface PrerenderModule {
  render: typeof renderRoute;
}

function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const scratch = resolve(config.root, 'node_modules/.cache/portal-prerender');
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          // Bundled whole, so the packages resolve as in the browser build (ESM, one copy of each).
          ssr: { noExternal: true },
          build: {
            ssr: 'src/app/prerender.tsx',
            outDir: scratch,
            emptyOutDir: true,
            sourcemap: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const entry = pathToFileURL(join(scratch, 'prerender.mjs')).href;
        const { render } = (await import(entry)) as PrerenderModule;
        const { html, loading, styleTags } = await render('/login');
        const outDir = resolve(config.root, config.build.outDir);
        const preloads = routePreloads(
          readRouteTable(config.root, resolve(config.root, 'src/app/routes.tsx')),
          readManifest(outDir),
          { default: DEFAULT_LANGUAGE, others: SUPPORTED_LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE) },
        );
        const file = resolve(outDir, 'index.html');
        const page = readFileSync(file, 'utf8');
        const root = '<div id="root"></div>';
        if (!page.includes(root) || !page.includes('</head>')) {
          throw new Error('prerender: index.html has no empty #root or no </head>');
        }
        writeFileSync(
          file,
          page
            .replace('</head>', `${styleTags}\n  </head>`)
            .replace(
              root,
              `<template id="${LOADING_TEMPLATE_ID}">${loading}</template>\n    ` +
                `<div id="root">${html}</div>\n    ${keepPrerenderScript(preloads, config.base)}`,
            ),
        );
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The chunks the entry imports statically, which the browser has loaded before any lazy import can
 * run, and the chunks of the lazy imports the route map of index.html preloads (the route table's
 * pages, actors and shell, and the catalogue texts: scripts/route-preload.ts). Vite lists each lazy
 * import's dependencies in the importing chunk so that they download together
 * (`__vite__mapDeps`). From the entry, those lists are not needed: the route map asks for a
 * route's files on the first load and, through its window hook, on every in-app navigation
 * (src/runtime/preload-route.ts), all in one wave where Vite's lists gave the shell's files first
 * and the page's after. Dropping them takes 2.6 KB gz off every first load (45 routes). Any other
 * lazy import keeps its list, less the entry's own chunks (naming those preloads nothing). Filled
 * when the bundle is generated, before Vite's import analysis writes the lists (a normal plugin's
 * generateBundle runs before the build's post plugins).
 */
const entryStatic = new Set<string>();
const routeMapped = new Set<string>();
function entryClosure(): Plugin {
  let root = '';
  return {
    name: 'portal:entry-closure',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      entryStatic.clear();
      routeMapped.clear();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (entryStatic.has(file) || chunk?.type !== 'chunk') return;
        entryStatic.add(file);
        chunk.imports.forEach(visit);
      };
      for (const [file, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      // The same reading of the table as the route map's (a route the parser misses keeps its list).
      const table = readRouteTable(root, resolve(root, 'src/app/routes.tsx'));
      const mapped = new Set([...table.routes.flatMap((r) => r.modules), ...table.shell]);
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const source = relative(root, chunk.facadeModuleId).split('\\').join('/');
        if (mapped.has(source) || /^src\/i18n\/locales\/[^/]+\/[^/]+\.json$/.test(source))
          routeMapped.add(file);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), auditData(), entryClosure(), prerender(), precompress()],
  server: {
    proxy: {
      '/api': { target: sandboxUrl, changeOrigin: false },
      '/sandbox': { target: sandboxUrl, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the build `npm start` serves (issue #10); the server refuses *.map anyway.
    sourcemap: false,
    manifest: true,
    modulePreload: {
      resolveDependencies: (file, deps, { hostType, hostId }) =>
        hostType === 'js' && entryStatic.has(hostId) && routeMapped.has(file)
          ? []
          : deps.filter((d) => !entryStatic.has(d)),
    },
    chunkSizeWarningLimit: 900,
  },
});
