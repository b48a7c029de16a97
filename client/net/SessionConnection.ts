// The session room's connection (the only module importing colyseus.js for sessions): joins by code, keeps
// the room state as plain data, dispatches typed messages (sessionMessages.ts), keeps the player's seat key
// per code, and comes back after a dropped socket (colyseus.js reconnection token, then a rejoin with the
// seat key). After a server restart the facilitator's connection reopens the session from the database
// (POST …/resume) and the others rejoin once it is open again (reconnectPolicy.ts says what a close code and
// the status answer mean). What the page sends is paced under the server's rate limit, in order (SendPacer.ts).
import { Client, type Room } from 'colyseus.js';
import {
  MSG_EDIT_COUNTS,
  MSG_KICKED,
  MSG_WELCOME,
  PROTOCOL_VERSION,
  type SessionJoinOptions,
  type SessionStatusResponse,
  type WelcomeMessage,
} from '../../shared/index.ts';
import type { KeyStore } from '../classroom/keyStore.ts';
import { resumeSession } from '../classroom/sessionApi.ts';
import {
  RETRY_WINDOW_MS,
  dropCause,
  retryDelayMs,
  whereabouts,
  type SessionWhereabouts,
} from './reconnectPolicy.ts';
import { parseRoomState, settleRoomState, type RoomState } from '../classroom/viewModels/roomState.ts';
import { SERVER_MESSAGES, type ClientMessages, type ServerMessages } from './sessionMessages.ts';
import { SendPacer } from './SendPacer.ts';

export type { ClientMessages, ServerMessages } from './sessionMessages.ts';

type Distribute<T> = T extends unknown ? Omit<T, 'protocolVersion'> : never;
/** Join options without the protocol version (added here). */
export type JoinAs = Distribute<SessionJoinOptions>;

export type SessionStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'joining' }
  | {
      readonly kind: 'online';
      /** Back after the server restarted (it said so, or the session had to be reopened): the clock is paused. */
      readonly afterRestart?: boolean;
    }
  | {
      readonly kind: 'reconnecting';
      readonly attempt: number;
      /**
       * network: a dropped socket, being retried; restarting: the server said so as it closed the socket;
       * unreachable: neither the socket nor the status route answers (the server is down, or this device
       * lost its network: a page cannot tell which, so it does not say the server restarts).
       */
      readonly cause: 'network' | 'restarting' | 'unreachable';
      /** The server is back but the session's room is not open yet (its facilitator reopens it). */
      readonly waitingForHost: boolean;
    }
  | { readonly kind: 'left'; readonly reason: 'kicked' | 'closed' | 'lost' | 'left' };

/** From this attempt on, a failed token reconnection is followed by a fresh join (the server restarted). */
const REJOIN_FROM_ATTEMPT = 3;

type Handler<K extends keyof ServerMessages> = (message: ServerMessages[K]) => void;

export class SessionConnection {
  private readonly client: Client;
  private room: Room | undefined;
  private code = '';
  private joinAs: JoinAs | undefined;
  private roomState: RoomState | null = null;
  private statusNow: SessionStatus = { kind: 'idle' };
  private ending = false;
  private readonly latest: Partial<{ [K in keyof ServerMessages]: ServerMessages[K] }> = {};
  private readonly handlers = new Map<keyof ServerMessages, Set<(message: never) => void>>();
  private readonly stateListeners = new Set<(state: RoomState) => void>();
  private readonly statusListeners = new Set<(status: SessionStatus) => void>();
  private readonly pacer = new SendPacer();

  constructor(
    private readonly endpoint: string,
    private readonly keys: KeyStore,
  ) {
    this.client = new Client(endpoint);
  }

  get state(): RoomState | null {
    return this.roomState;
  }

  get status(): SessionStatus {
    return this.statusNow;
  }

  /** The last message of a kind received in this session (e.g. the results shown before a page mounted). */
  last<K extends keyof ServerMessages>(type: K): ServerMessages[K] | undefined {
    return this.latest[type];
  }

  /**
   * Joins the session `code`. A player with a stored seat for the code takes it back (same seat, team and
   * points). Rejects with the server's message when the room refuses (wrong code, bad nickname, bad key).
   */
  async join(code: string, as: JoinAs): Promise<void> {
    this.code = code;
    this.joinAs = as;
    this.ending = false;
    this.setStatus({ kind: 'joining' });
    try {
      this.wire(await this.client.joinById(code, this.options()));
    } catch (error) {
      this.setStatus({ kind: 'idle' });
      throw error instanceof Error ? error : new Error(String(error));
    }
  }

  /** Sends `message` to the room now, or after the messages before it once the rate allows (SendPacer.ts). */
  send<K extends keyof ClientMessages>(type: K, message: ClientMessages[K]): void {
    this.pacer.send(() => this.room?.send(type, message));
  }

  /** Calls `handler` for every message of `type`; returns the unsubscribe function. */
  on<K extends keyof ServerMessages>(type: K, handler: Handler<K>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    set.add(handler as (message: never) => void);
    this.handlers.set(type, set);
    return () => set.delete(handler as (message: never) => void);
  }

  /** Calls `listener` on every state change (and now, when there is a state). */
  onState(listener: (state: RoomState) => void): () => void {
    this.stateListeners.add(listener);
    if (this.roomState) listener(this.roomState);
    return () => this.stateListeners.delete(listener);
  }

  onStatus(listener: (status: SessionStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.statusNow);
    return () => this.statusListeners.delete(listener);
  }

  /** Leaves for good (the seat is released by the server after its reconnection window). */
  async leave(): Promise<void> {
    this.ending = true;
    await this.room?.leave(true);
    this.setStatus({ kind: 'left', reason: 'left' });
  }

  private options(): SessionJoinOptions {
    const as = this.joinAs!;
    if (as.role !== 'player') return { ...as, protocolVersion: PROTOCOL_VERSION };
    const seat = this.keys.seat(this.code);
    return {
      ...as,
      protocolVersion: PROTOCOL_VERSION,
      ...(seat && !as.seatKey ? { seatKey: seat.seatKey } : {}),
    };
  }

  private wire(room: Room, afterRestart = false): void {
    this.room = room;
    for (const type of SERVER_MESSAGES)
      room.onMessage(type, (message: ServerMessages[typeof type]) => this.dispatch(type, message));
    room.onStateChange((state: { toJSON(): unknown }) => this.settle(parseRoomState(state.toJSON())));
    room.onLeave((code: number) => void this.dropped(room, code));
    this.setStatus(afterRestart ? { kind: 'online', afterRestart } : { kind: 'online' });
  }

  /** The state the screens read: the schema's, with the edit counts and the timer's reading (settleRoomState). */
  private settle(next: RoomState): void {
    this.roomState = settleRoomState(next, this.roomState, this.latest.editCounts?.counts, Date.now());
    for (const listener of this.stateListeners) listener(this.roomState);
  }

  private dispatch<K extends keyof ServerMessages>(type: K, message: ServerMessages[K]): void {
    this.latest[type] = message;
    if (type === MSG_EDIT_COUNTS && this.roomState) this.settle(this.roomState);
    if (type === MSG_WELCOME) {
      const welcome = message as WelcomeMessage;
      if (welcome.seatKey)
        this.keys.saveSeat(this.code, { seatKey: welcome.seatKey, nickname: welcome.nickname ?? '' });
    }
    if (type === MSG_KICKED) {
      // The seat key is kept: refused while removed, it takes the same seat back once the facilitator lets
      // the player back in (readmit).
      this.ending = true;
      this.setStatus({ kind: 'left', reason: 'kicked' });
    }
    for (const handler of this.handlers.get(type) ?? []) (handler as Handler<K>)(message);
  }

  /**
   * The socket closed: an ended session or a kick stops here; anything else is retried with backoff, for
   * 120 s after a dropped socket and for 30 min while the server restarts or waits for its facilitator.
   */
  private async dropped(room: Room, code: number): Promise<void> {
    if (room !== this.room) return;
    this.room = undefined;
    if (this.ending) return;
    const cause = dropCause(code);
    if (cause === 'ended') return this.setStatus({ kind: 'left', reason: 'closed' });
    if (cause === 'kicked') return this.setStatus({ kind: 'left', reason: 'kicked' });
    const token = room.reconnectionToken;
    const started = Date.now();
    const announced = cause === 'restarting';
    let restarting = announced;
    /** The session's room was not open when the server answered again: the server had restarted. */
    let restarted = announced;
    let waitingForHost = false;
    for (let attempt = 1; !this.ending; attempt++) {
      const window = restarting ? RETRY_WINDOW_MS.restarting : RETRY_WINDOW_MS.network;
      if (Date.now() - started >= window) break;
      this.setStatus({
        kind: 'reconnecting',
        attempt,
        cause: announced ? 'restarting' : restarting ? 'unreachable' : 'network',
        waitingForHost,
      });
      await new Promise((r) => setTimeout(r, retryDelayMs(attempt, Math.random())));
      if (this.ending) return;
      if (!restarting) {
        try {
          return this.wire(await this.client.reconnect(token));
        } catch {
          // The seat's reservation is gone (or the server is down): ask where the session is.
        }
      }
      const where = await this.whereabouts();
      if (where === 'ended') return this.setStatus({ kind: 'left', reason: 'closed' });
      if (where === 'unreachable') {
        restarting = true;
        continue;
      }
      if (where === 'waiting') {
        restarting = true;
        restarted = true;
        if (!(await this.reopen())) {
          waitingForHost = true;
          continue;
        }
      } else if (!restarting && attempt < REJOIN_FROM_ATTEMPT) continue;
      try {
        return this.wire(await this.client.joinById(this.code, this.options()), restarted);
      } catch {
        // Not back yet (or just reopened elsewhere); the next attempt waits longer.
      }
    }
    if (!this.ending) this.setStatus({ kind: 'left', reason: 'lost' });
  }

  /** The session's whereabouts from GET /api/sessions/:code/status. */
  private async whereabouts(): Promise<SessionWhereabouts> {
    try {
      const res = await fetch(`${this.endpoint}/api/sessions/${encodeURIComponent(this.code)}/status`, {
        cache: 'no-store',
      });
      const body = res.ok ? ((await res.json()) as SessionStatusResponse) : null;
      return whereabouts(res.status, body);
    } catch {
      return whereabouts(null, null);
    }
  }

  /** The facilitator reopens a stored session from the database with its host key; true when open. */
  private async reopen(): Promise<boolean> {
    const as = this.joinAs;
    if (as?.role !== 'facilitator') return false;
    try {
      await resumeSession(this.endpoint, this.code, as.hostKey);
      return true;
    } catch {
      return false;
    }
  }

  private setStatus(status: SessionStatus): void {
    if (status.kind === 'left') this.pacer.clear();
    this.statusNow = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
