// Small DOM pieces the classroom pages share: a team badge (Okabe–Ito colour + pattern + name), the
// leaderboard, one round's ranking, the class histogram of a metric, the QR code and a keyed re-render
// that keeps keyboard focus.
import { formatRate, wasRefused, type Locale, type ResultsMessage } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { starGlyphs } from '../viewModels/levelCatalog.ts';
import { css, deviceColour, devicePattern } from '../views/palette.ts';
import { binLabels, binOf, binsForClass, histogramBins } from './viewModels/histogram.ts';
import type { LeaderRow, ResultRow } from './viewModels/leaderboard.ts';
import type { RoomState } from './viewModels/roomState.ts';
import { formatClock, remainingAt, urgency, type TimerSample } from './viewModels/timer.ts';
import { qrModules, qrSvgPath } from './viewModels/qrCode.ts';
import { zeroReason } from './viewModels/zeroReason.ts';
import { PHASE_SEPARATOR, phaseParts } from './viewModels/phaseParts.ts';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * "Round 2 of 3 · Planning", "Round 2 of 3 · Planning · Paused" while the facilitator holds the clock (in
 * words: a pause glyph is an empty box without an emoji font), or the phase alone in the lobby and podium.
 */
export function phaseText(
  state: Pick<RoomState, 'phase' | 'round' | 'roundCount'> & { readonly timer?: RoomState['timer'] },
  t: Translate,
): string {
  const phase = t(`cls.phase.${state.phase}`);
  const text =
    state.round >= 0 && state.phase !== 'podium'
      ? t('cls.roundPhase', { n: state.round + 1, of: state.roundCount, phase })
      : phase;
  return isPaused(state) ? `${text} · ${t('cls.run.paused')}` : text;
}

/**
 * The phase line's element content: its parts as word groups that never break inside (a phone's bar wraps
 * between them: "第 1/1 轮 ·" over "备菜"), then the level's `title` (the projector), which may wrap between
 * words but not inside a Chinese one.
 */
export function phaseLabel(text: string, title?: string): (HTMLElement | string)[] {
  const parts = phaseParts(title === undefined ? text : `${text}${PHASE_SEPARATOR}`.trimEnd());
  return [
    ...parts.flatMap((part, i) => [...(i > 0 ? [' '] : []), h('span', { class: 'phase-part' }, part)]),
    ...(title === undefined ? [] : [' ', h('span', { class: 'phase-title' }, title)]),
  ];
}

/** Planning with the clock stopped: the facilitator paused it, or a restart brought the session back paused. */
export const isPaused = (
  state: Pick<RoomState, 'phase'> & { readonly timer?: RoomState['timer'] },
): boolean => state.phase === 'planning' && state.timer !== undefined && !state.timer.running;

/**
 * Shows the round's clock in `el` (only during planning and service), its urgency as data-urgency ('paused'
 * when stopped); returns the ms left.
 */
export function showTimer(
  el: HTMLElement,
  sample: TimerSample,
  phase: string | undefined,
  nowMs: number,
): number {
  const ms = remainingAt(sample, nowMs);
  el.hidden = phase !== 'planning' && phase !== 'service';
  el.textContent = formatClock(ms);
  el.dataset.urgency = sample.running ? urgency(ms) : 'paused';
  return ms;
}

/** The facilitator's hint of this round, from the room state: hidden when there is none (or it was cleared). */
export function showHint(el: HTMLElement, hint: string, t: Translate): void {
  el.hidden = hint === '';
  el.textContent = hint === '' ? '' : t('cls.hint', { text: hint });
}

/** A colour chip with the team's pattern (CSS classes in classroom.css), decorative. */
export function swatch(colour: number): HTMLElement {
  return h('span', {
    class: `team-swatch pat-${devicePattern(colour)}`,
    style: `--team:${css(deviceColour(colour))}`,
    'aria-hidden': 'true',
  });
}

export function teamBadge(name: string, colour: number, extra = ''): HTMLElement {
  return h('span', { class: `team-badge ${extra}`.trim() }, swatch(colour), h('span', {}, name));
}

/** The running leaderboard: rank, team, a bar of its share of the leader's points, points. */
export function leaderboardList(rows: readonly LeaderRow[], t: Translate): HTMLElement {
  return h(
    'ol',
    { class: 'leaderboard', 'aria-label': t('cls.leaderboard') },
    ...rows.map((r) =>
      h(
        'li',
        { 'data-team': r.team, 'data-rank': String(r.rank) },
        h('span', { class: 'rank' }, `${r.rank}`),
        teamBadge(r.name, r.colour),
        h(
          'span',
          { class: 'lead-bar', 'aria-hidden': 'true' },
          h('span', { style: `width:${(r.share * 100).toFixed(1)}%;--team:${css(deviceColour(r.colour))}` }),
        ),
        h('strong', { class: 'points' }, t('cls.points', { n: Math.round(r.points) })),
      ),
    ),
  );
}

/** One round's ranking with each team's score, stars, what limited it and why a zero is zero. */
export function resultTable(
  rows: readonly ResultRow[],
  unit: ThroughputUnit,
  t: Translate,
  locale: Locale,
  mine?: string,
): HTMLElement {
  return h(
    'ol',
    { class: 'result-list' },
    ...rows.map((r) =>
      h(
        'li',
        { class: r.team === mine ? 'mine' : undefined, 'data-team': r.team, 'data-rank': String(r.rank) },
        h(
          'div',
          { class: 'result-head' },
          h('span', { class: 'rank' }, `${r.rank}`),
          teamBadge(r.name, r.colour),
          h('span', { class: 'stars', 'aria-label': t('cls.stars', { n: r.stars }) }, starGlyphs(r.stars)),
          h('strong', { class: 'points' }, `+${Math.round(r.points)}`),
        ),
        h(
          'p',
          { class: 'result-figures' },
          // served (score.ts): a plan that turns away too many guests fits and tastes right, yet serves nothing
          r.score > 0
            ? t('cls.scoreLine', {
                rate: formatRate(r.tokensPerS, locale),
                unit: t(`cls.unit.${unit}`),
                step: formatSecondsShort(r.stepS),
              })
            : `✗ ${zeroReason(r, t, locale)}`,
        ),
        // a refusal's explanation is already the zero's reason
        wasRefused(r) ? null : h('p', { class: 'result-why' }, r.explanation[locale]),
      ),
    ),
  );
}

const formatSecondsShort = (s: number): string =>
  s >= 1 ? `${s.toPrecision(3)} s` : `${(s * 1e3).toPrecision(3)} ms`;

type Metric = keyof ResultsMessage['histograms'];
/** What a level's throughput counts (ResultsMessage.throughputUnit). */
export type ThroughputUnit = ResultsMessage['throughputUnit'];

/** The class's distribution of one metric as bars with counts; `marks` places teams' values on it. */
export function histogram(
  metric: Metric,
  values: readonly number[],
  marks: readonly { name: string; colour: number; value: number }[],
  unit: ThroughputUnit,
  t: Translate,
  locale: Locale,
): HTMLElement {
  const bins = histogramBins(values, binsForClass(values.length));
  const most = Math.max(1, ...bins.map((b) => b.count));
  // Rates with k / M / G (万 / 亿 in Chinese); step times with their unit; GB only in the caption.
  const labels = binLabels(bins, metric === 'stepS' ? 's' : '', metric === 'tokensPerS', locale);
  const title = t(
    metric === 'tokensPerS' ? 'cls.histRate' : metric === 'stepS' ? 'cls.histStep' : 'cls.histMemory',
    { unit: t(`cls.unit.${unit}`).trim() }, // zh's ' token' is spaced for "个 token"; here it stands in （…）
  );
  return h(
    'figure',
    { class: 'histogram', 'data-metric': metric },
    h('figcaption', {}, title),
    bins.length === 0
      ? h('p', { class: 'hist-none' }, t('cls.histNone'))
      : h(
          'div',
          { class: 'hist-bars' },
          ...bins.map((b, i) =>
            h(
              'div',
              { class: 'hist-col' },
              h(
                'div',
                { class: 'hist-marks' },
                ...marks.filter((m) => binOf(bins, m.value) === i).map((m) => swatch(m.colour)),
              ),
              h(
                'div',
                { class: 'hist-area' },
                h(
                  'div',
                  {
                    class: b.count > 0 ? 'hist-bar' : 'hist-bar empty',
                    style: `height:${(b.count / most) * 100}%`,
                  },
                  h('span', {}, `${b.count}`),
                ),
              ),
              // "12.30k–12.34k" may wrap only after its dash (<wbr>), never inside a number.
              h('div', { class: 'hist-label' }, ...binLabelParts(labels[i] ?? '')),
            ),
          ),
        ),
  );
}

/** A bin label with a line-break opportunity after the range's dash (h() keeps "2.79 s" whole). */
function binLabelParts(label: string): (string | HTMLElement)[] {
  const at = label.indexOf('–');
  return at < 0 ? [label] : [label.slice(0, at + 1), h('wbr'), label.slice(at + 1)];
}

/** The QR code of `link` as an SVG with its quiet zone, white on dark pages so cameras read it. */
export function qrCode(link: string, label: string, sizePx: number): SVGSVGElement {
  const { d, size } = qrSvgPath(qrModules(link));
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('width', String(sizePx));
  svg.setAttribute('height', String(sizePx));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('shape-rendering', 'crispEdges');
  const bg = document.createElementNS(SVG, 'rect');
  bg.setAttribute('width', String(size));
  bg.setAttribute('height', String(size));
  bg.setAttribute('fill', '#ffffff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000000');
  svg.append(bg, path);
  return svg;
}

/**
 * Re-renders `el` with `build()` only when `key` changed since the last call, and gives focus back to the
 * element with the same `data-focus` as the one focused before (so a patch never steals the keyboard).
 */
export function patch(el: HTMLElement, key: string, build: () => (Node | null)[]): void {
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active && el.contains(active) ? active.dataset.focus : undefined;
  el.replaceChildren(...build().filter((n): n is Node => n !== null));
  if (focusKey) el.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusKey)}"]`)?.focus();
}

/** A button with a click handler. */
export function button(
  label: string,
  onClick: () => void,
  attrs: Record<string, string | boolean | undefined> = {},
) {
  const b = h('button', { type: 'button', class: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

export { SVG };
