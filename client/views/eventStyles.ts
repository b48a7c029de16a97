// How the views mark what a stove does and how a dish travels: Okabe–Ito colours (Okabe & Ito 2008) plus a
// pattern each, so a step's events and the passing styles stay apart without colour vision. A pipeline's
// send and receive are a dark navy with light vertical bars / checks: against the mid-light compute colours
// (forward sky blue, backward orange) they differ in luminance by a WCAG contrast ratio of at least 3:1 and by
// CIEDE2000 ≥ 20 also as deuteranopes and protanopes see them (Machado et al. 2009; eventStyles.test.ts), so
// they stay apart on a washed-out projector, and from the cold (idle) stove by their light pattern.
import { passKind, type StepEventKind } from '../../shared/index.ts';
import type { DevicePattern } from './palette.ts';

export interface MarkStyle {
  readonly colour: number;
  readonly pattern: DevicePattern;
  /** The pattern's ink where the fill is dark (default: drawPattern's dark ink). */
  readonly ink?: number;
}

/** Light pattern ink for the dark fills (the panel's text colour). */
export const LIGHT_INK = 0xf4f1ea;

export const EVENT_STYLES: Readonly<Record<StepEventKind, MarkStyle>> = {
  forward: { colour: 0x56b4e9, pattern: 'solid' },
  backward: { colour: 0xe69f00, pattern: 'stripes' },
  recompute: { colour: 0xcc79a7, pattern: 'dots' },
  update: { colour: 0x009e73, pattern: 'grid' },
  collective: { colour: 0xf0e442, pattern: 'diagonal' },
  send: { colour: 0x103a5c, pattern: 'bars', ink: LIGHT_INK },
  recv: { colour: 0x103a5c, pattern: 'checks', ink: LIGHT_INK },
  idle: { colour: 0x161b26, pattern: 'solid' },
};

/** Stove kinds in the legend's order. */
export const EVENT_KINDS: readonly StepEventKind[] = [
  'forward',
  'backward',
  'recompute',
  'update',
  'collective',
  'send',
  'recv',
  'idle',
];

/** The passing styles (docs/design.md §2) by pass kind (passNames.ts: any spelling); anything else is grey. */
export function passStyle(spelling: string): MarkStyle {
  switch (passKind(spelling)) {
    case 'all-reduce':
      return { colour: 0xe69f00, pattern: 'solid' };
    case 'all-gather':
      return { colour: 0x56b4e9, pattern: 'stripes' };
    case 'reduce-scatter':
      return { colour: 0x009e73, pattern: 'dots' };
    case 'all-to-all':
      return { colour: 0xcc79a7, pattern: 'grid' };
    case 'ppermute':
      return { colour: 0x0072b2, pattern: 'bars' };
    default:
      return { colour: 0x999999, pattern: 'diagonal' };
  }
}

/** Every colour passStyle gives (the dynamic view makes one plate texture each). */
export const PASS_COLOURS: readonly number[] = [0xe69f00, 0x56b4e9, 0x009e73, 0xcc79a7, 0x0072b2, 0x999999];
