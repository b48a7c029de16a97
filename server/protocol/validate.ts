// Runtime validation of client messages (zod). Every message is checked here before a room acts on it;
// a refused message gets an ErrorMessage reply and changes nothing.
import { z } from 'zod';
import type { ErrorMessage, PingMessage } from '../../shared/index.ts';

export const pingSchema = z.strictObject({ sentAt: z.number().finite() });

export type Validated<T> = { ok: true; value: T } | { ok: false; error: ErrorMessage };

/** Parses an untrusted payload; the error names the first offending field. */
export function validate<T>(schema: z.ZodType<T>, payload: unknown, messageType: string): Validated<T> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at '${issue.path.join('.')}'` : '';
  return {
    ok: false,
    error: {
      code: 'bad-message',
      message: `'${messageType}' refused${where}: ${issue?.message ?? 'invalid'}`,
    },
  };
}

export const validatePing = (payload: unknown): Validated<PingMessage> =>
  validate(pingSchema, payload, 'ping');
