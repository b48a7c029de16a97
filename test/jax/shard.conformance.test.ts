// `sim shard` against XLA's compiled choice on JAX 0.10.2 (docs/conformance.md): for each case the output
// sharding XLA picked (or was given) and the collectives in its compiled HLO, as kinds over mesh axes, equal
// the core's. The CPU backend forms no reduce-scatter (it all-reduces, then each device slices its part),
// so the core's reduce-scatter counts as an all-reduce, and its all-slice (a local slice) as nothing. Every
// curated case must agree; the seeded random cases report their agreement rate. Invalid specs must raise
// the same error type with the same message as JAX.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseShardRequest, shardOp, type ShardReport } from '../../shared/sim/shardOp/shardOp.ts';
import { collectiveKeys, hloCollectives } from './hloCollectives.ts';
import { JAX_AVAILABLE, runJax, type JaxResult } from './jaxOracle.ts';
import { randomCases, randomOutCases } from './randomShardCases.ts';
import { CURATED, INVALID, type ShardCase } from './shardCases.ts';

/**
 * Seeded random cases and the share of them that must agree: 99.5% measured on JAX 0.10.2 (78.0% before the
 * partitioner followed XLA's dot rules, 97.5% before refinements were permuted; docs/conformance.md). The
 * issue's goal was 95%; the floor sits one case under the measured rate, so a regression fails.
 */
const RANDOM_CASES = 200;
const RANDOM_FLOOR = 0.99;
/**
 * The same with `out` given (jit's out_shardings): 92.0% measured on JAX 0.10.2 (82.5% before out_shardings were
 * planned as a constraint on the result, replicated operands stopped being permuted, batch-split products were
 * computed batch-split, case 2 stopped taking partial sums for a split only the wanted result asks for and an
 * axis moved onto another of its size by an all-to-all and a permute; docs/conformance.md rules 8–12). What is
 * left is XLA's dot partitioner meeting a wanted output sharding in ways the core does not model yet; the
 * floor sits one case under the rate.
 */
const RANDOM_OUT_FLOOR = 0.915;

/**
 * Curated cases where XLA's compiled choice differs from the game's, and invalid specs whose JAX 0.10.2
 * message differs from the core's (the type still must match). None today; an entry needs its explanation
 * in docs/conformance.md.
 */
const KNOWN_DIFFERENCES = new Set<string>([]);

/**
 * Why a random case disagrees, by what XLA inserted that the core did not (docs/conformance.md lists each
 * cause): the printed buckets are the list to work through.
 */
function cause(c: ShardCase, mine: ReturnType<typeof core>, theirs: ReturnType<typeof core>): string {
  const sizes = c.mesh.map(([, n]) => n);
  const extra = (theirs.keys ?? []).filter((k) => !(mine.keys ?? []).includes(k));
  if (extra.some((k) => k.startsWith('collective-permute')))
    return new Set(sizes).size > 1
      ? 'XLA permutes onto an axis of another size (slice, then collective-permute)'
      : 'XLA permutes onto a free axis of the same size';
  if (JSON.stringify(mine.spec) !== JSON.stringify(theirs.spec)) return 'another output sharding';
  return `other collectives: XLA ${extra.join(', ') || '(fewer)'}`;
}

/** The core's message without its field path (`operand0: `, `out: `), which JAX does not print. */
const withoutPath = (e: { type: string; message: string }) => ({
  type: e.type,
  message: e.message.replace(/^(operand\d+|out): /, ''),
});

const request = (c: ShardCase) => ({
  mesh: { axes: c.mesh },
  op: c.op,
  ...(c.equation ? { equation: c.equation } : {}),
  operands: c.operands,
  ...(c.out ? { out: c.out } : {}),
});

/** The core's answer: the output spec and collectives, or its error. */
function core(c: ShardCase): {
  spec?: unknown[];
  keys?: string[];
  error?: { type: string; message: string };
} {
  const req = parseShardRequest(request(c));
  const r = req.ok ? shardOp(req.value) : req;
  if (!r.ok) return { error: r.error };
  const rep: ShardReport = r.value;
  const spec = [...rep.out.spec];
  while (spec.length > 0 && spec[spec.length - 1] === null) spec.pop();
  // An all-reduce's group is a set of devices: its axes in mesh order, as the HLO reader names them.
  const meshOrder = (axes: readonly string[]) => c.mesh.map(([a]) => a).filter((a) => axes.includes(a));
  const cpu = rep.collectives
    .filter((x) => x.kind !== 'all-slice')
    .map((x) =>
      x.kind === 'reduce-scatter' || x.kind === 'all-reduce'
        ? { kind: 'all-reduce', axes: meshOrder(x.axes) }
        : { kind: x.kind, axes: x.axes },
    );
  return { spec, keys: collectiveKeys(cpu) };
}

/** XLA's answer in the same form. */
function xla(c: ShardCase, r: JaxResult): ReturnType<typeof core> {
  if (r.error) return { error: r.error };
  return { spec: [...r.out!], keys: collectiveKeys(hloCollectives(r.hlo!, c.mesh)) };
}

const job = (c: ShardCase) => ({ kind: c.op, ...request(c), mesh: c.mesh, id: c.name });

describe.skipIf(!JAX_AVAILABLE)('sim shard against XLA (JAX 0.10.2)', () => {
  const random = randomCases(RANDOM_CASES, 12);
  const randomOut = randomOutCases(RANDOM_CASES, 12);
  const all = [...CURATED, ...INVALID, ...random, ...randomOut];
  const results = new Map<string, JaxResult>();
  beforeAll(async () => {
    (await runJax(all.map(job), 8)).forEach((r, i) => results.set(all[i]!.name, r));
  }, 900_000);

  it.each(CURATED.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const [mine, theirs] = [core(c), xla(c, results.get(c.name)!)];
    if (KNOWN_DIFFERENCES.has(c.name))
      expect(mine).not.toEqual(theirs); // fixed? then drop it from the list
    else expect(mine).toEqual(theirs);
  });

  it.each(INVALID.map((c) => [c.name, c] as const))('%s: same error type and message', (_, c) => {
    const mine = core(c).error;
    expect(mine, 'the core accepted it').toBeDefined();
    const theirs = results.get(c.name)!.error;
    expect(theirs, 'JAX accepted it').toBeDefined();
    expect(mine!.type).toBe(theirs!.type);
    if (KNOWN_DIFFERENCES.has(c.name)) expect(withoutPath(mine!).message).not.toBe(theirs!.message);
    else expect(withoutPath(mine!)).toEqual(theirs);
  });

  it.each([
    ['seeded random einsums', random, RANDOM_FLOOR],
    ['seeded random einsums with out given', randomOut, RANDOM_OUT_FLOOR],
  ] as const)(`agrees on enough of ${RANDOM_CASES} %s`, (what, cases, floor) => {
    const disagree = cases.filter(
      (c) => JSON.stringify(core(c)) !== JSON.stringify(xla(c, results.get(c.name)!)),
    );
    const rate = 1 - disagree.length / cases.length;
    const buckets = new Map<string, string[]>();
    for (const c of disagree) {
      const [mine, theirs] = [core(c), xla(c, results.get(c.name)!)];
      const why = cause(c, mine, theirs);
      buckets.set(why, [
        ...(buckets.get(why) ?? []),
        `${c.name} ${JSON.stringify(c.operands.map((o) => o.spec))}${c.out ? ` → ${JSON.stringify(c.out)}` : ''}: core ${JSON.stringify(mine)} xla ${JSON.stringify(theirs)}`,
      ]);
    }
    console.info(
      `sim shard vs XLA: ${(rate * 100).toFixed(1)}% of ${cases.length} ${what} agree` +
        [...buckets]
          .sort((a, b) => b[1].length - a[1].length)
          .map(([why, list]) => `\n ${list.length} × ${why}${list.map((l) => `\n    ${l}`).join('')}`)
          .join(''),
    );
    expect(rate).toBeGreaterThanOrEqual(floor);
  });
});
