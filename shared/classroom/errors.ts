// Refusals of the classroom core as values (as boardgame.io returns an invalid move): a code the room can
// branch on and a text in both languages; helpers that build results, and the EditRefusedMessage the room
// sends for one.
import type { GameError } from '../game/errors.ts';
import { text } from '../game/i18n.ts';
import type { EditRefusedMessage } from '../protocol/classroom.ts';
import type { ClassroomError, ClassroomErrorCode, ClassroomResult } from './session.ts';

/** A refusal with its Chinese and English texts. */
export const refuse = (
  code: ClassroomErrorCode,
  zh: string,
  en: string,
): { readonly ok: false; readonly error: ClassroomError } => ({
  ok: false,
  error: { code, text: text(zh, en) },
});

/** An accepted call. */
export const accept = <T>(value: T): ClassroomResult<T> => ({ ok: true, value });

/** applyEdit's refusal, wrapped: the kitchen explanation is the text, the core's error rides along. */
export const editRefused = (game: GameError): { readonly ok: false; readonly error: ClassroomError } => ({
  ok: false,
  error: { code: 'edit-refused', text: game.explanation, game },
});

/**
 * The message for the sender of a refused edit: the core's error type, code and JAX message when the core
 * refused it, else the classroom code (as type and code) and its English text.
 * @example editRefusedMessage(3, { code: 'locked', text }) // { seq: 3, type: 'locked', code: 'locked', message: text.en, … }
 */
export function editRefusedMessage(seq: number, error: ClassroomError): EditRefusedMessage {
  if (error.game !== undefined)
    return {
      seq,
      type: error.game.type,
      code: error.game.code,
      message: error.game.message,
      explanation: error.game.explanation,
    };
  return { seq, type: error.code, code: error.code, message: error.text.en, explanation: error.text };
}
