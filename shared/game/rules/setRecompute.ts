// setRecompute: cook again instead of storing (remat). 'none' keeps every activation the backward pass
// reads, 'selective' recomputes the attention core (Korthikanti et al. 2022), 'full' keeps only each
// layer's input and runs its forward pass again before the backward pass. The request's parser checks it.
import { next, type Rule } from './rule.ts';

/** Sets the recomputation policy. */
export const setRecompute: Rule<'setRecompute'> = (_level, state, edit) =>
  next({ ...state, recompute: edit.policy });
