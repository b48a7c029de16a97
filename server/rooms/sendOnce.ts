// One message to many clients of a room, encoded once (msgpack, Colyseus's ROOM_DATA frame) and queued raw to
// each, as Room.broadcast does for the whole room: a team's plan goes to its members and the facilitator only.
import { Protocol, getMessageBytes, type Client } from 'colyseus';

/** Sends `message` as `type` to every client in `to`; the frame is built once, however many they are. */
export function sendOnce(to: Iterable<Client>, type: string, message: unknown): void {
  let bytes: Buffer | undefined;
  for (const client of to)
    client.enqueueRaw((bytes ??= getMessageBytes.raw(Protocol.ROOM_DATA, type, message)));
}
