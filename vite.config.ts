import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: sandboxUrl, changeOrigin: false },
      '/sandbox': { target: sandboxUrl, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
});
