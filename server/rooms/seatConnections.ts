// Which connections of a session room hold which seat: one seat, one connection (issue 10, item 8); how many
// projectors are open (seat.ts admits MAX_PROJECTORS). Pure reads of the room's client list; the room decides
// what to do with the answers.
import type { SeatedClient } from './seat.ts';

/** The player ids that have an open connection. */
export function connectedPlayers(clients: Iterable<SeatedClient>): Set<string> {
  const ids = new Set<string>();
  for (const c of clients)
    if (c.userData?.role === 'player' && c.userData.playerId) ids.add(c.userData.playerId);
  return ids;
}

/** The connections of seat `playerId` other than `client` (older ones, once `client` holds the seat). */
export function otherConnections(
  clients: Iterable<SeatedClient>,
  client: SeatedClient,
  playerId: string,
): SeatedClient[] {
  const others: SeatedClient[] = [];
  for (const c of clients)
    if (c.sessionId !== client.sessionId && c.userData?.role === 'player' && c.userData.playerId === playerId)
      others.push(c);
  return others;
}

/** Whether another connection now holds `client`'s seat (then no reconnection is kept for it). */
export function heldElsewhere(clients: Iterable<SeatedClient>, client: SeatedClient): boolean {
  const seat = client.userData;
  return seat?.role === 'player' && seat.playerId !== undefined
    ? otherConnections(clients, client, seat.playerId).length > 0
    : false;
}

/** The open projector connections (onAuth's seat is on `auth` before the client is listed; `userData` after onJoin). */
export function projectorConnections(clients: Iterable<SeatedClient>): number {
  let n = 0;
  for (const c of clients) if ((c.userData ?? c.auth)?.role === 'projector') n++;
  return n;
}
