// Figures as every screen prints them (the one formatting module: client views import from here): a fridge's
// figures in decimal gigabytes with one decimal, as the fridges are labelled (formatGb, score.ts: "9.0 GB of
// 16.0 GB"); any other byte count, a pass's or a part's, in the decimal unit that keeps three significant
// digits (formatBytes: "8.46 GB", never "8.5 GB"); times likewise; shares as whole percents.
import type { Locale } from './i18n.ts';

import { deviceIdsText } from '../sim/deviceIdsText.ts';

export { formatGb } from '../sim/cost/score.ts';

/**
 * Bytes in decimal units (1 GB = 10⁹ B) with three significant digits; whole bytes below 1 kB.
 * @example formatBytes(48) // '48 B'
 * @example formatBytes(6144) // '6.14 kB'
 * @example formatBytes(8455716864) // '8.46 GB'
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new Error(`formatBytes: not a byte count: ${bytes}`);
  const units = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
  let i = 0;
  let v = bytes;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return i === 0 ? `${Math.round(v)} B` : `${v.toPrecision(3)} ${units[i]}`;
}

/**
 * Seconds in s, ms or µs with three significant digits.
 * @example formatSeconds(0.01234) // '12.3 ms'
 */
export function formatSeconds(s: number): string {
  if (s >= 1) return `${s.toPrecision(3)} s`;
  if (s >= 1e-3) return `${(s * 1e3).toPrecision(3)} ms`;
  return `${(s * 1e6).toPrecision(3)} µs`;
}

/**
 * A share of 0–1 as a whole percent; a share that is there but rounds to 0% or 100% reads "<1%" or ">99%"
 * (overlapped all-reduces still expose a little passing: "passing 0%" beside a list of passes reads as none).
 * @example formatPercent(0.127) // '13%'
 */
export const formatPercent = (x: number): string => {
  const pct = Math.round(x * 100);
  if (pct === 0 && x > 0) return '<1%';
  if (pct === 100 && x < 1) return '>99%';
  return `${pct}%`;
};

/** Chinese counts by 万 (10⁴) and 亿 (10⁸): 797,000 is "79.7 万", as the level texts write it. */
function formatRateZh(x: number): string {
  const unit = (v: number, suffix: string) => `${v >= 1000 ? Math.round(v) : v.toPrecision(3)} ${suffix}`;
  if (x >= 1e8) return unit(x / 1e8, '亿');
  if (x >= 1e4) return unit(x / 1e4, '万');
  return x === 0 ? '0' : x >= 1000 ? String(Math.round(x)) : x.toPrecision(3);
}

/**
 * Chinese as it is typeset: no space between 万 or 亿 (a zh figure of formatRate ends in one) and the Han
 * character after it, the measure word of a count; digits and Latin keep their spaces.
 * @example tidyZh('每秒 79.7 万 个样本，709 个') // '每秒 79.7 万个样本，709 个'
 */
export const tidyZh = (s: string): string => s.replace(/([万亿]) (?=\p{Script=Han})/gu, '$1');

/**
 * A rate with three significant digits: a thousands suffix in English, 万 / 亿 in Chinese (one number
 * style per locale; a screen never mixes "954k" with "79.7 万").
 * @example formatRate(54321) // '54.3k'
 * @example formatRate(797000, 'zh-CN') // '79.7 万'
 */
export function formatRate(x: number, locale: Locale = 'en'): string {
  if (locale === 'zh-CN') return formatRateZh(x);
  if (x >= 1e9) return `${(x / 1e9).toPrecision(3)}G`;
  if (x >= 1e6) return `${(x / 1e6).toPrecision(3)}M`;
  if (x >= 1e3) return `${(x / 1e3).toPrecision(3)}k`;
  return x === 0 ? '0' : x.toPrecision(3);
}

/**
 * Kitchen (device) ids as text: sorted, runs of consecutive ids as 'a–b' (the core's one device-id
 * formatter, shared/sim/deviceIdsText.ts, which the trace files use too).
 * @example formatKitchens([3, 0, 1, 2, 6]) // '0–3, 6'
 */
export const formatKitchens = deviceIdsText;
