// Runs `sim <command>` as a user does: JSON on standard input; resolves with the exit code and parsed stdout.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `command` is the command, or the command line's arguments (`['validate', '--help']`). */
export function runSim(
  command: string | readonly string[],
  input: unknown,
): Promise<{ code: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/sim/cli.ts', ...(typeof command === 'string' ? [command] : command)],
      { cwd: ROOT },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code: code ?? -1, json: JSON.parse(stdout) as Record<string, unknown> });
      } catch (e) {
        reject(new Error(`sim ${String(command)} printed no JSON (exit ${code}): ${stdout} ${String(e)}`));
      }
    });
    child.stdin.end(typeof input === 'string' ? input : JSON.stringify(input));
  });
}
