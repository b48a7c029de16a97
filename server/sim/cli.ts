// `npm run sim -- <command> [file]`: one JSON document in (file or stdin), one JSON document out (docs/design.md §4.4).
// `help` (or `--help`, `-h`, also after a command) prints the usage and the commands' summaries.
// Exit 0 on success; 2 with {"error": {type, code, message}} for bad input; 1 only for a bug.
import { readFileSync } from 'node:fs';
import type { GameErrorCode } from '../../shared/game/errors.ts';
import { SIM_COMMANDS, simHelp } from './commands.ts';

// No file and a terminal on stdin, or nothing on stdin (`< /dev/null`, an empty pipe): the empty document
// `{}` (`npm run sim -- validate` needs no input; the other commands then name the fields they need).
// `-` names standard input, as in cat, jq and POSIX utilities.
function readInput(arg: string | undefined): string {
  const file = arg === '-' ? undefined : arg;
  if (file === undefined && process.stdin.isTTY) return '{}';
  const text = readFileSync(file ?? 0, 'utf8');
  return file === undefined && text.trim() === '' ? '{}' : text;
}

function fail(type: string, code: GameErrorCode, message: string): never {
  process.stdout.write(`${JSON.stringify({ error: { type, code, message } }, null, 2)}\n`);
  process.exit(2);
}

const [command, file] = process.argv.slice(2);
const names = Object.keys(SIM_COMMANDS).join(', ');
const HELP = new Set(['help', '--help', '-h']);
if (command !== undefined && (HELP.has(command) || (file !== undefined && HELP.has(file)))) {
  process.stdout.write(`${JSON.stringify(simHelp(HELP.has(command) ? file : command), null, 2)}\n`);
  process.exit(0);
}
if (!command) fail('InputError', 'input/field', `usage: npm run sim -- <command> [file]; commands: ${names}`);
const run = Object.hasOwn(SIM_COMMANDS, command) ? SIM_COMMANDS[command]!.run : undefined;
if (!run)
  fail(
    'InputError',
    'input/field',
    `unknown command '${command}'; commands: ${names}; help: npm run sim -- help`,
  );

let input: unknown;
try {
  input = JSON.parse(readInput(file));
} catch (error) {
  fail(
    'InputError',
    'input/not-json',
    `could not read a JSON document: ${error instanceof Error ? error.message : String(error)}`,
  );
}

const result = run(input);
if (!result.ok) fail(result.error.type, result.error.code, result.error.message);
process.stdout.write(`${JSON.stringify(result.value, null, 2)}\n`);
