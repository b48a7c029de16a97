// Saved workshop plans: a valid plan round-trips through storage; malformed entries and unknown levels are
// dropped without losing the others; saving replaces a plan of the same name and keeps at most 20.
import { describe, expect, it } from 'vitest';
import {
  deleteWorkshopPlan,
  MAX_WORKSHOP_PLANS,
  parseWorkshopPlan,
  readWorkshopPlans,
  saveWorkshopPlan,
  type WorkshopPlan,
} from '../../../client/classroom/viewModels/workshopPlans.ts';

const known = (id: string) => ['fridge-too-small', 'column-then-row', 'courses'].includes(id);
const plan = (name: string, rounds = ['fridge-too-small', 'column-then-row']): WorkshopPlan => ({
  name,
  title: 'Week 3',
  rounds,
  planningSeconds: 300,
  teams: 4,
});

describe('workshop plans', () => {
  it('round-trips a saved plan through JSON', () => {
    const saved = saveWorkshopPlan([], plan('Intro'));
    expect(readWorkshopPlans(JSON.stringify(saved), known)).toEqual([plan('Intro')]);
  });

  it('drops malformed entries and plans naming unknown levels, keeping the rest', () => {
    const json = JSON.stringify([
      plan('Good'),
      plan('Gone', ['fridge-too-small', 'a-level-from-a-newer-version']),
      { ...plan('Slow'), planningSeconds: 5 },
      { ...plan('Crowd'), teams: 13 },
      { ...plan(''), name: '   ' },
      'nonsense',
    ]);
    expect(readWorkshopPlans(json, known).map((p) => p.name)).toEqual(['Good']);
    expect(readWorkshopPlans('{not json', known)).toEqual([]);
    expect(readWorkshopPlans(null, known)).toEqual([]);
  });

  it('trims the name and refuses one over 40 characters', () => {
    expect(parseWorkshopPlan({ ...plan('  Intro  ') }, known)?.name).toBe('Intro');
    expect(parseWorkshopPlan(plan('x'.repeat(41)), known)).toBeNull();
  });

  it('replaces a plan of the same name, keeps the newest 20, and deletes by name', () => {
    let plans: WorkshopPlan[] = [];
    for (let i = 0; i < 25; i++) plans = saveWorkshopPlan(plans, plan(`P${i}`));
    expect(plans).toHaveLength(MAX_WORKSHOP_PLANS);
    expect(plans[0]!.name).toBe('P5');
    plans = saveWorkshopPlan(plans, { ...plan('P10'), teams: 2 });
    expect(plans.filter((p) => p.name === 'P10')).toEqual([{ ...plan('P10'), teams: 2 }]);
    expect(plans.at(-1)!.name).toBe('P10');
    expect(deleteWorkshopPlan(plans, 'P10').some((p) => p.name === 'P10')).toBe(false);
  });
});
