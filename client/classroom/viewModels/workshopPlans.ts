// Saved workshop plans (issue: "create a session from … a saved workshop plan of several rounds"): a named
// list of rounds with the planning time, team count and title, kept in the facilitator's browser. Reading is
// forgiving: entries that are malformed or name levels this version does not have are dropped, not fatal.
import {
  MAX_PLANNING_SECONDS,
  MAX_ROUNDS,
  MAX_TEAMS,
  MIN_PLANNING_SECONDS,
  MIN_TEAMS,
} from '../../../shared/index.ts';

export const WORKSHOP_STORAGE_KEY = 'mesh-kitchen.workshops';
/** At most this many plans are kept (the oldest is dropped). */
export const MAX_WORKSHOP_PLANS = 20;
export const MAX_WORKSHOP_NAME = 40;

export interface WorkshopPlan {
  readonly name: string;
  readonly title: string;
  readonly rounds: readonly string[];
  readonly planningSeconds: number;
  readonly teams: number;
}

const isInt = (x: unknown, lo: number, hi: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;

/** The plan if `raw` is a valid one whose levels all exist, else null. */
export function parseWorkshopPlan(raw: unknown, levelExists: (id: string) => boolean): WorkshopPlan | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const p = raw as Record<string, unknown>;
  const name = typeof p['name'] === 'string' ? p['name'].trim() : '';
  const rounds = p['rounds'];
  if (!name || name.length > MAX_WORKSHOP_NAME) return null;
  if (!Array.isArray(rounds) || rounds.length < 1 || rounds.length > MAX_ROUNDS) return null;
  if (!rounds.every((r): r is string => typeof r === 'string' && levelExists(r))) return null;
  if (!isInt(p['planningSeconds'], MIN_PLANNING_SECONDS, MAX_PLANNING_SECONDS)) return null;
  if (!isInt(p['teams'], MIN_TEAMS, MAX_TEAMS)) return null;
  const title = typeof p['title'] === 'string' ? p['title'].slice(0, 60) : '';
  return { name, title, rounds, planningSeconds: p['planningSeconds'], teams: p['teams'] };
}

/** Every valid plan stored under WORKSHOP_STORAGE_KEY, in saved order. */
export function readWorkshopPlans(json: string | null, levelExists: (id: string) => boolean): WorkshopPlan[] {
  try {
    const list: unknown = JSON.parse(json ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.flatMap((raw) => parseWorkshopPlan(raw, levelExists) ?? []);
  } catch {
    return [];
  }
}

/** `plans` with `plan` saved: a plan of the same name is replaced; beyond the cap the oldest goes. */
export function saveWorkshopPlan(plans: readonly WorkshopPlan[], plan: WorkshopPlan): WorkshopPlan[] {
  const rest = plans.filter((p) => p.name !== plan.name);
  return [...rest, plan].slice(-MAX_WORKSHOP_PLANS);
}

/** `plans` without the one named `name`. */
export const deleteWorkshopPlan = (plans: readonly WorkshopPlan[], name: string): WorkshopPlan[] =>
  plans.filter((p) => p.name !== name);
