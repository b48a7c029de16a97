// Wire protocol between client and server: message names and payloads, shared by both sides.
// Bump PROTOCOL_VERSION whenever a payload changes shape; the lobby refuses clients of another version.

export const PROTOCOL_VERSION = 2;

/** Room names registered on the server. */
export const ROOM_LOBBY = 'lobby';

/** Client → server: measure the round trip and check the protocol version. `sentAt` is the client's clock (ms). */
export interface PingMessage {
  readonly sentAt: number;
}

/** Server → client reply to a ping. */
export interface PongMessage {
  readonly sentAt: number;
  readonly serverTime: number;
  readonly protocolVersion: number;
}

export const MSG_PING = 'ping';
export const MSG_PONG = 'pong';
export const MSG_ERROR = 'error';

/** Server → client when a message is refused; nothing changed on the server. */
export interface ErrorMessage {
  readonly code: string;
  readonly message: string;
}
