// What every room does with an exception thrown by its own code (Colyseus's onUncaughtException): a join
// refusal (a ServerError from onAuth/onJoin/onCreate) is normal flow and is not logged; anything else is
// logged (rate-limited) and, when a message caused it, the sender gets the coded error 'internal' — the room
// and every other class keep running (issue 10, item 1).
import { ServerError, type Client, type RoomException } from 'colyseus';
import { MSG_ERROR, type ErrorMessage } from '../../shared/index.ts';
import { serverLog } from '../support/serverLog.ts';

export const internalError: ErrorMessage = {
  code: 'internal',
  message: 'The server could not handle this message; nothing was changed.',
};

export function onRoomException(
  roomName: string,
  roomId: string,
  error: RoomException,
  method: string,
): void {
  if (error.cause instanceof ServerError) return;
  serverLog.error(`room ${roomName} ${roomId}: ${method} threw: ${describe(error.cause)}`);
  if (error.name === 'OnMessageException') {
    const client = (error as RoomException & { client?: Client }).client;
    client?.send(MSG_ERROR, internalError);
  }
}

/** An error's stack or message, never a client object's own toString. */
export function describe(e: unknown): string {
  if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`;
  return typeof e === 'string' ? e : `a thrown ${typeof e}`;
}
