// Who may take a seat (issue 10, item 5): a kicked player stays out for the session — their seat key and
// their nickname (compared as the nickname rules compare taken names: NFKC, spaces collapsed, look-alikes
// folded, case-insensitive; validateNickname.ts) are
// refused — until the facilitator lets them back; the facilitator can lock the session against new joins
// (seated players still come back with their seat keys).
import { accept, refuse } from './errors.ts';
import { takenNicknames, withPlayer } from './roster.ts';
import { nicknameLookKey } from './validateNickname.ts';
import type { ClassroomError, ClassroomResult, SessionSnapshot, SessionStep } from './session.ts';

/** A nickname as the session compares them (validateNickname.ts `nicknameLookKey`). */
export const nicknameKey = nicknameLookKey;

/** Whether this session refuses new players now. */
export const joinsLocked = (s: SessionSnapshot): boolean => s.joinsLocked === true;

/** Why a new player with this nickname may not join now, if they may not. */
export function newSeatRefusal(s: SessionSnapshot, nickname: string): ClassroomResult<never> | undefined {
  if (joinsLocked(s))
    return refuse(
      'joins-locked',
      '老师已锁定这场课，暂时不能加入新玩家。',
      'The facilitator has locked this session: no new players can join now.',
    );
  const key = nicknameKey(nickname);
  if (s.players.some((p) => p.kicked && nicknameKey(p.nickname) === key))
    return refuse('kicked', '这个昵称已被老师移出这场课。', 'This nickname was removed from the session.');
  return undefined;
}

/** Why a removed player's seat key is refused (the nickname's refusal is in newSeatRefusal). */
export const removedSeatRefusal: ClassroomError = refuse(
  'kicked',
  '老师已将你移出这场课；请老师让你回来后再加入。',
  'The facilitator removed you from this session; ask them to let you back in, then join again.',
).error;

/** The removed (kicked) players, join order. */
export const removedPlayers = (s: SessionSnapshot): { id: string; nickname: string }[] =>
  s.players.filter((p) => p.kicked).map((p) => ({ id: p.id, nickname: p.nickname }));

/** The facilitator locks (true) or unlocks the session against new joins. */
export function setJoinsLocked(s: SessionSnapshot, locked: boolean): ClassroomResult<SessionStep> {
  if (joinsLocked(s) === locked) return accept({ session: s, effects: [] });
  return accept({ session: { ...s, joinsLocked: locked }, effects: [] });
}

/** The facilitator lets a kicked player back: the same seat (team, points) with the same seat key. */
export function readmitPlayer(s: SessionSnapshot, playerId: string): ClassroomResult<SessionStep> {
  const p = s.players.find((x) => x.id === playerId);
  if (p === undefined)
    return refuse('unknown-player', '这场课没有这位玩家。', 'There is no such player in this session.');
  if (!p.kicked) return refuse('bad-argument', '这位玩家没有被移出。', `${p.nickname} was not removed.`);
  const key = nicknameKey(p.nickname);
  if (takenNicknames(s).some((n) => nicknameKey(n) === key))
    return refuse('bad-nickname', '已有玩家使用这个昵称。', `Another player is now called ${p.nickname}.`);
  return accept({ session: withPlayer(s, { ...p, kicked: false }), effects: [] });
}
