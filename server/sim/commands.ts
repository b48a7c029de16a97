// The sim commands: each takes the parsed JSON document and returns a JSON-ready result or a typed error.
import type { Result } from '../../shared/index.ts';

export type SimCommand = (input: unknown) => Result<unknown>;

export const SIM_COMMANDS: Record<string, SimCommand> = {};
