// setZero: the seasoning ledgers (ZeRO, Rajbhandari et al. 2020): stage 1 shards the optimizer state over
// the data-parallel kitchens, stage 2 the gradients too, stage 3 the parameters too (FSDP). The request's
// parser checks the stage.
import { next, type Rule } from './rule.ts';

/** Sets the ZeRO stage. */
export const setZero: Rule<'setZero'> = (_level, state, edit) => next({ ...state, zeroStage: edit.stage });
