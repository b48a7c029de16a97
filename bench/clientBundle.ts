// The client's download size: builds the client (scripts/ensureBuilt.mjs: only when dist/ is missing or older
// than its sources), then gzips each JS and CSS file of dist/assets (node:zlib gzipSync, level 6, the usual
// server default) and reports raw and gzip bytes per file and in total; also the sound effects' raw bytes
// (dist/audio, fetched by the preload scene after the scripts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASSETS = path.join(ROOT, 'dist', 'assets');
const AUDIO = path.join(ROOT, 'dist', 'audio');

export interface BundleFile {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface BundleReport {
  readonly name: string;
  /** True when this run had to build the client first. */
  readonly built: boolean;
  readonly files: readonly BundleFile[];
  readonly js: { readonly bytes: number; readonly gzipBytes: number };
  readonly css: { readonly bytes: number; readonly gzipBytes: number };
  readonly total: { readonly bytes: number; readonly gzipBytes: number };
  readonly audio: { readonly files: number; readonly bytes: number };
}

/** Runs `vite build` when dist/ is missing or stale (its log goes to stderr: stdout stays JSON); true if it built. */
export function ensureClientBuilt(): boolean {
  const before = builtAt();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensureBuilt.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  return builtAt() !== before;
}

function builtAt(): number | null {
  try {
    return statSync(path.join(ROOT, 'dist', 'index.html')).mtimeMs;
  } catch {
    return null;
  }
}

function audioSize(): { files: number; bytes: number } {
  const wavs = existsSync(AUDIO) ? readdirSync(AUDIO).filter((f) => f.endsWith('.wav')) : [];
  return { files: wavs.length, bytes: wavs.reduce((s, f) => s + statSync(path.join(AUDIO, f)).size, 0) };
}

const sum = (files: readonly BundleFile[]) => ({
  bytes: files.reduce((s, f) => s + f.bytes, 0),
  gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
});

export function benchClientBundle(): BundleReport {
  const built = ensureClientBuilt();
  const files = readdirSync(ASSETS)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .sort()
    .map((file) => {
      const bytes = readFileSync(path.join(ASSETS, file));
      return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 6 }).length };
    });
  if (files.length === 0) throw new Error(`no JS or CSS files in ${ASSETS}: the build produced nothing`);
  return {
    name: 'client bundle (dist/assets, gzip level 6)',
    built,
    files,
    js: sum(files.filter((f) => f.file.endsWith('.js'))),
    css: sum(files.filter((f) => f.file.endsWith('.css'))),
    total: sum(files),
    audio: audioSize(),
  };
}
