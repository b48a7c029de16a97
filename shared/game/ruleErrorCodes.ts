// The game's own refusals, as codes with typed parameters beside an English message: a limit of the level
// (`LevelRule`: an edit it does not offer, too many kitchens) or a rule of the plan format that JAX has no
// message for (`PlanRule`: pmap takes no PartitionSpec). The core's codes are in sim/errorCodes.ts.
import type { PlanEditType } from './actions.ts';

/** The two types of the game's refusals. */
export type RuleErrorType = 'LevelRule' | 'PlanRule';

/** The parameters of each code. */
export interface RuleErrorParams {
  // applyEdit.ts
  'rule/unknown-edit': { readonly edit: string };
  'level/edit-not-offered': { readonly edit: PlanEditType };
  // checkLimits.ts, rules/setMode.ts, rules/labels.ts
  'level/too-many-devices': { readonly max: number; readonly asked: number };
  'level/axis-name': { readonly allowed: readonly string[]; readonly name: string };
  'level/mode': { readonly allowed: readonly string[]; readonly mode: string };
  'level/tensor-fixed': { readonly allowed: readonly string[]; readonly tensor: string };
  // rules/
  'rule/pmap-no-spec': Record<string, never>;
  'rule/not-a-port': { readonly tensor: string };
  'rule/not-manual': Record<string, never>;
  'rule/no-manual-plan': Record<string, never>;
  'rule/op-position': { readonly max: number; readonly got: string };
  'rule/no-such-op': { readonly name: string };
  'rule/no-such-output': { readonly output: string; readonly outputs: readonly string[] };
  'rule/rename-not-string': Record<string, never>;
  'rule/no-such-axis': { readonly axis: string };
  'rule/mesh-shape': Record<string, never>;
  'rule/no-experts': Record<string, never>;
  'rule/capacity-factor': { readonly allowed: readonly number[]; readonly got: string };
  'rule/pipeline-not-positive': { readonly field: 'stages' | 'microbatches'; readonly got: string };
  'rule/no-stage-axis': { readonly axis: string };
  'rule/sequence-parallel': Record<string, never>;
  // planDocuments.ts (the Megatron layout)
  'rule/train-axis': { readonly axes: readonly string[]; readonly name: string };
  'rule/batch-split': { readonly globalBatch: number; readonly dp: number; readonly microbatches: number };
  'rule/train-labels': { readonly tensors: readonly string[] };
  // sandbox.ts
  'sandbox/unknown-menu': { readonly menu: string };
  'sandbox/unknown-hardware': { readonly hardware: string };
  'sandbox/devices': { readonly devices: string; readonly allowed: readonly number[] };
  // classroom/scoreRound.ts: the core threw while scoring (a bug, kept from stopping the round)
  'rule/unservable': Record<string, never>;
}

/** A code of the game's refusals. */
export type RuleErrorCode = keyof RuleErrorParams;

/** The type of each code; its keys are the list of codes. */
export const RULE_ERROR_TYPES = {
  'rule/unknown-edit': 'PlanRule',
  'level/edit-not-offered': 'LevelRule',
  'level/too-many-devices': 'LevelRule',
  'level/axis-name': 'LevelRule',
  'level/mode': 'LevelRule',
  'level/tensor-fixed': 'LevelRule',
  'rule/pmap-no-spec': 'PlanRule',
  'rule/not-a-port': 'PlanRule',
  'rule/not-manual': 'PlanRule',
  'rule/no-manual-plan': 'PlanRule',
  'rule/op-position': 'PlanRule',
  'rule/no-such-op': 'PlanRule',
  'rule/no-such-output': 'PlanRule',
  'rule/rename-not-string': 'PlanRule',
  'rule/no-such-axis': 'PlanRule',
  'rule/mesh-shape': 'PlanRule',
  'rule/no-experts': 'PlanRule',
  'rule/capacity-factor': 'PlanRule',
  'rule/pipeline-not-positive': 'PlanRule',
  'rule/no-stage-axis': 'PlanRule',
  'rule/train-labels': 'PlanRule',
  'rule/sequence-parallel': 'PlanRule',
  'rule/train-axis': 'PlanRule',
  'rule/batch-split': 'PlanRule',
  'sandbox/unknown-menu': 'LevelRule',
  'sandbox/unknown-hardware': 'LevelRule',
  'sandbox/devices': 'LevelRule',
  'rule/unservable': 'PlanRule',
} as const satisfies { readonly [C in RuleErrorCode]: RuleErrorType };

/** Every code of the game's refusals. */
export const RULE_ERROR_CODES = Object.keys(RULE_ERROR_TYPES) as readonly RuleErrorCode[];
