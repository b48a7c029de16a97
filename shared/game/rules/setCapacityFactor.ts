// setCapacityFactor: how many seats each expert of a mixture-of-experts layer keeps per token group, as a
// multiple of its even share: C = ⌈k·S·cf/E⌉ (GShard §2.2). Fewer seats drop more routed tokens; more seats
// pad every expert's matmuls and all-to-alls to C (routedTokens.ts).
import { CAPACITY_FACTORS } from '../../sim/cost/routedTokens.ts';
import { MODELS } from '../../sim/models/modelRegistry.ts';
import { ruleError } from '../errors.ts';
import { text } from '../i18n.ts';
import { next, type Rule } from './rule.ts';

/** Sets the capacity factor, one of CAPACITY_FACTORS, on a level whose model routes tokens to experts. */
export const setCapacityFactor: Rule<'setCapacityFactor'> = (level, state, edit) => {
  const s = level.scenario;
  if (s.engine !== 'tasting+pricing' || !('capacityFactor' in (MODELS[s.model]?.dims ?? {})))
    return ruleError(
      'PlanRule',
      'This model has no experts, so it has no capacity factor.',
      text(
        '这道菜没有档口（专家），也就没有座位数可调。',
        'This dish has no stations (experts), so there are no seats to set.',
      ),
    );
  const known: readonly number[] = CAPACITY_FACTORS;
  if (!known.includes(edit.factor))
    return ruleError(
      'PlanRule',
      `capacityFactor must be one of ${CAPACITY_FACTORS.join(', ')}, got ${String(edit.factor)}.`,
      text(
        `座位系数只能是 ${CAPACITY_FACTORS.join('、')} 之一。`,
        `The seats factor must be one of ${CAPACITY_FACTORS.join(', ')}.`,
      ),
    );
  return next({ ...state, capacityFactor: edit.factor });
};
