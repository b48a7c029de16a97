// `sim level`: {"level": ID, "plan": "start" | "reference" | "trap" | "par" | <plan document>, "locale"?:
// "en" | "zh-CN"} → the figures, debrief and verdict the screens show for that plan (shared/game/levelReport.ts,
// the same functions the client calls). "par" needs the par search (issue 14): until it exists the plan is
// refused with an InputError and every report's `par` is null.
import { bad } from '../../shared/sim/input/fields.ts';
import { cutText } from '../../shared/sim/input/quoteValue.ts';
import { commandFailure } from './commandFailure.ts';
import type { CommandResult } from './exportCommands.ts';
import { readPlanDocument } from './planDocument.ts';
import { levelPar } from '../../shared/game/par/levelPar.ts';
import { err, LOCALES, levelById, LEVELS, type Locale, type PlanState } from '../../shared/index.ts';
import { levelReport } from '../../shared/game/levelReport.ts';

const NAMED = ['start', 'reference', 'trap', 'par'];

export function levelCommand(input: unknown): CommandResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return err(
      'input/field',
      { path: '' },
      'expected {"level": ID, "plan": "start" | "reference" | "trap" | "par" | {…}, "locale"?}',
    );
  const doc = input as Record<string, unknown>;
  const stray = Object.keys(doc).find((k) => !['level', 'plan', 'locale'].includes(k));
  if (stray !== undefined)
    return err(
      'input/unknown-field',
      { path: stray, allowed: ['level', 'plan', 'locale'] },
      `${cutText(stray)}: not a field of sim level (level, plan, locale)`,
    );
  const level = typeof doc['level'] === 'string' ? levelById(doc['level']) : undefined;
  if (!level) return bad('level', `expected one of ${LEVELS.map((l) => l.id).join(', ')}`);
  const locale = doc['locale'] ?? 'en';
  if (!(LOCALES as readonly unknown[]).includes(locale))
    return bad('locale', `expected ${LOCALES.join(' | ')}`);
  const raw = doc['plan'] ?? 'reference';
  let plan: PlanState;
  if (typeof raw === 'string') {
    if (!NAMED.includes(raw)) return bad('plan', `expected ${NAMED.join(' | ')} or a plan document`);
    const par = levelPar(level.id);
    if (raw === 'par' && par === undefined)
      return bad('plan', `level '${level.id}' has no par recorded yet (npm run par)`);
    plan =
      raw === 'par'
        ? par!.plan
        : raw === 'start'
          ? level.start
          : raw === 'reference'
            ? level.reference
            : level.trap.plan;
  } else {
    const parsed = readPlanDocument(raw);
    if (!parsed.ok) return parsed;
    plan = parsed.value;
  }
  const r = levelReport(level, plan, locale as Locale);
  return r.ok ? r : commandFailure(r.error);
}
