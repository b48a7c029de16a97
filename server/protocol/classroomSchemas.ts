// zod schemas of every classroom message and HTTP body (shared/protocol/classroom.ts). They check structure
// and bound sizes only; whether an edit or a command is allowed is the core's decision (shared/classroom).
import { z } from 'zod';
import {
  CAPACITY_FACTORS,
  HINT_MAX_CHARS,
  RECOMPUTE_POLICIES,
  SCHEDULES,
  TASTE_MODES,
  ZERO_STAGES,
  type ChooseTeamMessage,
  type CreateSessionRequest,
  type EditMessage,
  type HostCommand,
  type LockMessage,
  type PlanEdit,
  type ResumeSessionRequest,
  type SessionJoinOptions,
} from '../../shared/index.ts';
import { validate, type Validated } from './validate.ts';

/** Names of axes, tensors, ops and values: 1–64 characters. */
const name = z.string().min(1).max(64);
const id = z.string().min(1).max(16);
const secret = z.string().min(1).max(128);
const axisSize = z.number().int().min(1).max(4096);
/** One PartitionSpec entry: None, an axis, or axes major first (≤ 8 dimensions, ≤ 4 axes per dimension). */
const spec = z.array(z.union([z.null(), name, z.array(name).max(4)])).max(8);

const manualOp = z.strictObject({
  name,
  op: z.string().min(1).max(32),
  args: z.array(name).max(8),
  equation: z.string().min(1).max(128).optional(),
  axes: z.union([name, z.array(name).max(4)]).optional(),
  axis: name.optional(),
  dim: z.number().int().min(-8).max(8).optional(),
  to: z.enum(['varying', 'invarying']).optional(),
  splitDim: z.number().int().min(-8).max(8).optional(),
  concatDim: z.number().int().min(-8).max(8).optional(),
  perm: z
    .array(z.tuple([z.number().int().min(0).max(4096), z.number().int().min(0).max(4096)]))
    .max(4096)
    .optional(),
  scalar: z.number().finite().optional(),
  dims: z.array(z.number().int().min(-8).max(8)).max(8).optional(),
  keepDims: z.boolean().optional(),
});

export const planEditSchema: z.ZodType<PlanEdit> = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('setMesh'),
    axes: z
      .array(z.strictObject({ name, size: axisSize }))
      .min(1)
      .max(6),
  }),
  z.strictObject({ type: z.literal('renameAxis'), from: name, to: name }),
  z.strictObject({ type: z.literal('setSpec'), tensor: name, spec }),
  z.strictObject({ type: z.literal('clearSpec'), tensor: name }),
  z.strictObject({ type: z.literal('setMode'), mode: z.enum(TASTE_MODES) }),
  z.strictObject({
    type: z.literal('setPipeline'),
    stages: z.number().int().min(1).max(1024).optional(),
    microbatches: z.number().int().min(1).max(4096).optional(),
    schedule: z.enum(SCHEDULES).optional(),
    virtualStages: z.number().int().min(1).max(64).optional(),
  }),
  z.strictObject({ type: z.literal('setRecompute'), policy: z.enum(RECOMPUTE_POLICIES) }),
  z.strictObject({
    type: z.literal('setZero'),
    stage: z.literal(ZERO_STAGES),
  }),
  z.strictObject({ type: z.literal('setSequenceParallel'), enabled: z.boolean() }),
  z.strictObject({
    type: z.literal('setCapacityFactor'),
    factor: z.union(
      CAPACITY_FACTORS.map((f) => z.literal(f)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
    ),
  }),
  z.strictObject({
    type: z.literal('addManualOp'),
    op: manualOp,
    index: z.number().int().min(0).max(256).optional(),
  }),
  z.strictObject({ type: z.literal('removeManualOp'), name }),
  z.strictObject({ type: z.literal('setManualOutput'), output: name, value: name }),
]);

export const editMessageSchema: z.ZodType<EditMessage> = z.strictObject({
  seq: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  edit: planEditSchema,
  page: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,32}$/)
    .optional(),
});
export const chooseTeamSchema: z.ZodType<ChooseTeamMessage> = z.strictObject({ team: id });
export const lockSchema: z.ZodType<LockMessage> = z.strictObject({ locked: z.boolean() });

const bare = <C extends string>(command: C) => z.strictObject({ command: z.literal(command) });
export const hostCommandSchema: z.ZodType<HostCommand> = z.discriminatedUnion('command', [
  bare('start'),
  bare('advance'),
  bare('pause'),
  bare('resume'),
  z.strictObject({ command: z.literal('extend'), seconds: z.number().int().min(10).max(600) }),
  bare('endPlanning'),
  bare('skipRound'),
  z.strictObject({ command: z.literal('movePlayer'), player: id, team: id }),
  z.strictObject({ command: z.literal('setCaptain'), player: id }),
  z.strictObject({ command: z.literal('kick'), player: id }),
  z.strictObject({ command: z.literal('readmit'), player: id }),
  z.strictObject({ command: z.literal('lockJoins'), locked: z.boolean() }),
  z.strictObject({ command: z.literal('hint'), text: z.string().min(1).max(HINT_MAX_CHARS) }),
  bare('clearHint'),
  z.strictObject({ command: z.literal('reveal'), team: id }),
  bare('endSession'),
]);

const protocolVersion = z.number().int();
export const joinOptionsSchema: z.ZodType<SessionJoinOptions> = z.discriminatedUnion('role', [
  z.strictObject({ protocolVersion, role: z.literal('facilitator'), hostKey: secret }),
  z.strictObject({
    protocolVersion,
    role: z.literal('player'),
    nickname: z.string().max(64),
    team: id.optional(),
    seatKey: secret.optional(),
  }),
  z.strictObject({ protocolVersion, role: z.literal('projector') }),
]);

export const createSessionSchema: z.ZodType<CreateSessionRequest> = z.strictObject({
  rounds: z.array(name).min(1).max(12),
  planningSeconds: z.number().int().min(30).max(1800),
  teams: z.number().int().min(2).max(12),
  title: z.string().max(240).optional(), // the core counts code points (≤ 60); this only bounds the size
  hideScores: z.boolean().optional(),
});
export const resumeSessionSchema: z.ZodType<ResumeSessionRequest> = z.strictObject({ hostKey: secret });

export const validateEdit = (p: unknown): Validated<EditMessage> => validate(editMessageSchema, p, 'edit');
export const validateChooseTeam = (p: unknown): Validated<ChooseTeamMessage> =>
  validate(chooseTeamSchema, p, 'chooseTeam');
export const validateLock = (p: unknown): Validated<LockMessage> => validate(lockSchema, p, 'lock');
export const validateHostCommand = (p: unknown): Validated<HostCommand> =>
  validate(hostCommandSchema, p, 'host');
export const validateJoinOptions = (p: unknown): Validated<SessionJoinOptions> =>
  validate(joinOptionsSchema, p, 'join');
