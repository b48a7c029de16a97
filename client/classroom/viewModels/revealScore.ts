// The score lines of a revealed plan (RevealCard): stars and rate for a served plan, ✗ and why for one that
// served nothing; the team's own plan also carries its rank, worded alike whether it served or not
// ('第 3 名：…' beside '第 1 名：…', never a hand-built '#3: …' on a Chinese screen).
import { formatRate, type Locale, type RevealMessage, type TeamRoundResult } from '../../../shared/index.ts';
import type { Translate } from '../../ui/translate.ts';
import { starGlyphs } from '../../viewModels/levelCatalog.ts';
import { zeroReason } from './zeroReason.ts';

type Scored = Pick<
  TeamRoundResult,
  | 'score'
  | 'stars'
  | 'fits'
  | 'tastingOk'
  | 'worstMemoryBytes'
  | 'capacityBytes'
  | 'limitedBy'
  | 'explanation'
>;

/** "★★★ 733 examples/s", or ✗ and why it served nothing. */
export function scoreLine(
  r: Scored,
  unit: RevealMessage['throughputUnit'],
  t: Translate,
  locale: Locale,
): string {
  return r.score > 0 // served: score.ts scores every unserved plan 0
    ? `${starGlyphs(r.stars)} ${t('cls.play.rate', { rate: formatRate(r.score, locale), unit: t(`cls.unit.${unit}`) })}`
    : `✗ ${zeroReason(r, t, locale)}`;
}

/** The revealed team's line: "#2: 733 examples/s, +850 points", or "#5: ✗ …" for a plan that served nothing. */
export function rankedScoreLine(
  r: Scored & Pick<TeamRoundResult, 'rank' | 'points'>,
  unit: RevealMessage['throughputUnit'],
  t: Translate,
  locale: Locale,
): string {
  return r.score > 0
    ? t('cls.reveal.score', {
        rank: r.rank,
        rate: formatRate(r.score, locale),
        unit: t(`cls.unit.${unit}`),
        points: Math.round(r.points),
      })
    : t('cls.reveal.unserved', { rank: r.rank, line: scoreLine(r, unit, t, locale) });
}
