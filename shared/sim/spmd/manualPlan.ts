// The JSON form of a manual-mode (`jax.shard_map`) program: in_specs, out_specs, check_vma and a per-device
// body of ops, including the collectives the player places (docs/jax-semantics.md §1.8). Parsing is for untrusted
// input: a malformed field is an InputError naming its path (`body[3].axes`); a ragged nested tuple in a
// spec keeps JAX's own ValueError. Everything that needs the mesh or the input shapes (unknown axes, args
// naming undefined values, shapes) is checked later by `buildShardMap`.
import { canonicalizeSpec, type PartitionSpec } from '../partitionSpec.ts';
import { err, ok, withMessage, type Result } from '../result.ts';
import { cutText } from '../input/quoteValue.ts';
import { parseManualOp, type ManualOp } from './manualOp.ts';
import { bad, isObject, validName } from './planFields.ts';

/** Longest body the game accepts. */
export const MAX_BODY_OPS = 500;

/** A parsed manual plan: `jax.shard_map(body, in_specs, out_specs, check_vma)` by name. */
export interface ManualPlan {
  /** in_specs by input name; an input without an entry is `P()`. */
  readonly inSpecs: ReadonlyMap<string, PartitionSpec>;
  /** out_specs by output name (one per output). */
  readonly outSpecs: ReadonlyMap<string, PartitionSpec>;
  readonly checkVma: boolean;
  readonly body: readonly ManualOp[];
  /** Output name → the input or body value returned under it, in the plan's order. */
  readonly outputs: ReadonlyMap<string, string>;
}

function parseSpecs(raw: unknown, path: string): Result<Map<string, PartitionSpec>> {
  if (raw === undefined) return ok(new Map());
  if (!isObject(raw)) return bad(path, 'expected an object mapping names to PartitionSpecs');
  const out = new Map<string, PartitionSpec>();
  for (const [name, spec] of Object.entries(raw)) {
    const c = canonicalizeSpec(spec);
    if (!c.ok)
      return c.error.type === 'InputError' ? withMessage(c.error, `${path}.${name}: ${c.error.message}`) : c;
    out.set(name, c.value);
  }
  return ok(out);
}

/**
 * Parses and validates an untrusted manual plan (a JSON string or an already parsed value).
 * @example parseManualPlan({ body: [{ name: 'y', op: 'psum', axes: ['model'], args: ['x'] }], outputs: { y: 'y' }, outSpecs: { y: [] } })
 */
export function parseManualPlan(raw: unknown): Result<ManualPlan> {
  let doc = raw;
  if (typeof raw === 'string') {
    try {
      doc = JSON.parse(raw) as unknown;
    } catch (e) {
      return err(
        'input/not-json',
        { reason: (e as Error).message },
        `The manual plan is not valid JSON: ${(e as Error).message}`,
      );
    }
  }
  if (!isObject(doc))
    return bad('plan', 'expected an object with inSpecs, outSpecs, checkVma, body, outputs');
  const unknown = Object.keys(doc).find(
    (k) => !['inSpecs', 'outSpecs', 'checkVma', 'body', 'outputs'].includes(k),
  );
  if (unknown !== undefined) return bad(unknown, 'not a field of a manual plan');

  const inSpecs = parseSpecs(doc['inSpecs'], 'inSpecs');
  if (!inSpecs.ok) return inSpecs;
  const outSpecs = parseSpecs(doc['outSpecs'], 'outSpecs');
  if (!outSpecs.ok) return outSpecs;
  const checkVma = doc['checkVma'] ?? true;
  if (typeof checkVma !== 'boolean') return bad('checkVma', 'expected true or false');

  const rawBody = doc['body'] ?? [];
  if (!Array.isArray(rawBody)) return bad('body', 'expected a list of ops');
  if (rawBody.length > MAX_BODY_OPS)
    return bad('body', `at most ${MAX_BODY_OPS} ops are allowed, got ${rawBody.length}`);
  const body: ManualOp[] = [];
  const defined = new Map<string, number>();
  for (const [i, rawOp] of rawBody.entries()) {
    const op = parseManualOp(rawOp, `body[${i}]`, defined);
    if (!op.ok) return op;
    body.push(op.value);
    defined.set(op.value.name, i);
  }

  const rawOutputs = doc['outputs'];
  if (!isObject(rawOutputs) || Object.keys(rawOutputs).length === 0)
    return bad('outputs', 'expected an object mapping output names to value names');
  const outputs = new Map<string, string>();
  for (const [name, value] of Object.entries(rawOutputs)) {
    if (!validName(name) || !validName(value))
      return bad(`outputs.${cutText(name)}`, 'expected the name of a value');
    if (!outSpecs.value.has(name))
      return bad(`outSpecs.${name}`, `missing: every output needs an out_specs entry`);
    outputs.set(name, value);
  }
  const stray = [...outSpecs.value.keys()].find((k) => !outputs.has(k));
  if (stray !== undefined) return bad(`outSpecs.${stray}`, `there is no output named '${stray}'`);
  return ok({ inSpecs: inSpecs.value, outSpecs: outSpecs.value, checkVma, body, outputs });
}
