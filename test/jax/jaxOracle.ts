// Running cases on real JAX (the conformance oracle): the venv's Python runs test/jax/harness.py once per
// batch of cases, with enough forced CPU devices for every case. JAX missing fails loudly under CI; locally
// the suites skip with a message saying how to get it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The JAX release the exports and the core are checked against (shared/sim/export/pythonOps.ts). */
export const ORACLE_JAX_VERSION = '0.10.2';
const root = fileURLToPath(new URL('../../', import.meta.url));
const python = `${root}.venv-jax/bin/python`;
const harness = fileURLToPath(new URL('./harness.py', import.meta.url));

/** A case's result as the harness prints it. */
export interface JaxResult {
  readonly id?: string;
  readonly hlo?: readonly string[];
  readonly out?: readonly unknown[];
  readonly outputs?: Readonly<Record<string, readonly number[]>>;
  readonly maxDiff?: Readonly<Record<string, number>>;
  readonly memory?: { readonly argument: number; readonly output: number; readonly temp: number };
  readonly error?: { readonly type: string; readonly message: string };
  readonly trace?: string;
}

function probe(): string | undefined {
  if (!existsSync(python)) return `no ${'.venv-jax'} in the repository (.ci/run creates it)`;
  const r = spawnSync(python, ['-c', 'import jax, jaxlib; print(jax.__version__, jaxlib.__version__)'], {
    encoding: 'utf8',
  });
  const want = `${ORACLE_JAX_VERSION} ${ORACLE_JAX_VERSION}`;
  if (r.status !== 0 || r.stdout.trim() !== want)
    return `.venv-jax does not import jax/jaxlib ${ORACLE_JAX_VERSION} (${(r.stdout + r.stderr).trim().slice(0, 200)})`;
  return undefined;
}

const missing = probe();
if (missing !== undefined && process.env['CI'])
  throw new Error(`JAX conformance tests need JAX ${ORACLE_JAX_VERSION}: ${missing}`);
if (missing !== undefined)
  console.warn(
    `JAX conformance tests skipped (CI is unset): ${missing}. Create it with: python3 -m venv .venv-jax && .venv-jax/bin/pip install jax==${ORACLE_JAX_VERSION} jaxlib==${ORACLE_JAX_VERSION}`,
  );

/** Whether the oracle can run (false only off CI). */
export const JAX_AVAILABLE = missing === undefined;

/**
 * Runs `jobs` in one Python process with `devices` CPU devices; one result per job, in order. Asynchronous: a
 * batch takes minutes under load, and a test worker whose event loop is blocked that long misses Vitest's
 * own RPC deadline (60 s), which fails the run with an unhandled "[vitest-worker]: Timeout" error.
 */
export async function runJax(
  jobs: readonly object[],
  devices: number,
  timeoutMs = 600_000,
): Promise<JaxResult[]> {
  const child = spawn(python, [harness], {
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: timeoutMs,
    env: {
      ...process.env,
      XLA_FLAGS: `--xla_force_host_platform_device_count=${devices}`,
      JAX_PLATFORMS: 'cpu',
      TF_CPP_MIN_LOG_LEVEL: '3',
    },
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
    child.stdin.end(JSON.stringify({ jobs }));
  });
  const stdout = Buffer.concat(out).toString('utf8');
  const stderr = Buffer.concat(err).toString('utf8');
  if (status !== 0) throw new Error(`the JAX harness failed (${status}): ${stderr.slice(-2000)}`);
  const results = stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as JaxResult);
  if (results.length !== jobs.length)
    throw new Error(
      `the JAX harness answered ${results.length} of ${jobs.length} jobs: ${stderr.slice(-2000)}`,
    );
  return results;
}
