// The sim commands: each takes the parsed JSON document and returns a JSON-ready result or a typed error.
import { parseShardRequest, shardOp } from '../../shared/sim/shardOp/shardOp.ts';
import { parseTasteRequest } from '../../shared/sim/taste/tasteRequest.ts';
import { tastePlan } from '../../shared/sim/taste/tastePlan.ts';
import { trainCommand } from '../../shared/sim/train/trainReport.ts';
import { validateCommand } from '../../shared/sim/train/validateRuns.ts';
import type { Result } from '../../shared/index.ts';

export type SimCommand = (input: unknown) => Result<unknown>;

export const SIM_COMMANDS: Record<string, SimCommand> = {
  /** One op under auto mode (docs/design.md §4.4). */
  shard: (input) => {
    const req = parseShardRequest(input);
    return req.ok ? shardOp(req.value) : req;
  },
  /** A whole small plan run for real and compared with one device in float64. */
  taste: (input) => {
    const req = parseTasteRequest(input);
    return req.ok ? tastePlan(req.value) : req;
  },
  /** One training step of a GPT at full scale with Megatron's layouts, priced (docs/design.md §4.4). */
  train: trainCommand,
  /** Every published run of docs/pricing.md priced, with the published figure, ours and the error. */
  validate: validateCommand,
};
