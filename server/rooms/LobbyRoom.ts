// The lobby: the first room every page joins. It checks the protocol version and answers pings, which the
// client uses to show the connection state and round-trip time before any session is chosen.
import { Room, type Client } from 'colyseus';
import { MSG_ERROR, MSG_PING, MSG_PONG, PROTOCOL_VERSION, type PongMessage } from '../../shared/index.ts';
import { validatePing } from '../protocol/validate.ts';

export interface LobbyJoinOptions {
  protocolVersion?: unknown;
}

export class LobbyRoom extends Room {
  maxClients = 500;

  onCreate(): void {
    this.autoDispose = true;
    this.onMessage(MSG_PING, (client, payload: unknown) => {
      const ping = validatePing(payload);
      if (!ping.ok) return client.send(MSG_ERROR, ping.error);
      const pong: PongMessage = {
        sentAt: ping.value.sentAt,
        serverTime: Date.now(),
        protocolVersion: PROTOCOL_VERSION,
      };
      client.send(MSG_PONG, pong);
    });
    this.onMessage('*', (client, type) => {
      client.send(MSG_ERROR, {
        code: 'unknown-message',
        message: `The lobby does not handle '${String(type)}'.`,
      });
    });
  }

  onAuth(_client: Client, options: LobbyJoinOptions | undefined): boolean {
    const version = options?.protocolVersion;
    if (version !== PROTOCOL_VERSION)
      throw new Error(
        `This page speaks protocol ${String(version)} but the server speaks ${PROTOCOL_VERSION}; reload the page.`,
      );
    return true;
  }
}
