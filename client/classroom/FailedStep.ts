// A step that cannot cook, in the DOM (the reveal, a phone's service): in place of the service's lanes, the
// fridge drawn overflowing — the fridge's share of what the fullest kitchen needs, a hatch over the rest
// (shape, not only colour) — and the reason in words, in the page's language.
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { oomText, type MemoryFit } from '../viewModels/oomText.ts';

export function failedStep(m: MemoryFit, t: Translate): HTMLElement {
  const capPct = Math.max(0, Math.min(100, (100 * m.capacityBytes) / Math.max(1, m.needBytes)));
  return h(
    'figure',
    { class: 'timeline failed-step', 'data-failed': 'oom' },
    h('figcaption', { class: 'failed-why' }, `✗ ${oomText(m, t)}`),
    h(
      'div',
      { class: 'bar overflow', 'aria-hidden': 'true' },
      h('span', { class: 'seg fridge-fill', style: `left:0;width:${capPct.toFixed(1)}%` }),
      h('span', { class: 'hatch', style: `left:${capPct.toFixed(1)}%;right:0` }),
      h('span', { class: 'cap', style: `left:${capPct.toFixed(1)}%` }),
    ),
  );
}
