// `npm run dev`: the server in watch mode on PORT (2567) and Vite with hot reload on 5173, pointed at it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '2567';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_COLYSEUS_URL: `http://localhost:${port}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
