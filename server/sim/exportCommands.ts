// `sim levels` (every level as data: id, kind, title, concepts) and `sim export` (a level's start, reference
// or trap plan, or a plan document, as runnable JAX with its device count, mesh and the collectives the game
// lists for it; shared/game/exportPlan.ts). A plan document is validated against the level first.
import type { GameErrorCode } from '../../shared/game/errors.ts';
import { exportPlan } from '../../shared/game/exportPlan.ts';
import { LEVELS, levelById } from '../../shared/game/levels/index.ts';
import { validatePlan } from '../../shared/game/validatePlan.ts';
import { bad, isObject, onlyFields, readChoice } from '../../shared/sim/input/fields.ts';
import { quoteValue } from '../../shared/sim/input/quoteValue.ts';
import { commandFailure } from './commandFailure.ts';
import { readPlanDocument } from './planDocument.ts';

/** A command's outcome: a JSON-ready value, or an error with a type and a code (the core's or the game's) and a message. */
export type CommandResult =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly error: { readonly type: string; readonly code: GameErrorCode; readonly message: string };
    };

/** `sim levels`: takes `{}`. */
export function levelsCommand(input: unknown): CommandResult {
  if (!isObject(input)) return bad('input', 'expected {}');
  const fields = onlyFields(input, [], '');
  if (!fields.ok) return fields;
  return {
    ok: true,
    value: {
      levels: LEVELS.map((l) => ({
        id: l.id,
        kind: l.kind,
        title: { en: l.title.en, 'zh-CN': l.title['zh-CN'] },
        concepts: [l.concept, ...(l.alsoTeaches ?? [])],
      })),
    },
  };
}

/** `sim export`: `{"level": ID, "plan": "start"|"reference"|"trap"|<plan document>, "scale": "tasting"|"banquet"}`. */
export function exportCommand(input: unknown): CommandResult {
  if (!isObject(input)) return bad('input', 'expected {"level", "plan", "scale"}');
  const fields = onlyFields(input, ['level', 'plan', 'scale'], '');
  if (!fields.ok) return fields;
  const level = typeof input.level === 'string' ? levelById(input.level) : undefined;
  if (level === undefined)
    return bad(
      'level',
      `unknown level ${quoteValue(input.level)}; one of ${LEVELS.map((l) => l.id).join(', ')}`,
    );
  const scale =
    input.scale === undefined
      ? { ok: true as const, value: 'tasting' as const }
      : readChoice(input.scale, 'scale', ['tasting', 'banquet'] as const);
  if (!scale.ok) return scale;
  let plan;
  if (input.plan === 'start' || input.plan === 'reference') plan = level[input.plan];
  else if (input.plan === 'trap') plan = level.trap.plan;
  else {
    const doc = readPlanDocument(input.plan);
    if (!doc.ok) return doc;
    const valid = validatePlan(level, doc.value);
    if (!valid.ok) return commandFailure(valid.error);
    plan = doc.value;
  }
  const r = exportPlan(level, plan, scale.value);
  if (!r.ok) return commandFailure(r.error);
  const { python, devices, mesh, collectives } = r.value;
  return { ok: true, value: { python, devices, mesh, collectives } };
}
