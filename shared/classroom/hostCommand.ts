// The facilitator's commands (contract HostCommand; docs/design.md §5.5 "only the facilitator can change phase,
// timer, rounds, teams, or kick") with their phase rules. The room has already checked the host key and the
// message's shape; a refused command returns the error and leaves the session unchanged.
import type { HostCommand } from '../protocol/classroom.ts';
import { accept, refuse } from './errors.ts';
import {
  endSession,
  enterBriefing,
  enterPlanning,
  enterResults,
  enterService,
  nextRound,
  withdrawScore,
} from './phases.ts';
import { revealMessage } from './revealMessage.ts';
import { shownText } from './shownText.ts';
import { readmitPlayer, setJoinsLocked } from './seatPolicy.ts';
import { activePlayer, teamById, teamPlanEffects, withPlayer } from './roster.ts';
import {
  MAX_EXTEND_SECONDS,
  MAX_HINT_CHARS,
  MIN_EXTEND_SECONDS,
  type ClassroomError,
  type ClassroomResult,
  type SessionSnapshot,
  type SessionStep,
} from './session.ts';
import { pausedTimer, remainingOf, runningTimer } from './timer.ts';

type Refusal = { readonly ok: false; readonly error: ClassroomError };

const wrongPhase = (zh: string, en: string): Refusal => refuse('wrong-phase', zh, en);
const notPlanning = (): Refusal =>
  wrongPhase('只有备菜阶段才能控制计时。', 'The timer can be changed only during planning.');

/**
 * Applies a facilitator command at `nowMs`.
 * @example hostCommand(lobby, { command: 'start' }, 0) // { ok: true, value: { session: briefing of round 0, effects } }
 */
export function hostCommand(
  s: SessionSnapshot,
  cmd: HostCommand,
  nowMs: number,
): ClassroomResult<SessionStep> {
  if (s.closed) return refuse('closed', '这场课已结束。', 'This session has ended.');
  switch (cmd.command) {
    case 'start':
      if (s.phase !== 'lobby') return wrongPhase('游戏已经开始了。', 'The game has already started.');
      return accept(enterBriefing(s, 0));
    case 'advance':
      if (s.phase === 'briefing') return accept(enterPlanning(s, nowMs));
      if (s.phase === 'service') return accept(enterResults(s));
      if (s.phase === 'results') return accept(nextRound(s));
      if (s.phase === 'lobby') return wrongPhase('请先开始游戏。', 'Start the game first.');
      if (s.phase === 'planning')
        return wrongPhase('备菜中：请用“结束备菜”。', 'Planning is running: use “end planning”.');
      return wrongPhase('游戏已经结束。', 'The game is over.');
    case 'pause':
      if (s.phase !== 'planning') return notPlanning();
      if (s.timer.runningSinceMs === null)
        return wrongPhase('计时已经暂停。', 'The timer is already paused.');
      return accept(timerStep(s, pausedTimer(s.timer, nowMs)));
    case 'resume':
      if (s.phase !== 'planning') return notPlanning();
      if (s.timer.runningSinceMs !== null)
        return wrongPhase('计时正在进行。', 'The timer is already running.');
      return accept(timerStep(s, runningTimer(s.timer.remainingMs, nowMs)));
    case 'extend': {
      if (s.phase !== 'planning') return notPlanning();
      const sec = cmd.seconds;
      if (
        typeof sec !== 'number' ||
        !Number.isFinite(sec) ||
        sec < MIN_EXTEND_SECONDS ||
        sec > MAX_EXTEND_SECONDS
      )
        return refuse(
          'bad-argument',
          `只能延长 ${MIN_EXTEND_SECONDS}–${MAX_EXTEND_SECONDS} 秒。`,
          `Extend by ${MIN_EXTEND_SECONDS} to ${MAX_EXTEND_SECONDS} seconds.`,
        );
      const left = remainingOf(s.timer, nowMs) + Math.round(sec * 1000);
      const timer =
        s.timer.runningSinceMs === null
          ? { remainingMs: left, runningSinceMs: null }
          : runningTimer(left, nowMs);
      return accept(timerStep(s, timer));
    }
    case 'endPlanning':
      if (s.phase !== 'planning') return wrongPhase('现在不是备菜阶段。', 'Planning is not running.');
      return accept(enterService(s, nowMs));
    case 'skipRound':
      if (s.phase === 'lobby' || s.phase === 'podium')
        return wrongPhase('现在没有进行中的一轮。', 'No round is being played.');
      return accept(nextRound(withdrawScore(s)));
    case 'movePlayer': {
      const p = activePlayer(s, cmd.player);
      if (!p.ok) return p;
      const t = teamById(s, cmd.team);
      if (!t.ok) return t;
      if (p.value.team === t.value.id)
        return refuse(
          'bad-argument',
          '这位玩家已经在这个队。',
          `${p.value.nickname} is already in that team.`,
        );
      const session = withPlayer(s, { ...p.value, team: t.value.id });
      return accept({ session, effects: teamPlanEffects(session, [t.value.id]) });
    }
    case 'setCaptain': {
      const p = activePlayer(s, cmd.player);
      if (!p.ok) return p;
      const teams = s.teams.map((t) => (t.id === p.value.team ? { ...t, captain: p.value.id } : t));
      return accept({ session: { ...s, teams }, effects: [] });
    }
    case 'kick': {
      const p = activePlayer(s, cmd.player);
      if (!p.ok) return p;
      const session = withPlayer(s, { ...p.value, kicked: true });
      return accept({ session, effects: [{ kind: 'kicked', player: p.value.id }] });
    }
    case 'readmit':
      return readmitPlayer(s, cmd.player);
    case 'lockJoins':
      return setJoinsLocked(s, cmd.locked);
    case 'hint': {
      const shown = shownText(typeof cmd.text === 'string' ? cmd.text : '', { 'zh-CN': '提示', en: 'hint' });
      if (!shown.ok) return shown;
      const hint = shown.value;
      if (hint === '') return refuse('bad-argument', '提示是空的。', 'The hint is empty.');
      if ([...hint].length > MAX_HINT_CHARS)
        return refuse(
          'bad-argument',
          `提示最多 ${MAX_HINT_CHARS} 个字符。`,
          `A hint has at most ${MAX_HINT_CHARS} characters.`,
        );
      return accept({ session: { ...s, lastHint: hint }, effects: [{ kind: 'hint', text: hint }] });
    }
    case 'clearHint':
      return accept({ session: s.lastHint === '' ? s : { ...s, lastHint: '' }, effects: [] });
    case 'reveal': {
      const r = revealMessage(s, cmd.team);
      if (!r.ok) return r;
      return accept({ session: s, effects: [{ kind: 'reveal', message: r.value }] });
    }
    case 'endSession':
      return accept(endSession(s));
    default:
      return refuse(
        'bad-argument',
        '看不懂这个指令。',
        `Unknown command ${String((cmd as { command?: unknown }).command)}.`,
      );
  }
}

/** The same phase with a new timer. */
function timerStep(s: SessionSnapshot, timer: SessionSnapshot['timer']): SessionStep {
  const session = { ...s, timer };
  return { session, effects: [{ kind: 'phase', phase: session.phase, round: session.round }] };
}
