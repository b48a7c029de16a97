// A level's limits on a plan: how many kitchens, what the rows of kitchens may be called, which modes.
// They are the level's, not the core's: the core's validation of the plan is preparePlan.ts.
import { ruleError, type GameResult } from './errors.ts';
import { text } from './i18n.ts';
import type { Level } from './level.ts';
import { deviceCount, type PlanState } from './planState.ts';

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
