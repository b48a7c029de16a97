// The live preview (DOM): memory per kitchen against the fridge (text and a stacked bar), step time, tokens/s,
// the stars the plan would get now (or, while a class hides the score, that it is revealed at service), the
// tasting and the list of passes. Redrawn on every change of the plan.
import { fullestFridgeText, fullestRow } from '../viewModels/fullestFridge.ts';
import { GAUGE_PARTS, type FridgeGauge, type GaugePart } from '../viewModels/fridgeGauge.ts';
import { kitchensHeading, kitchensText } from '../viewModels/kitchensText.ts';
import { starGlyphs } from '../viewModels/levelCatalog.ts';
import { passText, type Preview } from '../viewModels/preview.ts';
import { css, MEMORY_COLOURS } from '../views/palette.ts';
import { h } from './dom.ts';
import type { Translate } from './translate.ts';

const PART_KEYS: Record<GaugePart, `preview.${GaugePart}`> = {
  params: 'preview.params',
  grads: 'preview.grads',
  optimizer: 'preview.optimizer',
  activations: 'preview.activations',
  temporaries: 'preview.temporaries',
};

export function renderPreview(root: HTMLElement, p: Preview, t: Translate): void {
  const memory = p.memory.map((row) =>
    h(
      'li',
      { class: row.over ? 'mem overflow' : 'mem' },
      h(
        'span',
        {},
        `${kitchensHeading(row, t)}${t('punct.colon')}`,
        h(
          'strong',
          {},
          row.over
            ? `✗ ${t('preview.overflow', { used: row.used, cap: row.capacity, over: row.over })}`
            : `✓ ${t('preview.fits', { used: row.used, cap: row.capacity })}`,
        ),
      ),
      memoryBar(row.gauge),
    ),
  );
  const legend = GAUGE_PARTS.map((part) =>
    h(
      'li',
      {},
      h('span', { class: 'swatch', style: `background:${css(MEMORY_COLOURS[part])}` }),
      t(PART_KEYS[part]),
    ),
  );
  const tasting =
    p.tasting === null
      ? null
      : p.tasting.ok
        ? `✓ ${t('preview.tastingOk')}`
        : `✗ ${t('preview.tastingWrong', { names: p.tasting.wrong, kitchens: kitchensText(p.tasting.worstDevices, t) })}`;
  const passes = p.passes.length
    ? p.passes.map((c) => h('li', {}, passText(c, t)))
    : [h('li', { class: 'muted' }, t('preview.noPasses'))];

  root.replaceChildren(
    h('h3', {}, t('preview.heading')),
    h('h4', {}, t('preview.memory')),
    h('ul', { class: 'plain' }, ...memory),
    h(
      'ul',
      { class: 'legend', 'aria-hidden': 'true' },
      ...legend,
      h('li', {}, h('span', { class: 'swatch capacity' }), t('preview.capacity')),
    ),
    h(
      'dl',
      { class: 'metrics' },
      h('dt', {}, t('preview.step')),
      h('dd', { 'data-metric': 'step' }, p.step),
      ...(p.score
        ? [
            h('dt', {}, t(p.score.unit === 'tokens' ? 'preview.rate' : 'preview.rateExamples')),
            h('dd', { 'data-metric': 'rate' }, p.score.rate),
            h('dt', {}, t('preview.starsNow')),
            h(
              'dd',
              { 'data-metric': 'stars' },
              t('preview.starsLine', {
                glyphs: starGlyphs(p.score.stars),
                stars: t('score.stars', { n: p.score.stars }),
              }),
            ),
          ]
        : [
            // The session hides the score until service: said in words, so nobody hunts for it.
            h('dt', {}, t('cls.play.scoreHidden')),
            h('dd', { 'data-metric': 'score-hidden' }, t('cls.play.scoreHiddenValue')),
          ]),
      p.served && h('dt', {}, t('preview.served')),
      p.served && h('dd', { 'data-metric': 'served' }, p.served),
      tasting && h('dt', {}, t('preview.tasting')),
      tasting && h('dd', { 'data-metric': 'tasting' }, tasting),
    ),
    h(
      'h4',
      {},
      p.passesOf ? t('preview.passesOf', { kitchens: kitchensText(p.passesOf, t) }) : t('preview.passes'),
    ),
    h('ul', { class: 'plain passes' }, ...passes),
  );
}

/**
 * The preview's headline — the fullest fridge against its capacity, the step time and the stars now — for the
 * panel's sticky footer, so the effect of an edit is in view beside the editor that made it (issue 13 item 6).
 * The same figures as the full preview below, from the same Preview.
 */
export function renderHeadline(root: HTMLElement, p: Preview, t: Translate): void {
  const worst = fullestRow(p);
  const fridge = `${worst.over ? '✗' : '✓'} ${fullestFridgeText(p, t)}`;
  root.replaceChildren(
    h('span', { class: worst.over ? 'headline-fridge overflow' : 'headline-fridge' }, fridge),
    h(
      'span',
      {},
      h('span', { class: 'hl-label' }, `${t('preview.step')}${t('punct.colon')}`),
      h('strong', {}, p.step),
    ),
    p.score
      ? h(
          'span',
          {},
          h('span', { class: 'hl-label' }, `${t('preview.starsNow')}${t('punct.colon')}`),
          h('strong', {}, starGlyphs(p.score.stars)),
        )
      : h('span', {}, t('cls.play.scoreHiddenValue')),
  );
}

/** A horizontal stacked bar with the capacity line; decorative, the text above carries the figures. */
function memoryBar(gauge: FridgeGauge): HTMLElement {
  const bar = h('div', { class: gauge.overflow ? 'bar overflow' : 'bar', 'aria-hidden': 'true' });
  for (const s of gauge.segments)
    bar.append(
      h('span', {
        class: 'seg',
        style: `left:${s.from * 100}%;width:${(s.to - s.from) * 100}%;background:${css(MEMORY_COLOURS[s.part])}`,
      }),
    );
  const top = gauge.segments.at(-1)?.to ?? 0;
  if (gauge.overflow)
    bar.append(
      h('span', {
        class: 'hatch',
        style: `left:${gauge.capacityAt * 100}%;width:${(top - gauge.capacityAt) * 100}%`,
      }),
    );
  bar.append(h('span', { class: 'cap', style: `left:${gauge.capacityAt * 100}%` }));
  return bar;
}
