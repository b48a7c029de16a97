// `npm run sim -- <command> [file]`: one JSON document in (file or stdin), one JSON document out (docs/design.md §4.4).
// `help` (or `--help`, `-h`, also after a command) prints the usage and the commands' summaries.
// Exit 0 on success; 2 with {"error": {type, code, message}} for bad input; 1 only for a bug.
// The exit code is set, not forced: process.exit would cut an answer of more than a pipe's buffer (64 KiB).
import { SIM_COMMANDS, simHelp } from './commands.ts';
import { readInputDocument } from './readInputDocument.ts';
import { readSimArgs } from './readSimArgs.ts';
import type { CommandResult } from './exportCommands.ts';

/** Prints the value, or the error's type, code and message alone (its parameters and explanation stay internal). */
function answer(result: CommandResult): void {
  const doc = result.ok
    ? result.value
    : { error: { type: result.error.type, code: result.error.code, message: result.error.message } };
  process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
  process.exitCode = result.ok ? 0 : 2;
}

const args = readSimArgs(process.argv.slice(2), Object.keys(SIM_COMMANDS));
if (!args.ok) answer(args);
else if (args.value.kind === 'help') answer({ ok: true, value: simHelp(args.value.command) });
else {
  const input = await readInputDocument(args.value.file);
  answer(input.ok ? SIM_COMMANDS[args.value.command]!.run(input.value) : input);
}
