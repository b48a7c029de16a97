// Console lines a test expects, held back instead of printed: while `attempt` runs (and `settleMs` after,
// where a late close warning lands) every console.log/info/warn/error line matching one of `expected` goes to
// `held`, where the test can assert on it; any other line is printed as usual, so a test stays quiet unless
// something is wrong. Nothing is silenced outside the attempt.
import type { boot as Boot } from '@colyseus/testing';
import type Config from '@colyseus/tools';

const METHODS = ['log', 'info', 'warn', 'error'] as const;

/** A console call's arguments as one line (an Error as `Name: message`). */
const lineOf = (args: readonly unknown[]): string =>
  args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' ');

/**
 * The attempt's promise, with the console lines matching `expected` appended to `held` instead of printed.
 * @example const held: string[] = []; await holdBack([/onAuth threw/], () => join(), held); expect(held).toHaveLength(1)
 */
export async function holdBack<T>(
  expected: readonly RegExp[],
  attempt: () => Promise<T>,
  held: string[] = [],
  settleMs = 20,
): Promise<T> {
  const saved = METHODS.map((m) => console[m]);
  for (const [i, m] of METHODS.entries())
    console[m] = (...args: unknown[]) => {
      const line = lineOf(args);
      if (expected.some((p) => p.test(line))) held.push(line);
      else saved[i]!(...args);
    };
  try {
    return await attempt();
  } finally {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    for (const [i, m] of METHODS.entries()) console[m] = saved[i]!;
  }
}

/** What importing @colyseus/testing / @colyseus/tools prints: its .env lookup and dotenv's report. */
const ENV_BANNER = [/^ℹ️ {2}optional \.env file not found/, /^◇ injected env \(\d+\)/];

/**
 * `@colyseus/testing`'s boot and `@colyseus/tools`'s config, imported with their load-time .env banner held
 * back (the test runs with no .env file on purpose). Anything else they print is printed.
 */
export async function colyseusTesting(): Promise<{
  readonly boot: typeof Boot;
  readonly config: typeof Config;
}> {
  const [testing, tools] = await holdBack(ENV_BANNER, () =>
    Promise.all([import('@colyseus/testing'), import('@colyseus/tools')]),
  );
  return { boot: testing.boot, config: tools.default };
}
