// An event's mark (eventStyles.ts: Okabe–Ito colour + pattern, light ink on dark fills) as DOM attributes, so
// the classroom's DOM strips and legends draw each kind exactly as the dynamic view does: the reveal's strip
// had its own CSS colours (backward blue, a pass orange) one screen after the service showed backward orange
// and a pass yellow.
import type { StepEventKind } from '../../shared/index.ts';
import { EVENT_STYLES } from '../views/eventStyles.ts';
import { css } from '../views/palette.ts';

/** `class` (the pattern's `.pat-*`, none for solid) and `style` (`--team` fill, `--pat` ink) of `kind`'s mark. */
export function markAttributes(kind: StepEventKind): { readonly class: string; readonly style: string } {
  const { colour, pattern, ink } = EVENT_STYLES[kind];
  return {
    class: pattern === 'solid' ? '' : `pat-${pattern}`,
    // a light ink 85% opaque (d9) over a dark fill
    style: `--team:${css(colour)}${ink === undefined ? '' : `;--pat:${css(ink)}d9`}`,
  };
}
