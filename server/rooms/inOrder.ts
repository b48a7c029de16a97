// A session room's message handler, as every client message reaches the room: the rate limit first (a flood
// is refused before it is queued or costs anything, MessageRate.ts), then the room's one queue, so messages
// run in arrival order and each write finishes before the next starts; a write that fails is refused
// 'not-saved' (with the edit's seq, refusals.ts), nothing applied.
import type { Client, Room } from 'colyseus';
import { limited, type MessageRate } from './MessageRate.ts';
import { notSavedError, refuseMessage } from './refusals.ts';
import type { Seat } from './seat.ts';
import type { SerialQueue } from './SerialQueue.ts';

export type InOrderHandler = (
  client: Client<Seat, Seat>,
  payload: unknown,
  message?: unknown,
) => void | Promise<void>;

/** Registers `handler` for `type` on `room`, behind `rate` and run on `queue`. */
export function inOrder(
  room: Room,
  rate: MessageRate,
  queue: SerialQueue,
  type: string,
  handler: InOrderHandler,
): void {
  room.onMessage(
    type,
    limited(
      rate,
      (c: Client, payload: unknown, message?: unknown) => {
        const client = c as Client<Seat, Seat>;
        queue
          .run(() => handler(client, payload, message))
          .catch((e: unknown) => {
            console.error(`[session-write] ${room.roomId}: ${e instanceof Error ? e.message : String(e)}`);
            refuseMessage(client, type, payload, notSavedError);
          });
      },
      (client, reply, payload: unknown) => refuseMessage(client, type, payload, reply),
    ),
  );
}
