// `sim level`: {"level": ID, "plan": "start" | "reference" | "trap" | "par" | <plan document>, "locale"?:
// "en" | "zh-CN"} → the figures, debrief and verdict the screens show for that plan (shared/game/levelReport.ts,
// the same functions the client calls). "par" needs the par search (issue 14): until it exists the plan is
// refused with an InputError and every report's `par` is null.
import { readPlanDocument } from './planDocument.ts';
import { levelPar } from '../../shared/game/par/levelPar.ts';
import {
  err,
  LOCALES,
  levelById,
  LEVELS,
  type Locale,
  type PlanState,
  type Result,
} from '../../shared/index.ts';
import { levelReport } from '../../shared/game/levelReport.ts';

const NAMED = ['start', 'reference', 'trap', 'par'];

export function levelCommand(input: unknown): Result<unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return err(
      'InputError',
      'expected {"level": ID, "plan": "start" | "reference" | "trap" | "par" | {…}, "locale"?}',
    );
  const doc = input as Record<string, unknown>;
  const stray = Object.keys(doc).find((k) => !['level', 'plan', 'locale'].includes(k));
  if (stray !== undefined)
    return err('InputError', `${stray}: not a field of sim level (level, plan, locale)`);
  const level = typeof doc['level'] === 'string' ? levelById(doc['level']) : undefined;
  if (!level) return err('InputError', `level: expected one of ${LEVELS.map((l) => l.id).join(', ')}`);
  const locale = doc['locale'] ?? 'en';
  if (!(LOCALES as readonly unknown[]).includes(locale))
    return err('InputError', `locale: expected ${LOCALES.join(' | ')}`);
  const raw = doc['plan'] ?? 'reference';
  let plan: PlanState;
  if (typeof raw === 'string') {
    if (!NAMED.includes(raw))
      return err('InputError', `plan: expected ${NAMED.join(' | ')} or a plan document`);
    const par = levelPar(level.id);
    if (raw === 'par' && par === undefined)
      return err('InputError', `plan: level '${level.id}' has no par recorded yet (npm run par)`);
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
  if (r.ok) return r;
  // The level's own rules have no JAX type: a ValueError that names the rule.
  const rule = r.error.type === 'LevelRule' || r.error.type === 'PlanRule';
  return err(
    rule ? 'ValueError' : r.error.type,
    rule ? `${r.error.type}: ${r.error.message}` : r.error.message,
  );
}
