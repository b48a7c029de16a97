// The `sim` command line's arguments: `<command> [file]`, or help. Anything else is refused with its own code,
// never read as a file name or dropped: `train --foo`, `train a.json extra`, `help nonsense`.
import { cutText } from '../../shared/sim/input/quoteValue.ts';
import { err, ok, type Result } from '../../shared/sim/result.ts';

/** What the arguments ask for: help (on one command, or all), or running a command on a file or stdin. */
export type SimArgs =
  | { readonly kind: 'help'; readonly command?: string }
  | { readonly kind: 'run'; readonly command: string; readonly file?: string };

/** Words asking for help, anywhere on the line (`help validate`, `validate --help`, `validate help`). */
const HELP = new Set(['help', '--help', '-h']);
/** The only options there are. */
const HELP_FLAGS = new Set(['--help', '-h']);
const USAGE = 'npm run sim -- <command> [file]';

/** An option: `-` alone is standard input (as in cat and jq), not an option. */
const isOption = (arg: string): boolean => arg.startsWith('-') && arg !== '-' && !HELP_FLAGS.has(arg);

/**
 * Reads `args` (process.argv after the script) against the `commands` there are.
 * @example readSimArgs(['train', 'a.json'], ['train']) // ok({ kind: 'run', command: 'train', file: 'a.json' })
 */
export function readSimArgs(args: readonly string[], commands: readonly string[]): Result<SimArgs> {
  const option = args.find(isOption);
  if (option !== undefined)
    return err(
      'input/unknown-option',
      { option },
      `unknown option '${cutText(option)}'; the only option is --help (-h); usage: ${USAGE}` +
        ' (a file named -x: ./-x)',
    );
  if (args.length === 0)
    return err(
      'input/unknown-command',
      { command: '', known: commands },
      `no command; usage: ${USAGE}; commands: ${commands.join(', ')}`,
    );
  // `help train` names the command after help; `train --help` (or `train help`) before it.
  const helpAsked = args.some((a) => HELP.has(a));
  const positional = args.filter((a) => !HELP.has(a));
  const [command, file, extra] = positional;
  if (command !== undefined && !commands.includes(command))
    return err(
      'input/unknown-command',
      { command, known: commands },
      `unknown command '${cutText(command)}'; commands: ${commands.join(', ')}; help: npm run sim -- help`,
    );
  const surplus = helpAsked ? file : extra;
  if (surplus !== undefined)
    return err(
      'input/extra-argument',
      { argument: surplus },
      `unexpected argument '${cutText(surplus)}'; usage: ${USAGE}` +
        (helpAsked ? ' or npm run sim -- help [command]' : ' (one file at most)'),
    );
  if (helpAsked) return ok(command === undefined ? { kind: 'help' } : { kind: 'help', command });
  return ok(
    file === undefined ? { kind: 'run', command: command! } : { kind: 'run', command: command!, file },
  );
}
