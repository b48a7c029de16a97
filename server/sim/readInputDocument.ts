// The `sim` command line's one JSON document: from a file, or standard input (no file, or `-`, as in cat and
// jq). A terminal on stdin, or nothing on it (`< /dev/null`, an empty pipe), reads as `{}` (`npm run sim --
// validate` needs no input; the other commands then name the fields they need).
import { readFile } from 'node:fs/promises';
import { cutText } from '../../shared/sim/input/quoteValue.ts';
import { err, ok, type Result } from '../../shared/sim/result.ts';

/** What a failed read means, in words, by Node's error code; any other failure keeps Node's message. */
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a folder on its path is not a folder',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  EIO: 'an input/output error',
  ERR_FS_FILE_TOO_LARGE: 'the file is too large (2 GiB at most)',
  ERR_STRING_TOO_LONG: 'the document is too large to read as text',
};

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && Object.hasOwn(REASONS, code)) return REASONS[code]!;
  return error instanceof Error ? error.message : String(error);
}

/** All of `stream`, read as it arrives: a pipe may deliver a large document in several pieces. */
async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The parsed document of `file` (standard input for none or `-`): an `input/unreadable-file` error naming the
 * file and why, or `input/not-json` for text that is not JSON.
 */
export async function readInputDocument(
  file: string | undefined,
  stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean } = process.stdin,
): Promise<Result<unknown>> {
  const path = file === '-' ? undefined : file;
  if (path === undefined && stdin.isTTY) return ok({});
  let text: string;
  try {
    text = path === undefined ? await readAll(stdin) : await readFile(path, 'utf8');
  } catch (error) {
    const shown = path === undefined ? 'standard input' : `'${cutText(path)}'`;
    return err(
      'input/unreadable-file',
      { path: path ?? 'standard input', reason: reason(error) },
      `could not read ${shown}: ${reason(error)}`,
    );
  }
  if (path === undefined && text.trim() === '') return ok({});
  try {
    return ok(JSON.parse(text));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return err('input/not-json', { reason: why }, `could not read a JSON document: ${why}`);
  }
}
