// The game core's public face (docs/design.md §3: build a scenario, validate and apply a plan edit, evaluate a
// plan). The client and the classroom server import from here (or from shared/index.ts once it re-exports
// this); files inside shared/game import each other directly.
export { LOCALES, text, type Locale, type Text } from './i18n.ts';
export * from './planState.ts';
export { PLAN_EDIT_TYPES, type PlanEdit, type PlanEditType } from './actions.ts';
export type { GameError, GameErrorCode, GameErrorType, GameResult, ShownError } from './errors.ts';
export { RULE_ERROR_CODES, type RuleErrorCode } from './ruleErrorCodes.ts';
export { explain } from './explain.ts';
export type { Level, LevelLimits, Scenario, TastingScenario, TrainScenario, TrapFailure } from './level.ts';
export { applyEdit, type ApplyResult } from './applyEdit.ts';
export { validatePlan } from './validatePlan.ts';
export { preparePlan, type PreparedPlan } from './preparePlan.ts';
export * from './history.ts';
export { evaluatePlan, type EvaluateResult } from './evaluatePlan.ts';
export type * from './evaluation.ts';
export * from './stepShares.ts';
export { SHARE_NAMES, sharesList } from './shareNames.ts';
export { NOT_SERVED, debrief, planFigures, type PlanFigures } from './debrief.ts';
export { dishName, gridInWords, holdingInWords, planInWords } from './planWords.ts';
export { editInWords } from './editWords.ts';
export { lesson, LESSON_FIGURES, LESSON_PLANS } from './lesson.ts';
export { exportJax, timelineTrace } from './exportPlan.ts';
export { LEVELS, levelById } from './levels/index.ts';
export * from './sandbox.ts';
export * from './sandboxMenus.ts';
export {
  formatBytes,
  formatGb,
  formatKitchens,
  formatPercent,
  formatRate,
  formatSeconds,
  tidyZh,
} from './format.ts';
export { levelPar, parFraction, type LevelPar } from './par/levelPar.ts';
export { PASS_KINDS, PASS_NAMES, passKind, passName, type PassKind } from './passNames.ts';
export { SCHEDULE_NAMES, SCHEDULE_WAYS, scheduleChoice, scheduleName } from './scheduleNames.ts';
