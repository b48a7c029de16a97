// What a session room does with each message type (docs/design.md §5.5): validate the payload (zod), hand it
// to the core with the room's clock, and commit the accepted step or answer the sender with the refusal. The
// room runs each handler in arrival order, one at a time, after the rate limit. Every refusal of an edit whose
// seq can be read names that seq (MSG_EDIT_REFUSED), so the page drops exactly that edit.
import {
  MSG_CHOOSE_TEAM,
  MSG_EDIT,
  MSG_EDIT_REFUSED,
  MSG_ERROR,
  MSG_HOST,
  MSG_LOCK,
  chooseTeam,
  editRefusedMessage,
  hostCommand,
  playerEdit,
  setLock,
  type ClassroomError,
  type SessionErrorMessage,
  type SessionSnapshot,
  type SessionStep,
} from '../../shared/index.ts';
import {
  validateChooseTeam,
  validateEdit,
  validateHostCommand,
  validateLock,
} from '../protocol/classroomSchemas.ts';
import type { Validated } from '../protocol/validate.ts';
import { AppliedEdits } from './AppliedEdits.ts';
import { refuseMessage, unreadableEditText } from './refusals.ts';
import type { SeatedClient } from './seat.ts';

/** A core call on a validated payload: the step to commit or the refusal. */
type CoreCall<T> = (
  value: T,
  nowMs: number,
) => { ok: true; value: SessionStep } | { ok: false; error: ClassroomError };

/** What the handlers read of and do through the room. */
export interface SessionMessageRoom {
  readonly session: () => SessionSnapshot;
  readonly now: () => number;
  /**
   * Persists, mirrors and delivers an accepted step computed at `nowMs`; `edit` acknowledges its author's
   * seq.
   */
  readonly commit: (step: SessionStep, nowMs: number, edit?: { by: string; seq: number }) => Promise<void>;
  readonly refuse: (client: SeatedClient, code: string, message: string, error?: ClassroomError) => void;
  /** Confirms edit `seq` of player `by` to `client` alone with the team's current plan (nothing applied). */
  readonly confirm: (client: SeatedClient, by: string, seq: number) => void;
  /** The sender's player id, or undefined after `answer`ing a non-player (by default MSG_ERROR). */
  readonly playerOf: (
    client: SeatedClient,
    answer?: (reply: SessionErrorMessage) => void,
  ) => string | undefined;
}

export type SessionHandler = (client: SeatedClient, payload: unknown) => void | Promise<void>;

/** The handler of every message type a session room takes. */
export function sessionMessages(room: SessionMessageRoom): ReadonlyMap<string, SessionHandler> {
  const appliedEdits = new AppliedEdits();
  const apply = async <T>(client: SeatedClient, msg: Validated<T>, call: CoreCall<T>): Promise<void> => {
    if (!msg.ok) return client.send(MSG_ERROR, msg.error);
    const now = room.now();
    const step = call(msg.value, now);
    if (!step.ok) return room.refuse(client, step.error.code, step.error.text.en, step.error);
    await room.commit(step.value, now);
  };
  return new Map<string, SessionHandler>([
    [
      MSG_HOST,
      (client, payload) => {
        if (client.userData?.role !== 'facilitator')
          return room.refuse(client, 'not-facilitator', 'Only the facilitator can do this.');
        return apply(client, validateHostCommand(payload), (cmd, now) =>
          hostCommand(room.session(), cmd, now),
        );
      },
    ],
    [
      MSG_EDIT,
      async (client, payload) => {
        const no = (reply: SessionErrorMessage) => refuseMessage(client, MSG_EDIT, payload, reply);
        const playerId = room.playerOf(client, no);
        if (playerId === undefined) return;
        const msg = validateEdit(payload);
        if (!msg.ok) return no({ ...msg.error, text: unreadableEditText });
        const { seq, page } = msg.value;
        if (appliedEdits.applied(playerId, page, seq)) return room.confirm(client, playerId, seq);
        const now = room.now();
        const step = playerEdit(room.session(), playerId, msg.value.edit, now);
        if (!step.ok) return client.send(MSG_EDIT_REFUSED, editRefusedMessage(seq, step.error));
        await room.commit(step.value, now, { by: playerId, seq });
        appliedEdits.record(playerId, page, seq);
      },
    ],
    [
      MSG_LOCK,
      (client, payload) => {
        const playerId = room.playerOf(client);
        if (playerId !== undefined)
          return apply(client, validateLock(payload), (m, now) =>
            setLock(room.session(), playerId, m.locked, now),
          );
      },
    ],
    [
      MSG_CHOOSE_TEAM,
      (client, payload) => {
        const playerId = room.playerOf(client);
        if (playerId !== undefined)
          return apply(client, validateChooseTeam(payload), (m) =>
            chooseTeam(room.session(), playerId, m.team),
          );
      },
    ],
  ]);
}
