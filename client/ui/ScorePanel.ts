// The score screen (DOM): stars as ★ characters with a text, the metrics, what limited the plan and the
// level's debrief, the exports of the served plan, then back to the level list or play again.
import {
  debrief,
  formatRate,
  planFigures,
  type Evaluation,
  type Level,
  type Locale,
  type PlanState,
} from '../../shared/index.ts';
import { starGlyphs } from '../viewModels/levelCatalog.ts';
import { parSummary } from '../viewModels/parSummary.ts';
import { fullestFridgeText } from '../viewModels/fullestFridge.ts';
import { kitchensText } from '../viewModels/kitchensText.ts';
import { preview } from '../viewModels/preview.ts';
import { stepSharesLine } from '../viewModels/staticNote.ts';
import { tensorShapes } from '../viewModels/specForm.ts';
import { h } from './dom.ts';
import { exportButtons } from './ExportButtons.ts';
import type { Translate } from './translate.ts';

export function renderScore(
  root: HTMLElement,
  level: Level,
  plan: PlanState,
  evaluation: Evaluation,
  best: number,
  t: Translate,
  locale: Locale,
  actions: { levels: () => void; retry: () => void },
  hintsOpened = 0,
): void {
  const p = preview(evaluation, { locale });
  const debriefParagraphs = debrief(level, evaluation)[locale].split('\n');
  const levels = h('button', { type: 'button', class: 'button primary' }, t('nav.levels'));
  levels.addEventListener('click', actions.levels);
  const retry = h('button', { type: 'button', class: 'button' }, t('nav.retry'));
  retry.addEventListener('click', actions.retry);
  // Focus starts at the report's top, as the level screen's does: "Back to levels" at its foot was focused
  // off-screen, so the focus ring showed nowhere until a Tab scrolled the report to its end.
  const heading = h(
    'h2',
    { id: 'score-heading', tabindex: '-1' },
    t('score.headingOf', { title: level.title[locale] }),
  );
  root.replaceChildren(
    h(
      'section',
      { class: 'sheet score', 'aria-labelledby': 'score-heading' },
      heading,
      h(
        'p',
        { class: 'score-stars' },
        h('span', { class: 'big-stars', 'aria-hidden': 'true' }, starGlyphs(evaluation.stars)),
        h('span', { 'data-score': 'stars' }, t('score.stars', { n: evaluation.stars })),
      ),
      h('p', { class: 'muted' }, t('score.best', { n: best })),
      h('h3', {}, t('score.metrics')),
      h(
        'dl',
        { class: 'metrics' },
        h('dt', {}, t(p.score?.unit === 'tokens' ? 'preview.rate' : 'preview.rateExamples')),
        h('dd', {}, p.score?.rate ?? ''),
        h('dt', {}, t('preview.step')),
        h('dd', {}, p.step),
        h('dt', {}, t('score.memory')),
        h('dd', {}, fullestFridgeText(p, t)),
        h('dt', {}, t('score.shares')),
        h('dd', { 'data-score': 'shares' }, stepSharesLine(evaluation, t)),
        p.tasting && h('dt', {}, t('preview.tasting')),
        p.tasting &&
          h(
            'dd',
            {},
            p.tasting.ok
              ? `✓ ${t('preview.tastingOk')}`
              : `✗ ${t('preview.tastingWrong', { names: p.tasting.wrong, kitchens: kitchensText(p.tasting.worstDevices, t) })}`,
          ),
      ),
      ...parSection(level, evaluation, best, hintsOpened, t, locale),
      h('h3', {}, t('score.limited')),
      h('p', { 'data-score': 'limited' }, evaluation.explanation[locale]),
      ...debriefSection(debriefParagraphs, evaluation.stars > 0 || level.concept === 'sandbox', t),
      h('h3', {}, t('editor.export')),
      exportButtons({ level, plan: () => plan, evaluation: () => evaluation }, t).element,
      h('div', { class: 'actions' }, levels, retry),
    ),
  );
  heading.focus({ preventScroll: true });
}

/**
 * The debrief. It names the reference plan's labels, so below one star it opens on request, as par's plan
 * does only once the level is passed (`par.locked`): a learner who failed sees what limited the plan and the
 * hints first, and the answer when they ask for it (a native <details>, keyboard and screen-reader ready).
 * A sandbox has no answer to hide: its debrief is open.
 */
function debriefSection(paragraphs: readonly string[], open: boolean, t: Translate): HTMLElement[] {
  const body = h('div', { class: 'debrief' }, ...paragraphs.map((para) => h('p', {}, para)));
  if (open) return [h('h3', {}, t('score.debrief')), body];
  return [
    h(
      'details',
      { class: 'debrief-locked' },
      h('summary', {}, h('h3', {}, t('score.debrief')), ' ', t('score.debriefSpoils')),
      body,
    ),
  ];
}

/** The par section: the plan's score against par, par's plan once passed, the hints opened. */
function parSection(
  level: Level,
  evaluation: Evaluation,
  best: number,
  hintsOpened: number,
  t: Translate,
  locale: Locale,
): HTMLElement[] {
  // A level without hints (the sandbox) does not count them: "Hints opened: 0 of 0" said nothing.
  const hints = level.hints.length
    ? [h('p', { 'data-score': 'hints' }, t('par.hints', { n: hintsOpened, of: level.hints.length }))]
    : [];
  const s = parSummary(level, evaluation.score.score, best, locale, tensorShapes(evaluation));
  if (!s) return hints;
  // Rounded down: 683k against par's 684k is 99%, not "100% of par" beside the smaller number.
  const percent = `${Math.floor(Math.min(s.fraction, 9.99) * 100 + 1e-9)}%`;
  const figures = planFigures(evaluation, locale);
  return [
    h('h3', {}, t('par.heading')),
    h(
      'p',
      { 'data-score': 'par' },
      figures.served
        ? t('par.close', {
            score: formatRate(evaluation.score.score, locale),
            percent,
            par: s.parRate,
          })
        : t('par.notServed', { why: figures.notServedBecause, par: s.parRate }),
    ),
    s.plan
      ? h(
          'div',
          { 'data-score': 'par-plan' },
          h('p', {}, h('strong', {}, t('par.plan'))),
          h('ul', {}, ...s.plan.map((line) => h('li', {}, line))),
        )
      : h('p', { class: 'muted' }, t('par.locked')),
    ...hints,
  ];
}
