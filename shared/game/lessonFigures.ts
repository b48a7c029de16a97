// The figures a lesson may quote of a plan (lesson.ts fills `{plan.figure}` with them), each formatted by the
// format.ts function the screens use for that kind of figure, so a debrief prints a plan's figure exactly as
// the metrics above it do:
//   stepTime, waitingTime (the critical kitchen's idle seconds: bubble share × step), the passes' times:
//     formatSeconds
//   rate: formatRate, the level's unit per second, of a served plan only (debrief.ts NOT_SERVED)
//   memory (the fullest fridge), memoryMin (the emptiest: with `memory`, a pipeline's range over its stages)
//     and overflow: formatGb (score.ts); its parts params, grads, optimizer, activations, temporaries:
//     formatBytes, as the local view's fridge rows and the memory verdict (diagnose.ts) print them
//   compute, communication, bubble (the critical kitchen's shares, stepShares.ts), bubbleFraction (idle
//     device-time over devices × step, pricing), efficiency (T_calc / (T_calc + T_comm)), dropped (routed
//     tokens turned away by full counters, 1 − servedShare): formatPercent
//   tastingError: the first wrong output's relative error, two digits as the failed tasting's verdict
//   allReduceBytes / allReduceTime, and the same for allGather, reduceScatter, allToAll: the largest pass
//     of that kind (bytes one kitchen sends, ties to the first), formatBytes and formatSeconds.
// A figure a plan has not (no pass of the kind, no routing) throws: the lesson speaks of the wrong plan.
import type { Evaluation } from './evaluation.ts';
import { formatBytes, formatGb, formatPercent, formatRate, formatSeconds } from './format.ts';
import type { Locale } from './i18n.ts';
import { stepShares } from './stepShares.ts';

type Figure = (e: Evaluation, locale: Locale) => string;

const memoryPart =
  (k: 'params' | 'grads' | 'optimizer' | 'activations' | 'temporaries'): Figure =>
  (e) =>
    formatBytes(e.pricing.memory.worst[k]);

/** Collective kinds a lesson may quote, by figure prefix (the core's kind names, collectiveCost). */
const PASS_KINDS = {
  allReduce: 'all-reduce',
  allGather: 'all-gather',
  reduceScatter: 'reduce-scatter',
  allToAll: 'all-to-all',
} as const;

/** The largest pass of `kind` (bytes per kitchen; the first of equals). */
function largestPass(e: Evaluation, kind: string) {
  let best: Evaluation['pricing']['collectives'][number] | undefined;
  for (const c of e.pricing.collectives)
    if (c.kind === kind && (best === undefined || c.bytesPerDevice > best.bytesPerDevice)) best = c;
  if (best === undefined) throw new Error(`the plan has no ${kind} to quote`);
  return best;
}

const passFigures = (): Record<string, Figure> => {
  const out: Record<string, Figure> = {};
  for (const [prefix, kind] of Object.entries(PASS_KINDS)) {
    out[`${prefix}Bytes`] = (e) => formatBytes(largestPass(e, kind).bytesPerDevice);
    out[`${prefix}Time`] = (e) => formatSeconds(largestPass(e, kind).timeS);
  }
  return out;
};

/** The first wrong output's relative error, as the failed tasting's verdict prints it (diagnose.ts). */
function tastingError(e: Evaluation): string {
  const wrong = e.tasting?.outputs.find((o) => !o.ok);
  if (wrong === undefined) throw new Error('the plan tastes right');
  return wrong.relError.toPrecision(2);
}

function dropped(e: Evaluation): string {
  if (e.pricing.servedShare === null) throw new Error('the plan routes no tokens');
  return formatPercent(1 - e.pricing.servedShare);
}

/** Each figure a lesson may quote, as the screens print it. */
export const LESSON_FIGURES: Readonly<Record<string, Figure>> = {
  stepTime: (e) => formatSeconds(e.pricing.stepS),
  waitingTime: (e) => formatSeconds(stepShares(e).bubble * e.pricing.stepS),
  rate: (e, locale) => {
    if (e.score.reason !== undefined) throw new Error(`the plan is not served (${e.score.reason})`);
    return formatRate(e.pricing.tokensPerS, locale);
  },
  memory: (e) => formatGb(e.pricing.memory.worst.total),
  memoryMin: (e) => formatGb(Math.min(...e.pricing.memory.groups.map((g) => g.bytes.total))),
  params: memoryPart('params'),
  grads: memoryPart('grads'),
  optimizer: memoryPart('optimizer'),
  activations: memoryPart('activations'),
  temporaries: memoryPart('temporaries'),
  overflow: (e) => formatGb(e.pricing.memory.overflowBytes),
  compute: (e) => formatPercent(stepShares(e).compute),
  communication: (e) => formatPercent(stepShares(e).communication),
  bubble: (e) => formatPercent(stepShares(e).bubble),
  bubbleFraction: (e) => formatPercent(e.pricing.bubbleFraction),
  efficiency: (e) => formatPercent(e.pricing.parallelEfficiency),
  dropped,
  tastingError,
  ...passFigures(),
};
