// Device colours: the Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"), safe for the common
// colour-vision deficiencies. Colour is never the only cue: every device also has a pattern and its number.

export const DEVICE_COLOURS = [
  0xe69f00, 0x56b4e9, 0x009e73, 0xf0e442, 0x0072b2, 0xd55e00, 0xcc79a7, 0x999999,
] as const;

export type DevicePattern = 'solid' | 'stripes' | 'dots' | 'grid' | 'diagonal' | 'rings' | 'checks' | 'bars';
const PATTERNS: readonly DevicePattern[] = [
  'solid',
  'stripes',
  'dots',
  'grid',
  'diagonal',
  'rings',
  'checks',
  'bars',
];

/** Colour of device `id`; ids past 8 reuse colours with the next pattern, so (colour, pattern) stays unique to 64. */
export function deviceColour(id: number): number {
  return DEVICE_COLOURS[id % DEVICE_COLOURS.length]!;
}

export function devicePattern(id: number): DevicePattern {
  return PATTERNS[(id + Math.floor(id / DEVICE_COLOURS.length)) % PATTERNS.length]!;
}

export const UI = {
  background: 0x1d2433,
  panel: 0x273045,
  ink: 0xf4f1ea,
  muted: 0xb9c0cf,
  window: 0x8fa3bf,
} as const;

export const FONT_FAMILY =
  "'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** The fridge gauge's parts (Okabe–Ito hues that differ from each other in lightness too), and overflow red. */
export const MEMORY_COLOURS = {
  params: 0x56b4e9,
  grads: 0x009e73,
  optimizer: 0xf0e442,
  activations: 0xcc79a7,
  temporaries: 0x999999,
} as const;
export const OVERFLOW = 0xd55e00;

/** A palette number as CSS: 0x56b4e9 → '#56b4e9'. */
export const css = (colour: number): string => `#${colour.toString(16).padStart(6, '0')}`;
