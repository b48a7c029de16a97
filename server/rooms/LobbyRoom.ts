// The lobby: the first room every page joins. It checks the protocol version and answers pings, which the
// client uses to show the connection state and round-trip time before any session is chosen.
import { Room, type Client, type RoomException } from 'colyseus';
import { MSG_ERROR, MSG_PING, MSG_PONG, PROTOCOL_VERSION, type PongMessage } from '../../shared/index.ts';
import { validatePing } from '../protocol/validate.ts';
import { LOBBY_MESSAGE_RATE, MessageRate, limited } from './MessageRate.ts';
import { guardFrames } from './frameGuard.ts';
import { onRoomException } from './roomException.ts';
import { handleUnknownMessages } from './unhandledMessages.ts';

export interface LobbyJoinOptions {
  protocolVersion?: unknown;
}

export class LobbyRoom extends Room {
  maxClients = 500;
  private readonly rate = new MessageRate(LOBBY_MESSAGE_RATE);

  onCreate(): void {
    this.autoDispose = true;
    this.onMessage(
      MSG_PING,
      limited(this.rate, (client, payload: unknown) => {
        const ping = validatePing(payload);
        if (!ping.ok) return client.send(MSG_ERROR, ping.error);
        const pong: PongMessage = {
          sentAt: ping.value.sentAt,
          serverTime: Date.now(),
          protocolVersion: PROTOCOL_VERSION,
        };
        client.send(MSG_PONG, pong);
      }),
    );
    guardFrames(this, this.rate);
    handleUnknownMessages(this, this.rate, (_client, type) => ({
      code: 'unknown-message',
      message: `The lobby does not handle '${type}'.`,
    }));
  }

  onAuth(_client: Client, options: LobbyJoinOptions | undefined): boolean {
    const version = options?.protocolVersion;
    if (version !== PROTOCOL_VERSION)
      throw new Error(
        `This page speaks protocol ${typeof version === 'number' ? version : '(none)'} but the server speaks ${PROTOCOL_VERSION}; reload the page.`,
      );
    return true;
  }

  onLeave(client: Client): void {
    this.rate.forget(client.sessionId);
  }

  onUncaughtException(error: RoomException<this>, method: string): void {
    onRoomException(this.roomName, this.roomId, error, method);
  }
}
