import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The sandbox serves the API; in `npm run dev` Vite proxies every API path to it. */
const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 900,
  },
});
