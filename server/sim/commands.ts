// The sim commands: each takes the parsed JSON document and returns a JSON-ready result or a typed error.
import { parseShardRequest, shardOp } from '../../shared/sim/shardOp/shardOp.ts';
import { parseTasteRequest } from '../../shared/sim/taste/tasteRequest.ts';
import { tastePlan } from '../../shared/sim/taste/tastePlan.ts';
import { trainCommand } from '../../shared/sim/train/trainReport.ts';
import { validateCommand } from '../../shared/sim/train/validateRuns.ts';
import { levelCommand } from './levelCommand.ts';
import { exportCommand, levelsCommand, type CommandResult } from './exportCommands.ts';

export type SimCommand = (input: unknown) => CommandResult;

/** A command: what it does in one line (printed by `sim help`) and what runs it. */
export interface SimCommandEntry {
  readonly summary: string;
  readonly run: SimCommand;
}

export const SIM_COMMANDS: Record<string, SimCommandEntry> = {
  shard: {
    summary:
      'One op (einsum or reshard) under auto mode, as jax.jit with in/out shardings (docs/design.md §4.4).',
    run: (input) => {
      const req = parseShardRequest(input);
      return req.ok ? shardOp(req.value) : req;
    },
  },
  taste: {
    summary: 'A whole small plan run for real, shard by shard, and compared with one device in float64.',
    run: (input) => {
      const req = parseTasteRequest(input);
      return req.ok ? tastePlan(req.value) : req;
    },
  },
  train: {
    summary:
      "One training step of a GPT at full scale with Megatron's layouts, priced (docs/design.md §4.4).",
    run: trainCommand,
  },
  validate: {
    summary:
      'Every published run of docs/pricing.md priced: the published figure, ours and the error; no input needed.',
    run: validateCommand,
  },
  level: {
    summary: 'What the screens show for a plan of a level: figures, shares, debrief and verdict.',
    run: levelCommand,
  },
  levels: {
    summary: 'Every level: id, kind, title in both languages, concepts.',
    run: levelsCommand,
  },
  export: {
    summary: "A level's plan as runnable JAX, with its devices, mesh and the collectives the game lists.",
    run: exportCommand,
  },
};

/** `sim help` (also `--help`, `-h`, or either after a command): the usage and every command's summary. */
export function simHelp(only?: string): {
  usage: string;
  input: string;
  exit: string;
  commands: Record<string, string>;
  docs: string;
} {
  const names = only !== undefined && Object.hasOwn(SIM_COMMANDS, only) ? [only] : Object.keys(SIM_COMMANDS);
  return {
    usage: 'npm run -s sim -- <command> [file]',
    input:
      'one JSON document, from the file or standard input (no file, or -; none, or an empty one, reads as {})',
    exit: '0 success; 2 bad input, with {"error": {"type", "code", "message"}}; 1 a bug',
    commands: Object.fromEntries(names.map((n) => [n, SIM_COMMANDS[n]!.summary])),
    docs: 'README.md, "The sim command line"',
  };
}
