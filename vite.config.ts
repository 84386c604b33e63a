import { createReadStream, existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), auditData()],
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
