// What the facilitator puts on every screen (title, hint): no lone surrogates, no bidi controls, something
// visible (the audit of 2026-12-07 set a hint of zero-width spaces and titles "\u202eevil" and "\ud800").
import { describe, expect, it } from 'vitest';
import { createSession, hostCommand } from '../../shared/classroom/index.ts';
import { shownText } from '../../shared/classroom/shownText.ts';
import { lobby, ok, refused } from './helpers.ts';

const WHAT = { 'zh-CN': '提示', en: 'hint' };

describe('shownText', () => {
  it.each([['\u200b\u200b'], ['\u202eevil'], ['a\u2066b'], ['\ud800'], ['x\udc00y'], [' \u2060 ']])(
    'refuses %j',
    (raw) => {
      refused(shownText(raw, WHAT), 'bad-argument');
    },
  );
  it.each([
    ['  Round 1 ', 'Round 1'],
    ['👩‍🍳 cut W1 by columns', '👩‍🍳 cut W1 by columns'],
    ['第一轮', '第一轮'],
    ['', ''],
  ])('accepts %j as %j', (raw, want) => {
    expect(ok(shownText(raw, WHAT))).toBe(want);
  });
});

describe('the hint and the title refuse it and change nothing', () => {
  it('a hint of zero-width spaces', () => {
    const s = lobby([['A']]);
    refused(hostCommand(s, { command: 'hint', text: '\u200b\u200b\u200b' }, 0), 'bad-argument');
    refused(hostCommand(s, { command: 'hint', text: '\u202eevil' }, 0), 'bad-argument');
  });
  it('a reversed title', () => {
    const base = { code: 'ABC234', rounds: ['fridge-too-small'], planningSeconds: 300, teams: 2, nowMs: 0 };
    expect(ok(createSession({ ...base, title: ' Class 7 ' })).title).toBe('Class 7');
    refused(createSession({ ...base, title: '\u202eevil' }), 'bad-argument');
    refused(createSession({ ...base, title: '\u200b' }), 'bad-argument');
  });
});
