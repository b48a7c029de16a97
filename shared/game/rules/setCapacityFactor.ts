// setCapacityFactor: how many seats each expert of a mixture-of-experts layer keeps per token group, as a
// multiple of its even share: C = ⌈k·S·cf/E⌉ (GShard §2.2). Fewer seats drop more routed tokens; more seats
// pad every expert's matmuls and all-to-alls to C (routedTokens.ts).
import { CAPACITY_FACTORS } from '../../sim/cost/routedTokens.ts';
import { MODELS } from '../../sim/models/modelRegistry.ts';
import { ruleError } from '../errors.ts';
import { next, type Rule } from './rule.ts';

/** Sets the capacity factor, one of CAPACITY_FACTORS, on a level whose model routes tokens to experts. */
export const setCapacityFactor: Rule<'setCapacityFactor'> = (level, state, edit) => {
  const s = level.scenario;
  if (s.engine !== 'tasting+pricing' || !('capacityFactor' in (MODELS[s.model]?.dims ?? {})))
    return ruleError('rule/no-experts', {}, 'This model has no experts, so it has no capacity factor.');
  const known: readonly number[] = CAPACITY_FACTORS;
  if (!known.includes(edit.factor))
    return ruleError(
      'rule/capacity-factor',
      { allowed: CAPACITY_FACTORS, got: String(edit.factor) },
      `capacityFactor must be one of ${CAPACITY_FACTORS.join(', ')}, got ${String(edit.factor)}.`,
    );
  return next({ ...state, capacityFactor: edit.factor });
};
