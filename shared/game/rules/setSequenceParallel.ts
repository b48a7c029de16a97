// setSequenceParallel: Megatron's sequence parallelism (Korthikanti et al. 2022 §4.2.2): the layer norms and
// dropouts split the sequence over the tensor-parallel kitchens; each all-reduce becomes a reduce-scatter
// plus an all-gather. The request's parser checks that the sequence splits.
import { ruleError } from '../errors.ts';
import { next, type Rule } from './rule.ts';

/** Turns sequence parallelism on or off. */
export const setSequenceParallel: Rule<'setSequenceParallel'> = (_level, state, edit) =>
  typeof edit.enabled === 'boolean'
    ? next({ ...state, sequenceParallel: edit.enabled })
    : ruleError('rule/sequence-parallel', {}, 'sequenceParallel must be true or false.');
