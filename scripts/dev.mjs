// npm run dev: the API under tsx watch on :3001 and Vite with hot reload on :5173 proxying /api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@grail/api'], {
    stdio: 'inherit',
    // Links in mails point at the page a developer uses (Vite), not the API port.
    env: {
      APP_ENV: 'development',
      PUBLIC_URL: 'http://localhost:5173',
      ...process.env,
      PORT: apiPort,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@grail/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
