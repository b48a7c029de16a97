// Public surface of the simulation core: what client/ and server/ may use. Files inside shared/ import
// each other directly, never through this barrel.
export * from './sim/result.ts';
export * from './sim/mesh.ts';
export * from './sim/sharding.ts';
export * from './sim/partitionSpec.ts';
export * from './sim/namedSharding.ts';
export * from './sim/visualizeSharding.ts';
export { planAuto, type AutoAnnotations } from './sim/spmd/autoMode.ts';
export type { SpmdPlan, PlacedCollective } from './sim/spmd/partition.ts';
export { planGraph, type PlanGraph, type PlanNode, type PlanCollective } from './sim/render/planGraph.ts';
export {
  parseTasteRequest,
  TASTE_MODES,
  type TasteRequest,
  type TasteMode,
} from './sim/taste/tasteRequest.ts';
// The vocabularies, declared once: client menus and the server's zod schemas are built from them.
export { SCHEDULES, type PipelineSchedule } from './sim/cost/pipelineSimulation.ts';
export {
  RECOMPUTE_POLICIES,
  ZERO_STAGES,
  type RecomputePolicy,
  type ZeroStage,
} from './sim/train/trainRequest.ts';
export { tastePlan, type TasteReport } from './sim/taste/tastePlan.ts';
export { parseShardRequest, shardOp, type ShardReport } from './sim/shardOp/shardOp.ts';
export { MANUAL_COLLECTIVES, type ManualCollective } from './sim/spmd/manualOp.ts';
export { MODELS, MODEL_NAMES } from './sim/models/modelRegistry.ts';
export { CAPACITY_FACTORS, servedShare } from './sim/cost/routedTokens.ts';
export { MIN_SERVED_SHARE } from './sim/cost/score.ts';
export * from './game/index.ts';
export * from './protocol/messages.ts';
export * from './protocol/classroom.ts';
export * from './protocol/closeCodes.ts';
export * from './protocol/sessionStatus.ts';
export * from './protocol/serverInfo.ts';
export * from './classroom/index.ts';
