// A level's limits on a plan: how many kitchens, what the rows of kitchens may be called, which modes.
// They are the level's, not the core's: the core's validation of the plan is preparePlan.ts.
import { ruleError, type GameResult } from './errors.ts';
import type { Level } from './level.ts';
import { deviceCount, type PlanState } from './planState.ts';
import { cutText } from '../sim/input/quoteValue.ts';

const OK: GameResult<void> = { ok: true, value: undefined };

/** The level's limits on the grid and the mode. */
export function checkLimits(level: Level, state: PlanState): GameResult<void> {
  const { maxDevices, axisNames, modes } = level.limits;
  const n = deviceCount(state);
  if (n > maxDevices)
    return ruleError(
      'level/too-many-devices',
      { max: maxDevices, asked: n },
      `This level has ${maxDevices} devices; the mesh asks for ${n}.`,
    );
  const stray = state.mesh.find((a) => !axisNames.includes(a.name));
  if (stray !== undefined)
    return ruleError(
      'level/axis-name',
      { allowed: axisNames, name: stray.name },
      `This level's mesh axes are named ${axisNames.join(', ')}; '${cutText(stray.name)}' is not one of them.`,
    );
  if (!modes.includes(state.mode))
    return ruleError(
      'level/mode',
      { allowed: modes, mode: state.mode },
      `This level offers the modes ${modes.join(', ')}, not '${state.mode}'.`,
    );
  return OK;
}
