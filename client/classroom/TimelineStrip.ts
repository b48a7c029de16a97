// The service animation in the DOM (docs/design.md §5.2 service): one step of the team's plan as lanes of stove
// work (forward, backward, recompute, update), passes through windows and idle time, with a cursor sweeping
// across (CSS animation, still under prefers-reduced-motion) and a one-line narration per lane.
import { formatSeconds, type Locale, type StepTimeline } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { kitchensText } from '../viewModels/kitchensText.ts';
import { markAttributes } from './markSwatch.ts';
import { timelineBars } from './viewModels/timelineBars.ts';

const KINDS = ['forward', 'backward', 'recompute', 'update', 'collective', 'send', 'recv', 'idle'] as const;

export function timelineStrip(timeline: StepTimeline, t: Translate, locale: Locale, sweepS = 6): HTMLElement {
  const lanes = timelineBars(timeline, t, locale);
  // The legend lists only the kinds of work this step has.
  const present = new Set<string>(lanes.flatMap((lane) => lane.bars.map((b) => b.kind)));
  return h(
    'figure',
    { class: 'timeline', style: `--sweep:${sweepS}s` },
    h('figcaption', {}, t('cls.timelineCaption', { step: formatSeconds(timeline.stepS) })),
    h(
      'div',
      { class: 'lanes' },
      ...lanes.map((lane) =>
        h(
          'div',
          { class: 'lane' },
          h('span', { class: 'lane-label' }, lane.label),
          h(
            'div',
            { class: 'lane-track', 'aria-hidden': 'true' },
            ...lane.bars.map((b) =>
              h('span', {
                class: `ev ${markAttributes(b.kind).class}${b.overlapped ? ' overlapped' : ''}`,
                style: `${markAttributes(b.kind).style};left:${b.left.toFixed(2)}%;width:${Math.max(0.4, b.width).toFixed(2)}%`,
                title: b.label,
              }),
            ),
            h('span', { class: 'cursor' }),
          ),
          h(
            'span',
            { class: 'lane-idle' },
            t('cls.idleShare', { pct: Math.round(lane.idle * 100), kitchens: kitchensText(lane.devices, t) }),
          ),
        ),
      ),
    ),
    h(
      'ul',
      { class: 'legend timeline-legend' },
      ...KINDS.filter((k) => present.has(k)).map((k) =>
        h(
          'li',
          {},
          h('span', { class: `team-swatch ${markAttributes(k).class}`, style: markAttributes(k).style }),
          t(`views.ev.${k}`),
        ),
      ),
    ),
  );
}
