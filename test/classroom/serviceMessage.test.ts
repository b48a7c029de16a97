// The projector's service: every playing team's locked plan evaluated by the core, cut down to what the
// dynamic view plays (grid, timeline, links, fridges) and never the plan; an out-of-memory plan carries the
// fridges that overflow, a plan the core refuses carries the refusal and no step.
import { describe, expect, it } from 'vitest';
import { hostCommand, serviceMessage, type SessionSnapshot } from '../../shared/classroom/index.ts';
import { evaluatePlan } from '../../shared/game/evaluatePlan.ts';
import { levelById } from '../../shared/game/levels/index.ts';
import { planState } from '../../shared/game/planState.ts';
import { lobby, ok } from './helpers.ts';

const planning = (s: SessionSnapshot) =>
  ok(hostCommand(ok(hostCommand(s, { command: 'start' }, 0)).session, { command: 'advance' }, 0)).session;

describe('serviceMessage', () => {
  const level = levelById('fridge-too-small')!;
  const base = planning(lobby([['A'], ['B'], ['C']], { rounds: ['fridge-too-small'], teams: 3 }));
  const bad = planState({ mesh: [{ name: 'model', size: 64 }] });
  const s: SessionSnapshot = {
    ...base,
    plans: {
      t1: { plan: level.reference, version: 2, locked: true },
      t2: { plan: level.start, version: 0, locked: true },
      t3: { plan: bad, version: 1, locked: true },
    },
  };
  const message = serviceMessage(s);

  it('plays the timeline, links and fridges the core evaluates for the plan', () => {
    const e = evaluatePlan(level, level.reference);
    if (!e.ok) throw new Error(e.error.message);
    const [t1] = message.teams;
    expect(t1).toEqual({
      team: 't1',
      mesh: level.reference.mesh.map((a) => [a.name, a.size]),
      step: {
        timeline: e.evaluation.timeline,
        topology: e.evaluation.pricing.topology,
        memory: e.evaluation.pricing.memory,
        tastingOk: e.evaluation.tasting?.ok ?? null,
        servedShare: e.evaluation.pricing.servedShare,
      },
    });
    expect(t1!.step!.memory.fits).toBe(true);
    expect(message.round).toBe(0);
  });

  it('sends an out-of-memory plan with its overflowing fridge', () => {
    const t2 = message.teams[1]!;
    expect(t2.step!.memory.fits).toBe(false);
    expect(t2.step!.memory.worst.total).toBeGreaterThan(t2.step!.memory.capacityBytes);
  });

  it('sends a refused plan without a step, with the core’s explanation in both languages', () => {
    const t3 = message.teams[2]!;
    expect(t3.step).toBeNull();
    expect(t3.refusal!.en.length).toBeGreaterThan(0);
    expect(t3.refusal!['zh-CN'].length).toBeGreaterThan(0);
  });

  it('holds no plan: no labels, no mode, no plan summary', () => {
    const json = JSON.stringify(message);
    expect(json).not.toContain('"plan"');
    expect(json).not.toContain('inShardings');
    expect(json).not.toContain('"mode"');
    expect(json).not.toContain('auto');
  });
});
