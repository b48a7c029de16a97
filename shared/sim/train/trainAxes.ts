// Names shared by the Megatron layer program and its layouts.

/** Mesh axis of data parallelism (the batch). */
export const DATA_AXIS = 'data';
/** Mesh axis of the pipeline stages. */
export const STAGE_AXIS = 'stage';
/** Mesh axis of expert parallelism: the experts split over ep of the data-parallel replicas, inside a stage. */
export const EXPERT_AXIS = 'expert';
/** Mesh axis of tensor parallelism (Megatron's t), innermost. */
export const MODEL_AXIS = 'model';

/** Prefix of the values that only hold a one-layer program together; priced as nothing. */
export const HARNESS_PREFIX = 'harness/';
