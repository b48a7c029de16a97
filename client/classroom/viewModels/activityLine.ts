// The activity line of a team's shared plan (issue 18 item 7): who changed what and how long ago, from the
// server's record (TeamPlanMessage.activity, stamped with the server's clock when sent). Pure: the page passes
// when it received the message and the time now, so "12 s ago" does not depend on the phone's clock being set.
import type { Locale, TeamActivity } from '../../../shared/index.ts';
import type { Translate } from '../../ui/translate.ts';

/** The activity as last received: the entries, the server's clock at sending and the page's at receipt (ms). */
export interface ActivityClock {
  readonly activity: readonly TeamActivity[];
  readonly serverNowMs: number;
  readonly receivedAtMs: number;
}

/** Milliseconds since the edit at `nowMs` (page clock), never negative. */
export const agoMs = (entry: TeamActivity, clock: ActivityClock, nowMs: number): number =>
  Math.max(0, clock.serverNowMs + (nowMs - clock.receivedAtMs) - entry.atMs);

/** "just now" under 5 s, "12 s ago" under a minute, then "3 min ago". */
export function agoText(ms: number, t: Translate): string {
  if (ms < 5000) return t('cls.play.justNow');
  if (ms < 60_000) return t('cls.play.secondsAgo', { n: Math.floor(ms / 1000) });
  return t('cls.play.minutesAgo', { n: Math.floor(ms / 60_000) });
}

/**
 * One line per entry, newest first: "Alice cut W1 by columns (model) · 12 s ago".
 * @example activityLines(clock, now, 'en', t) // ['Alice cut W1 by columns (model) · 12 s ago', …]
 */
export function activityLines(clock: ActivityClock, nowMs: number, locale: Locale, t: Translate): string[] {
  return clock.activity.map((a) =>
    t('cls.play.activity', {
      name: a.nickname,
      what: a.what[locale],
      ago: agoText(agoMs(a, clock, nowMs), t),
    }),
  );
}
