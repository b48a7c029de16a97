// The title, story and goal of a level are read before any plan, so their figures are facts of the level — the
// model's size, a fridge, a window, the quality bar — and never a plan's. Every figure they write must be listed
// here with the fact it states, checked against the core: the parameters of the level's model (the program the
// tasting builds at banquet scale, or Megatron's count for the priced-only models), the hardware preset.
import { describe, expect, it } from 'vitest';
import type { Level } from '../../../shared/game/level.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { scenarioProgram } from '../../../shared/game/scenarioProgram.ts';
import { HARDWARE_PRESETS } from '../../../shared/sim/cost/hardware.ts';
import { megatronParameterCount } from '../../../shared/sim/cost/modelFormulas.ts';
import { MIN_SERVED_SHARE } from '../../../shared/sim/cost/score.ts';
import { briefTextsOf, figuresIn, unlistedIn } from './lessonScan.ts';

/** The shapes of the parameters of a level's tasting model at banquet scale: the inputs it takes gradients of. */
function parameterShapes(l: Level): (readonly number[])[] {
  const s = l.scenario;
  if (s.engine === 'train') throw new Error(`${l.id}: priced only, no program`);
  const built = scenarioProgram(s, 'banquet', s.step);
  if (!built.ok) throw new Error(`${l.id}: ${built.error.message}`);
  const params = new Set(built.value.values.flatMap((v) => (v.gradOf === undefined ? [] : [v.gradOf])));
  return built.value.values.filter((v) => params.has(v.id) && v.node.kind === 'input').map((v) => v.shape);
}

/** The trained parameters of a level's model: its program's, or Megatron's count for a priced-only model. */
function parametersOf(l: Level): number {
  const s = l.scenario;
  if (s.engine === 'train')
    return megatronParameterCount({
      layers: s.model.layers,
      hidden: s.model.hidden,
      heads: s.model.heads,
      seqLen: s.model.seq,
      vocab: s.model.vocab,
    });
  return parameterShapes(l).reduce((n, shape) => n + shape.reduce((a, b) => a * b, 1), 0);
}

/** `x` in units of `unit` to `digits` significant digits, as the texts round it ("43 亿" for 4.29e9). */
const rounded = (x: number, unit: number, digits: number) => Number((x / unit).toPrecision(digits));
const fridgeGb = (id: keyof typeof HARDWARE_PRESETS) => HARDWARE_PRESETS[id].memoryBytes / 1e9;

interface Fact {
  readonly why: string;
  readonly right: (l: Level) => boolean;
}
const fact = (why: string, right: (l: Level) => boolean): Fact => ({ why, right });
const paramsIn = (unit: number, value: number, digits = 3): Fact =>
  fact(`the model's parameters, ${value} × ${unit}`, (l) => rounded(parametersOf(l), unit, digits) === value);
const fp32Gb = (value: number): Fact =>
  fact(
    `the parameters in fp32, 4 B each: ${value} GB`,
    (l) => rounded(parametersOf(l) * 4, 1e9, 3) === value,
  );
const fridge = (id: keyof typeof HARDWARE_PRESETS, gb: number): Fact =>
  fact(`the ${id} fridge`, () => fridgeGb(id) === gb);
const YI = 1e8; // 亿
const WAN = 1e4; // 万

/** The figures each level's title, story and goal write, by level id. */
const BRIEF_FACTS: Readonly<Record<string, Readonly<Record<string, Fact>>>> = {
  'fridge-too-small': {
    '43 亿': paramsIn(YI, 43, 2),
    '17.2 GB': fp32Gb(17.2),
    '16 GB': fridge('fridge-16gb-fast', 16),
  },
  'myth-model-parallel-is-copying': { '18 亿': paramsIn(YI, 18, 2) },
  'myth-gspmd-is-automatic': { '17.5 亿': paramsIn(YI, 17.5) },
  'myth-pmap-is-pjit': { '21.6 亿': paramsIn(YI, 21.6) },
  'myth-always-model-parallel': { '220 万': paramsIn(WAN, 220, 2) },
  courses: { '27 亿': paramsIn(YI, 27, 2) },
  'interleaved-courses': { '80 GB': fridge('a100-80gb', 80) },
  'cook-again': { '130 亿': paramsIn(YI, 130, 2) },
  'seasoning-ledgers': { '27 亿': paramsIn(YI, 27, 2), '16 GB': fridge('fridge-16gb-fast', 16) },
  'giant-spice-rack': {
    '1600 万': fact(
      'the rows of the table, its largest parameter',
      (l) => Math.max(...parameterShapes(l).map((shape) => shape[0] ?? 0)) === 1600 * WAN,
    ),
    '16.4 GB': fp32Gb(16.4),
  },
  'the-banquet': { '1750 亿': paramsIn(YI, 1750), '80 GB': fridge('a100-80gb', 80) },
  'full-stations': {
    '1%': fact('the quality bar: 1 − MIN_SERVED_SHARE', () => Math.round(100 * (1 - MIN_SERVED_SHARE)) === 1),
  },
  'the-profiler': { '220 亿': paramsIn(YI, 220, 2) },
};

describe.each(LEVELS.map((l) => [l.id, l] as const))('%s', (id, l) => {
  const facts = BRIEF_FACTS[id] ?? {};
  it('writes in its title, story and goal only figures that are facts of the level', () => {
    const unlisted = unlistedIn(briefTextsOf(l), figuresIn, facts);
    expect(unlisted).toEqual([]);
  });
  it('keeps only right facts, each still written', () => {
    const all = briefTextsOf(l).flatMap(({ text }) => figuresIn(text));
    for (const [figure, f] of Object.entries(facts)) {
      expect(f.right(l), `${figure}: ${f.why}`).toBe(true);
      expect(all, `${figure} is allowed but no longer written`).toContain(figure);
    }
  });
});
