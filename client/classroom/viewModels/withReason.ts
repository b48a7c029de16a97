// A lead and the reason after it as one text that reads: a reason that is a sentence of its own follows as the
// next sentence ('Could not join. The facilitator has locked the class.', '无法加入。课堂已锁定。'); a fragment
// follows a colon, its first letter lower-cased where it starts a word, not an initialism ('Could not join:
// failed to fetch', 'Could not join: HTTP 500'). Never 'Could not join: The facilitator…'. Pure.
import type { Translate } from '../../ui/translate.ts';

/** Ends as a sentence does, in either language. */
const SENTENCE_END = /[.!?。！？]$/u;

/** 'Failed to fetch' → 'failed to fetch'; 'HTTP 500' and '冷柜…' unchanged. */
const lowerFirstWord = (s: string): string =>
  /^\p{Lu}\p{Ll}/u.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;

/**
 * @example withReason('Could not join', 'The class is full.', t) // 'Could not join. The class is full.' (en)
 * @example withReason('Could not join', 'Failed to fetch', t) // 'Could not join: failed to fetch' (en)
 */
export function withReason(lead: string, reason: string, t: Translate): string {
  const r = reason.trim();
  if (r === '') return `${lead}${t('punct.stop').trim()}`;
  return SENTENCE_END.test(r)
    ? `${lead}${t('punct.stop')}${r}`
    : `${lead}${t('punct.colon')}${lowerFirstWord(r)}`;
}
