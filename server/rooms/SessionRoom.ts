// A live classroom session (docs/design.md §5.5): a thin shell over the pure rules in shared/classroom. Each
// message is validated (zod) → handed to the core with Date.now() → the accepted snapshot is persisted
// (one transaction, awaited) → mirrored into the schema state → the core's effects are sent as messages.
// Messages, joins and ticks run one at a time in arrival order (SerialQueue), each against the snapshot the
// previous one's write left. The room holds its session's lease (roomLease.ts) while it is open.
import { Room, type Client, type RoomException } from 'colyseus';
import {
  MSG_WELCOME,
  CLOSE_KICKED,
  CLOSE_RESTARTING,
  dropGhostSeats,
  handOverCaptaincy,
  neverPlayed,
  joinPlayer,
  tick,
  type SessionSnapshot,
  type SessionStep,
  type WelcomeMessage,
} from '../../shared/index.ts';
import type { RoomLease } from '../persistence/SessionStore.ts';
import { hashSecret, newSecret } from '../persistence/secrets.ts';
import { sessionChange } from '../persistence/sessionChange.ts';
import { releaseRoomLease } from './roomLease.ts';
import { defaultDeps, openSession, type SessionRoomDeps } from './openSession.ts';
import { SerialQueue } from './SerialQueue.ts';
import {
  confirmEdit,
  deliverEffect,
  sendCurrent,
  sendRemovedIfChanged,
  type Audience,
} from './deliverEffects.ts';
import { EditCountsCourier } from './editCounts.ts';
import { joinRefusal, seatFor, type Seat } from './seat.ts';
import { RESERVATION_LIMITS, SESSION_ROOM_CLIENTS } from '../http/ReservationGuard.ts';
import { MessageRate, SESSION_MESSAGE_RATE } from './MessageRate.ts';
import { guardFrames } from './frameGuard.ts';
import { onRoomException } from './roomException.ts';
import { mirrorsAlike, type SessionState } from './sessionState.ts';
import { StateMirror } from './StateMirror.ts';
import { AwaySeats } from './AwaySeats.ts';
import { ReconnectionSlots, slotKeyOf } from './ReconnectionSlots.ts';
import { connectedPlayers, heldElsewhere, projectorConnections } from './seatConnections.ts';
import { closeOlderConnections, playerOf, refuse, unknownMessageAnswer } from './refusals.ts';
import { handleUnknownMessages } from './unhandledMessages.ts';
import { inOrder } from './inOrder.ts';
import { sessionMessages } from './sessionMessages.ts';
import { HEARTBEAT_MS, IDLE_DISPOSE_MS, PATCH_INTERVAL_MS, TICK_MS } from './roomTimings.ts';

export type { SessionRoomDeps } from './openSession.ts';

/** Options of matchMaker.createRoom(ROOM_SESSION, …): the stored session and its host key. */
interface CreateOptions {
  readonly code?: unknown;
  readonly hostKey?: unknown;
  readonly deps?: SessionRoomDeps;
}

export class SessionRoom extends Room<SessionState, unknown, Seat, Seat> {
  maxClients = SESSION_ROOM_CLIENTS;
  private readonly mirrored = new StateMirror();
  private readonly editCounts = new EditCountsCourier();
  private readonly slots = new ReconnectionSlots();
  state = this.mirrored.state;
  private deps!: SessionRoomDeps;
  private session!: SessionSnapshot;
  private hostKeyHash = '';
  /** Seat key hash by player id (the keys themselves were only ever sent to their players). */
  private readonly seatKeys = new Map<string, string>();
  private lastHeartbeat = 0;
  private readonly queue = new SerialQueue();
  private tickQueued = false;
  private lease: RoomLease | undefined;
  private readonly rate = new MessageRate(SESSION_MESSAGE_RATE);
  private readonly awaySeats = new AwaySeats();
  /** When the room last had someone in it (a connection or a held seat), ms. */
  private occupiedAtMs = 0;

  async onCreate(options: CreateOptions): Promise<void> {
    this.setPatchRate(PATCH_INTERVAL_MS);
    this.setSeatReservationTime(RESERVATION_LIMITS.holdMs / 1000);
    this.deps = options.deps ?? (await defaultDeps());
    const opened = await openSession(
      this.deps,
      typeof options.code === 'string' ? options.code : '',
      options.hostKey,
    );
    this.lease = opened.lease;
    try {
      this.roomId = opened.code;
      this.autoDispose = false; // an open session waits for its players, however long the room is empty
      await this.setPrivate(true); // joinable by its code only: join/joinOrCreate('session') find nothing
      this.hostKeyHash = opened.hostKeyHash;
      for (const [id, hash] of opened.seatKeys) this.seatKeys.set(id, hash);
      this.session = opened.session;
      for (const p of this.session.players) if (neverPlayed(p)) this.awaySeats.away(p.id, opened.nowMs);
      this.mirror(opened.nowMs);
      this.occupiedAtMs = opened.nowMs;
    } catch (e) {
      await releaseRoomLease(this.deps.store, opened.code, opened.lease).catch(() => undefined);
      throw e;
    }

    const handlers = sessionMessages({
      session: () => this.session,
      now: () => this.deps.now(),
      commit: (step, nowMs, edit) => this.commit(step, nowMs, edit),
      refuse: (client, code, message, error) => refuse(client, code, message, error),
      confirm: (client, by, seq) => confirmEdit(this.audience(), client, by, seq),
      playerOf: (client, answer) => playerOf(client, answer),
    });
    for (const [type, handler] of handlers) inOrder(this, this.rate, this.queue, type, handler);
    guardFrames(this, this.rate);
    handleUnknownMessages(this, this.rate, unknownMessageAnswer);
    this.clock.setInterval(() => {
      if (this.tickQueued) return; // a slow write: one tick waits, the next interval does not pile up
      this.tickQueued = true;
      this.queue
        .run(() => ((this.tickQueued = false), this.onTick()))
        .catch((e: unknown) => console.error(`[session-tick] ${this.roomId}: ${errorText(e)}`));
    }, TICK_MS);
  }

  onAuth(_client: Client, options: unknown): Seat {
    return seatFor(options, {
      session: this.session,
      seatKeys: this.seatKeys,
      hostKeyHash: this.hostKeyHash,
      projectors: projectorConnections(this.clients),
    });
  }

  onJoin(client: Client<Seat, Seat>, _options: unknown, seat: Seat): Promise<void> {
    return this.queue.run(() => this.seat(client, seat));
  }

  private async seat(client: Client<Seat, Seat>, seat: Seat): Promise<void> {
    client.userData = { ...seat };
    const key = slotKeyOf(seat);
    if (key !== undefined) this.slots.release(key); // a fresh connection to a seat a dropped one still holds
    let welcome: WelcomeMessage = { role: seat.role };
    if (seat.role === 'player') {
      let playerId = seat.playerId;
      let seatKey: string | undefined;
      if (playerId === undefined) {
        const request = { nickname: seat.nickname ?? '', ...(seat.team ? { team: seat.team } : {}) };
        const joinedAt = this.deps.now();
        const joined = joinPlayer(this.session, request, joinedAt);
        if (!joined.ok) throw joinRefusal(422, joined.error.code, joined.error.text.en, joined.error);
        playerId = joined.value.playerId;
        seatKey = newSecret();
        this.seatKeys.set(playerId, hashSecret(seatKey));
        try {
          await this.commit({ session: joined.value.session, effects: [] }, joinedAt);
        } catch (e) {
          this.seatKeys.delete(playerId);
          throw e;
        }
      }
      client.userData = { role: 'player', playerId };
      this.awaySeats.back(playerId);
      if (seatKey === undefined) closeOlderConnections(this.clients, client, playerId);
      const nickname = this.session.players.find((p) => p.id === playerId)?.nickname ?? '';
      welcome = { role: 'player', playerId, nickname, ...(seatKey ? { seatKey } : {}) };
    }
    client.send(MSG_WELCOME, welcome);
    sendCurrent(this.audience(), client);
    this.mirror(this.deps.now());
  }

  async onLeave(client: Client<Seat, Seat>, consented: boolean): Promise<void> {
    this.rate.forget(client.sessionId);
    const seat = client.userData;
    if (seat === undefined) return;
    this.mirror(this.deps.now());
    if (this.isKicked(seat) || heldElsewhere(this.clients, client)) return;
    if (seat.role === 'player' && seat.playerId !== undefined) {
      // A player who chose to leave before playing leaves no seat; a dropped one gets the grace first.
      if (consented) return this.queue.run(() => this.dropSeats([seat.playerId!]));
      this.awaySeats.away(seat.playerId, this.deps.now());
    }
    const key = slotKeyOf(seat);
    if (consented || key === undefined) return; // a projector's page joins afresh (seat.ts)
    const slot = this.allowReconnection(client, this.deps.reconnectSeconds);
    this.slots.hold(key, slot);
    try {
      await slot;
      // The new connection object: still joining, so what is sent now is delivered after its JOIN.
      const back = this.clients.find((c) => c.sessionId === client.sessionId) ?? client;
      if (this.isKicked(seat)) return back.leave(CLOSE_KICKED);
      if (seat.role === 'player' && seat.playerId !== undefined) this.awaySeats.back(seat.playerId);
      sendCurrent(this.audience(), back);
    } catch {
      // The seat stays in the session (points, team) and can be taken back with its seat key.
    } finally {
      this.slots.settled(key, slot);
    }
    this.mirror(this.deps.now());
  }

  async onDispose(): Promise<void> {
    await this.queue.run(async () => {
      await this.deps.store.touch(this.roomId, this.deps.now());
      if (this.lease) await releaseRoomLease(this.deps.store, this.roomId, this.lease);
    });
  }

  onUncaughtException(error: RoomException<this>, method: string): void {
    onRoomException(this.roomName, this.roomId, error, method);
  }

  /** Shutting down (SIGTERM/SIGINT): pages are told the server restarts, not that the session ended. */
  onBeforeShutdown(): void {
    void this.disconnect(CLOSE_RESTARTING);
  }

  /**
   * Persists an accepted step, mirrors it and sends its effects; `now` is the instant the core computed the
   * step at (ms), so the stored and mirrored figures are the step's own (a timer started by it reads whole).
   */
  private async commit(step: SessionStep, now: number, edit?: { by: string; seq: number }): Promise<void> {
    // an edit changes only plans: the schema state would not change (the next tick sends the edit counts)
    const unchanged = step.session === this.session;
    const alike = !unchanged && mirrorsAlike(this.session, step.session);
    if (!unchanged) {
      const change = sessionChange(this.session, step.session, now, this.seatKeys);
      await this.deps.store.applyChange(this.roomId, change);
      const before = this.session;
      this.session = step.session;
      // a change of plans alone does not write updated_at: the heartbeat still has to
      if (change.snapshotJson !== undefined) this.lastHeartbeat = now;
      if (before.players !== step.session.players) sendRemovedIfChanged(this.audience(), before);
      // a closed session (podium after endSession) goes away once its last screen leaves
      if (this.session.closed) this.autoDispose = true;
    }
    // a tick that changed nothing: the connections were mirrored as they opened and closed
    if (unchanged) this.resync(now);
    else if (!alike) this.mirror(now);
    const audience = this.audience();
    for (const effect of step.effects) deliverEffect(audience, effect, edit);
  }

  /** The connections and the accepted snapshot, as deliverEffects.ts reads them. */
  private audience(): Audience {
    return { clients: this.clients, session: this.session, nowMs: this.deps.now() };
  }

  private isKicked(seat: Seat): boolean {
    return seat.role === 'player' && this.session.players.some((p) => p.id === seat.playerId && p.kicked);
  }

  private async onTick(): Promise<void> {
    const now = this.deps.now();
    await this.commit(tick(this.session, now), now);
    if (now - this.lastHeartbeat >= HEARTBEAT_MS) {
      await this.deps.store.touch(this.roomId, now);
      this.lastHeartbeat = now;
      // A never-played seat whose player has been gone past the reconnection window (plus a beat) is dropped.
      const graceMs = this.deps.reconnectSeconds * 1000 + HEARTBEAT_MS;
      const gone = this.awaySeats.takeDue(now, graceMs, connectedPlayers(this.clients));
      if (gone.length > 0) await this.dropSeats(gone);
      if (this.clients.length > 0 || Object.keys(this.reservedSeats).length > 0) this.occupiedAtMs = now;
      else if (now - this.occupiedAtMs >= IDLE_DISPOSE_MS) void this.disconnect(); // onDispose: the store's last touch
    }
  }

  /**
   * Drops the never-played seats among `ids` (ghostSeats.ts), with their seat keys; others are kept, and a
   * captain among them hands the team to a connected member (captainHandover.ts).
   */
  private async dropSeats(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.awaySeats.back(id);
    const connected = connectedPlayers(this.clients);
    const absent = new Set(ids.filter((id) => !connected.has(id)));
    if (absent.size === 0) return;
    const session = handOverCaptaincy(dropGhostSeats(this.session, absent), absent, connected);
    await this.commit({ session, effects: [] }, this.deps.now());
    for (const id of absent) if (!this.session.players.some((p) => p.id === id)) this.seatKeys.delete(id);
  }

  private resync(now: number): void {
    this.mirrored.resync(this.session, now);
    this.editCounts.deliver(this.clients, this.session);
  }

  private mirror(now: number): void {
    this.mirrored.mirror(this.session, now, connectedPlayers(this.clients));
    this.editCounts.deliver(this.clients, this.session);
  }
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
