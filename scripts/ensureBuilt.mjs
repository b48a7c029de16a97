// `npm start` helper: builds the client with Vite when dist/ is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const SOURCES = ['client', 'shared', 'assets', 'vite.config.ts', 'package.json'];

function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const sourcesTime = Math.max(
  ...SOURCES.map((s) => path.join(root, s))
    .filter(existsSync)
    .map(newestMtime),
);
if (!existsSync(built) || statSync(built).mtimeMs < sourcesTime) {
  console.log('Building the client (vite build)…');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}
