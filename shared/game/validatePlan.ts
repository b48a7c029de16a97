// Whether a plan can be played in a level: the level's limits (kitchens, row names, modes), then the core's
// own validation of the whole plan at both scales (prepareTasting.ts) or of the Megatron request
// (parseTrainRequest, then the pipeline schedule's rules in simulateTrain). Nothing is checked here that the
// core checks; the limits are the level's.
import { simulateTrain } from '../sim/train/simulateTrain.ts';
import { parseTrainRequest } from '../sim/train/trainRequest.ts';
import { ruleError, type GameResult } from './errors.ts';
import { fromSim } from './explain.ts';
import { text } from './i18n.ts';
import type { Level } from './level.ts';
import { trainDocument } from './planDocuments.ts';
import { deviceCount, type PlanState } from './planState.ts';
import { prepareTasting } from './prepareTasting.ts';

const OK: GameResult<void> = { ok: true, value: undefined };

/** The level's limits on the grid and the mode. */
export function checkLimits(level: Level, state: PlanState): GameResult<void> {
  const { maxDevices, axisNames, modes } = level.limits;
  const n = deviceCount(state);
  if (n > maxDevices)
    return ruleError(
      'LevelRule',
      `This level has ${maxDevices} devices; the mesh asks for ${n}.`,
      text(
        `这一关只有 ${maxDevices} 间厨房，网格却要 ${n} 间。`,
        `This level has ${maxDevices} kitchens, but the grid asks for ${n}.`,
      ),
    );
  const stray = state.mesh.find((a) => !axisNames.includes(a.name));
  if (stray !== undefined)
    return ruleError(
      'LevelRule',
      `This level's mesh axes are named ${axisNames.join(', ')}; '${stray.name}' is not one of them.`,
      text(
        `这一关的厨房排只能叫 ${axisNames.join('、')}，不能叫“${stray.name}”。`,
        `In this level the rows of kitchens are called ${axisNames.join(', ')}, not '${stray.name}'.`,
      ),
    );
  if (!modes.includes(state.mode))
    return ruleError(
      'LevelRule',
      `This level offers the modes ${modes.join(', ')}, not '${state.mode}'.`,
      text(
        `这一关只能用 ${modes.join('、')} 模式。`,
        `This level can be played in ${modes.join(', ')} mode only.`,
      ),
    );
  return OK;
}

/**
 * Whether `state` can be played in `level`; a refusal carries the core's message and its explanation.
 * @example validatePlan(level, level.start) // { ok: true, value: undefined }
 */
export function validatePlan(level: Level, state: PlanState): GameResult<void> {
  const limits = checkLimits(level, state);
  if (!limits.ok) return limits;
  const s = level.scenario;
  if (s.engine === 'tasting+pricing') {
    const prepared = fromSim(prepareTasting(s, state));
    return prepared.ok ? OK : prepared;
  }
  const doc = trainDocument(s, state);
  if (!doc.ok) return doc;
  const req = fromSim(parseTrainRequest(doc.value));
  if (!req.ok) return req;
  const sim = fromSim(simulateTrain(req.value));
  return sim.ok ? OK : sim;
}
