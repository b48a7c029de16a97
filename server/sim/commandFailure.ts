// A refusal as the `sim` commands print it. The game's own rules (`LevelRule`, `PlanRule`) have no JAX type:
// they print as a ValueError whose message names the rule, and keep their code (README: the error types).
import type { GameErrorCode } from '../../shared/game/errors.ts';
import type { CommandResult } from './exportCommands.ts';

/**
 * `error` as a command's failed result: type, code and message, a game rule's type folded into ValueError.
 * @example commandFailure({ type: 'LevelRule', code: 'level/too-many-devices', message: 'This level has 4 devices; …' })
 * // { ok: false, error: { type: 'ValueError', code: 'level/too-many-devices', message: 'LevelRule: This level has 4 devices; …' } }
 */
export function commandFailure(error: {
  readonly type: string;
  readonly code: GameErrorCode;
  readonly message: string;
}): CommandResult {
  const { type, code, message } = error;
  const rule = type === 'LevelRule' || type === 'PlanRule';
  return {
    ok: false,
    error: { type: rule ? 'ValueError' : type, code, message: rule ? `${type}: ${message}` : message },
  };
}
