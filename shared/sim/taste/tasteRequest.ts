// The game's plan format, as `sim taste` reads it and the client submits it: which model, which kitchen grid,
// which mode (auto = jit with shardings, manual = shard_map, pmap) and the player's annotations.
// Parsing is for untrusted input; every malformed field is an InputError naming its path.
import type { Mesh } from '../mesh.ts';
import { MAX_TASTING_DIM, MAX_TASTING_LAYERS, MODEL_NAMES, modelEntry } from '../models/modelRegistry.ts';
import type { Optimizer } from '../program/autodiff.ts';
import { ok, type Result } from '../result.ts';
import { parseManualPlan, type ManualPlan } from '../spmd/manualPlan.ts';
import type { SpecTable } from '../spmd/autoMode.ts';
import { bad, isObject, onlyFields, readChoice, readMesh, readNumber } from '../input/fields.ts';
import { cutText } from '../input/quoteValue.ts';

/** The modes: auto = jit with shardings, manual = shard_map, pmap. */
export const TASTE_MODES = ['auto', 'manual', 'pmap'] as const;
export type TasteMode = (typeof TASTE_MODES)[number];

export interface TasteRequest {
  readonly model: string;
  readonly dims: Readonly<Record<string, number>>;
  readonly mesh: Mesh;
  readonly mode: TasteMode;
  /** 'train': forward, backward and update; 'forward': the forward pass only (inference models, manual mode). */
  readonly step: 'train' | 'forward';
  readonly inShardings: SpecTable;
  readonly outShardings: SpecTable;
  readonly constraints: SpecTable;
  /** pmap's mapped axis (the mesh's only axis). */
  readonly pmapAxis?: string;
  readonly manual?: ManualPlan;
  readonly optimizer?: Optimizer;
  readonly seed: number;
  /** Include every device's shard of every output in the report. */
  readonly includeShards: boolean;
}

const FIELDS = [
  'model',
  'mesh',
  'mode',
  'step',
  'inShardings',
  'outShardings',
  'constraints',
  'pmapAxis',
  'manual',
  'optimizer',
  'seed',
  'includeShards',
];

function readSpecTable(raw: unknown, path: string): Result<SpecTable> {
  if (raw === undefined) return ok({});
  return isObject(raw) ? ok(raw) : bad(path, 'expected an object mapping names to PartitionSpecs');
}

function readOptimizer(raw: unknown): Result<Optimizer | undefined> {
  if (raw === undefined) return ok(undefined);
  if (!isObject(raw)) return bad('optimizer', 'expected {"kind": "sgd", "lr": …} or {"kind": "adam", …}');
  const kind = readChoice(raw.kind, 'optimizer.kind', ['sgd', 'adam'] as const);
  if (!kind.ok) return kind;
  const lr = readNumber(raw.lr, 'optimizer.lr', { min: 0, max: 10 });
  if (!lr.ok) return lr;
  if (kind.value === 'sgd') {
    const f = onlyFields(raw, ['kind', 'lr'], 'optimizer');
    return f.ok ? ok({ kind: 'sgd', lr: lr.value }) : f;
  }
  const f = onlyFields(raw, ['kind', 'lr', 'beta1', 'beta2', 'eps', 'step'], 'optimizer');
  if (!f.ok) return f;
  const read = (k: string, fallback: number, opts: Parameters<typeof readNumber>[2]) =>
    raw[k] === undefined ? ok(fallback) : readNumber(raw[k], `optimizer.${k}`, opts);
  const values: Record<string, number> = {};
  const defaults = {
    beta1: [0.9, 0.999999],
    beta2: [0.999, 0.999999],
    eps: [1e-8, 1],
    step: [1, 1e9],
  } as const;
  for (const [k, [fallback, max]] of Object.entries(defaults)) {
    const r = read(k, fallback, { min: k === 'step' ? 1 : 0, max, integer: k === 'step' });
    if (!r.ok) return r;
    values[k] = r.value;
  }
  return ok({
    kind: 'adam',
    lr: lr.value,
    beta1: values.beta1!,
    beta2: values.beta2!,
    eps: values.eps!,
    step: values.step!,
  });
}

/** Manual mode's shard_map plan: required, then parsed (the one check `sim taste` and the game share). */
export function readManual(raw: unknown): Result<ManualPlan> {
  if (raw === undefined)
    return bad('manual', 'manual mode needs a shard_map plan (inSpecs, outSpecs, body, outputs)');
  return parseManualPlan(raw);
}

/** Parses an untrusted plan document. */
export function parseTasteRequest(raw: unknown): Result<TasteRequest> {
  if (!isObject(raw)) return bad('plan', 'expected an object with model, mesh and mode');
  const fields = onlyFields(raw, FIELDS, '');
  if (!fields.ok) return fields;
  if (!isObject(raw.model) || typeof raw.model.name !== 'string')
    return bad('model', `expected {"name": one of ${MODEL_NAMES.join(', ')}, "dims"?: {…}}`);
  const modelFields = onlyFields(raw.model, ['name', 'dims'], 'model');
  if (!modelFields.ok) return modelFields;
  const found = modelEntry(raw.model.name);
  if (!found.ok) return found;
  const entry = found.value;
  const dims: Record<string, number> = { ...entry.dims };
  if (raw.model.dims !== undefined) {
    if (!isObject(raw.model.dims)) return bad('model.dims', 'expected an object of dimension sizes');
    for (const [k, v] of Object.entries(raw.model.dims)) {
      if (!(k in entry.dims))
        return bad(
          `model.dims.${cutText(k)}`,
          `not a dimension of ${raw.model.name}; dims: ${Object.keys(entry.dims).join(', ')}`,
        );
      const n = readNumber(v, `model.dims.${k}`, {
        min: 1,
        max: k === 'layers' ? MAX_TASTING_LAYERS : MAX_TASTING_DIM,
        integer: true,
      });
      if (!n.ok) return n;
      dims[k] = n.value;
    }
  }
  const mesh = readMesh(raw.mesh);
  if (!mesh.ok) return mesh;
  const mode = raw.mode === undefined ? ok<TasteMode>('auto') : readChoice(raw.mode, 'mode', TASTE_MODES);
  if (!mode.ok) return mode;
  const step =
    raw.step === undefined
      ? ok<'train' | 'forward' | undefined>(undefined)
      : readChoice(raw.step, 'step', ['train', 'forward'] as const);
  if (!step.ok) return step;
  const tables = [
    readSpecTable(raw.inShardings, 'inShardings'),
    readSpecTable(raw.outShardings, 'outShardings'),
    readSpecTable(raw.constraints, 'constraints'),
  ];
  for (const t of tables) if (!t.ok) return t;
  if (raw.pmapAxis !== undefined && typeof raw.pmapAxis !== 'string')
    return bad('pmapAxis', 'expected an axis name');
  let manual: ManualPlan | undefined;
  if (mode.value === 'manual') {
    const m = readManual(raw.manual);
    if (!m.ok) return m;
    manual = m.value;
  }
  const optimizer = readOptimizer(raw.optimizer);
  if (!optimizer.ok) return optimizer;
  const seed =
    raw.seed === undefined
      ? ok(0)
      : readNumber(raw.seed, 'seed', { min: 0, max: 2 ** 32 - 1, integer: true });
  if (!seed.ok) return seed;
  if (raw.includeShards !== undefined && typeof raw.includeShards !== 'boolean')
    return bad('includeShards', 'expected true or false');
  const [inShardings, outShardings, constraints] = tables.map((t) => (t.ok ? t.value : {}));
  return ok({
    model: raw.model.name,
    dims,
    mesh: mesh.value,
    mode: mode.value,
    step: step.value ?? (mode.value === 'manual' ? 'forward' : 'train'),
    inShardings: inShardings!,
    outShardings: outShardings!,
    constraints: constraints!,
    ...(typeof raw.pmapAxis === 'string' ? { pmapAxis: raw.pmapAxis } : {}),
    ...(manual ? { manual } : {}),
    ...(optimizer.value ? { optimizer: optimizer.value } : {}),
    seed: seed.value,
    includeShards: raw.includeShards === true,
  });
}
