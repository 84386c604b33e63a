// `npm run dev`: the sandbox bank on :8080 and Vite with HMR, proxying /api and /sandbox to it.
import { spawn } from 'node:child_process';

const sandboxPort = process.env.SANDBOX_PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', 'sandbox/main.ts'], {
    stdio: 'inherit',
    // The pages are Vite's (:5173 unless told): links in the sandbox's e-mails must open them.
    env: {
      PUBLIC_ORIGIN: 'http://localhost:5173',
      // Development checks every answer against the contract and says when one breaks it.
      SANDBOX_CHECK_RESPONSES: 'warn',
      ...process.env,
      PORT: sandboxPort,
      SANDBOX_SERVE_SPA: '0',
    },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, SANDBOX_URL: `http://127.0.0.1:${sandboxPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
