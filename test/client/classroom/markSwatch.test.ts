// The classroom's DOM strips mark each kind of event as the dynamic view does (eventStyles.ts): the reveal's
// strip once drew backward blue and a pass orange, one screen after the service drew them orange and yellow.
import { describe, expect, it } from 'vitest';
import { markAttributes } from '../../../client/classroom/markSwatch.ts';
import { EVENT_KINDS, EVENT_STYLES } from '../../../client/views/eventStyles.ts';
import { css } from '../../../client/views/palette.ts';

describe('markAttributes', () => {
  it('gives every kind the dynamic view’s colour and pattern, light ink on the dark fills', () => {
    for (const kind of EVENT_KINDS) {
      const { colour, pattern, ink } = EVENT_STYLES[kind];
      const m = markAttributes(kind);
      expect(m.style, kind).toContain(`--team:${css(colour)}`);
      expect(m.class, kind).toBe(pattern === 'solid' ? '' : `pat-${pattern}`);
      expect(m.style.includes('--pat:'), kind).toBe(ink !== undefined);
    }
    expect(markAttributes('backward')).toEqual({ class: 'pat-stripes', style: '--team:#e69f00' });
    expect(markAttributes('send')).toEqual({ class: 'pat-bars', style: '--team:#103a5c;--pat:#f4f1ead9' });
  });
});
