// The lobby connection behind the header's server pill: it joins the lobby, measures the round trip every
// `pingEveryMs`, and when the server goes away (a restart, Ctrl+C, kill -9) or cannot be reached, tries again
// with the session pages' backoff (reconnectPolicy.ts), so the pill comes back by itself with the server.
import { Client, type Room } from 'colyseus.js';
import {
  MSG_ERROR,
  MSG_PING,
  MSG_PONG,
  PROTOCOL_VERSION,
  ROOM_LOBBY,
  type ErrorMessage,
  type PingMessage,
  type PongMessage,
} from '../../shared/index.ts';
import { retryDelayMs } from './reconnectPolicy.ts';

export type ConnectionState =
  { kind: 'connecting' } | { kind: 'online'; rttMs: number } | { kind: 'offline'; reason: string };
type Listener = (state: ConnectionState) => void;

/** Keeps a lobby connection and measures the round trip every `pingEveryMs`. */
export class RoomConnection {
  private room: Room | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** Failed joins since the last success (the backoff's attempt number). */
  private attempts = 0;
  private state: ConnectionState = { kind: 'connecting' };
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly endpoint: string,
    private readonly pingEveryMs = 5000,
  ) {}

  get current(): ConnectionState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  async connect(): Promise<void> {
    try {
      const room = await new Client(this.endpoint).joinOrCreate(ROOM_LOBBY, {
        protocolVersion: PROTOCOL_VERSION,
      });
      this.room = room;
      this.attempts = 0;
      room.onMessage(MSG_PONG, (pong: PongMessage) =>
        this.emit({ kind: 'online', rttMs: Date.now() - pong.sentAt }),
      );
      room.onMessage(MSG_ERROR, (error: ErrorMessage) =>
        console.warn(`server refused a message: ${error.message}`),
      );
      room.onLeave(() => {
        this.stop('left');
        this.retryLater();
      });
      this.ping();
      this.timer = setInterval(() => this.ping(), this.pingEveryMs);
    } catch (error) {
      this.emit({ kind: 'offline', reason: error instanceof Error ? error.message : String(error) });
      this.retryLater();
    }
  }

  /** Joins again after the backoff's delay (250 ms doubling to 5 s, jittered); one retry pending at a time. */
  private retryLater(): void {
    if (this.retry !== undefined) return;
    this.attempts += 1;
    this.retry = setTimeout(
      () => {
        this.retry = undefined;
        void this.connect();
      },
      retryDelayMs(this.attempts, Math.random()),
    );
  }

  private ping(): void {
    const message: PingMessage = { sentAt: Date.now() };
    this.room?.send(MSG_PING, message);
  }

  private stop(reason: string): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.room = undefined;
    this.emit({ kind: 'offline', reason });
  }

  private emit(state: ConnectionState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}
