// A new session in the lobby (docs/design.md §5.5; contract CreateSessionRequest): validated rounds, planning
// time, teams and title; no players yet. The server makes the code and the host key and passes the time in.
import { levelById } from '../game/levels/index.ts';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../protocol/classroom.ts';
import { accept, refuse } from './errors.ts';
import {
  MAX_PLANNING_SECONDS,
  MAX_ROUNDS,
  MAX_TEAMS,
  MAX_TITLE_CHARS,
  MIN_PLANNING_SECONDS,
  MIN_ROUNDS,
  MIN_TEAMS,
  TEAM_COLOURS,
  type ClassroomResult,
  type SessionSnapshot,
} from './session.ts';
import { TEAM_NAMES } from './teamNames.ts';
import { shownText } from './shownText.ts';
import { STOPPED } from './timer.ts';

/** What the facilitator chose, with the code the server made and the time. */
export interface CreateSessionInput {
  readonly code: string;
  readonly title?: string;
  /** Level ids, one per round, in order. */
  readonly rounds: readonly string[];
  readonly planningSeconds: number;
  /** Number of teams. */
  readonly teams: number;
  /** Stars and score hidden during planning; omitted → true (on by default for classes). */
  readonly hideScores?: boolean;
  readonly nowMs: number;
}

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/**
 * The session in its lobby, or why the settings are refused.
 * @example createSession({ code: 'ABC234', rounds: ['fridge-too-small'], planningSeconds: 300, teams: 4, nowMs: 0 })
 *   // { ok: true, value: { phase: 'lobby', round: -1, teams: [t1 川菜 Sichuan, …], … } }
 */
export function createSession(input: CreateSessionInput): ClassroomResult<SessionSnapshot> {
  const { code, rounds, planningSeconds, teams, nowMs } = input;
  if (
    typeof code !== 'string' ||
    code.length !== JOIN_CODE_LENGTH ||
    ![...code].every((c) => JOIN_CODE_ALPHABET.includes(c))
  )
    return refuse(
      'bad-argument',
      `加入码应为 ${JOIN_CODE_LENGTH} 个字符。`,
      `A join code has ${JOIN_CODE_LENGTH} characters from ${JOIN_CODE_ALPHABET}.`,
    );
  if (!Array.isArray(rounds) || rounds.length < MIN_ROUNDS || rounds.length > MAX_ROUNDS)
    return refuse(
      'bad-argument',
      `一场课需要 ${MIN_ROUNDS}–${MAX_ROUNDS} 轮。`,
      `A session has ${MIN_ROUNDS}–${MAX_ROUNDS} rounds.`,
    );
  const unknown = rounds.filter((id) => typeof id !== 'string' || levelById(id) === undefined);
  if (unknown.length > 0)
    return refuse(
      'bad-argument',
      `没有这一关：${unknown.map(String).join('、')}。`,
      `Unknown level: ${unknown.map(String).join(', ')}.`,
    );
  if (
    !isInt(planningSeconds) ||
    planningSeconds < MIN_PLANNING_SECONDS ||
    planningSeconds > MAX_PLANNING_SECONDS
  )
    return refuse(
      'bad-argument',
      `备菜时间应为 ${MIN_PLANNING_SECONDS}–${MAX_PLANNING_SECONDS} 秒的整数。`,
      `Planning time must be a whole number of seconds from ${MIN_PLANNING_SECONDS} to ${MAX_PLANNING_SECONDS}.`,
    );
  if (!isInt(teams) || teams < MIN_TEAMS || teams > MAX_TEAMS)
    return refuse(
      'bad-argument',
      `队伍数应为 ${MIN_TEAMS}–${MAX_TEAMS}。`,
      `A session has ${MIN_TEAMS}–${MAX_TEAMS} teams.`,
    );
  if (input.title !== undefined && typeof input.title !== 'string')
    return refuse('bad-argument', '标题应为文字。', 'The title must be text.');
  const shown = shownText(typeof input.title === 'string' ? input.title : '', {
    'zh-CN': '标题',
    en: 'title',
  });
  if (!shown.ok) return shown;
  const title = shown.value;
  if ([...title].length > MAX_TITLE_CHARS)
    return refuse(
      'bad-argument',
      `标题最多 ${MAX_TITLE_CHARS} 个字符。`,
      `A title has at most ${MAX_TITLE_CHARS} characters.`,
    );
  if (input.hideScores !== undefined && typeof input.hideScores !== 'boolean')
    return refuse(
      'bad-argument',
      '“备菜时隐藏星级和得分”应为是或否。',
      'hideScores (hide stars and score during planning) must be true or false.',
    );
  if (typeof nowMs !== 'number' || !Number.isFinite(nowMs))
    return refuse('bad-argument', '时间无效。', 'The time is not a number.');
  return accept({
    code,
    title,
    createdAtMs: nowMs,
    rounds: rounds.map((levelId) => ({ levelId, planningSeconds })),
    round: -1,
    phase: 'lobby',
    timer: STOPPED,
    teams: TEAM_NAMES.slice(0, teams).map((name, i) => ({
      id: `t${i + 1}`,
      name,
      colour: i % TEAM_COLOURS,
      captain: null,
      points: 0,
    })),
    players: [],
    plans: {},
    results: [],
    rosters: [],
    lastHint: '',
    closed: false,
    hideScores: input.hideScores ?? true,
  });
}
