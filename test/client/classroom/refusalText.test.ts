// Refusals read as sentences, never as JSON: the server's text in the page's language, a version mismatch
// as "reload", a plain error as its message.
import { describe, expect, it } from 'vitest';
import { refusalText } from '../../../client/classroom/viewModels/refusalText.ts';

const RELOAD = '请刷新页面';

describe('refusalText', () => {
  it('uses the text of a JoinRefusal carried as JSON in the error message', () => {
    const e = new Error(
      JSON.stringify({
        code: 'bad-nickname',
        message: 'A nickname has at most 16 characters (this one has 23).',
        text: {
          'zh-CN': '昵称最多 16 个字符（现在 23 个）。',
          en: 'A nickname has at most 16 characters (this one has 23).',
        },
      }),
    );
    expect(refusalText(e, 'zh-CN', RELOAD)).toBe('昵称最多 16 个字符（现在 23 个）。');
    expect(refusalText(e, 'en', RELOAD)).toBe('A nickname has at most 16 characters (this one has 23).');
  });

  it('reads the JSON of colyseus.js ServerError, whose own `code` is the numeric status', () => {
    const e = Object.assign(
      new Error(
        JSON.stringify({
          code: 'joins-locked',
          message: 'Locked.',
          text: { 'zh-CN': '已锁定。', en: 'Locked.' },
        }),
      ),
      { code: 422 },
    );
    expect(refusalText(e, 'zh-CN', RELOAD)).toBe('已锁定。');
  });

  it('turns a protocol mismatch into the page’s reload sentence', () => {
    const e = new Error(JSON.stringify({ code: 'protocol', message: 'This page speaks protocol 1 but …' }));
    expect(refusalText(e, 'zh-CN', RELOAD)).toBe(RELOAD);
  });

  it('reads a SessionErrorMessage and falls back to the message', () => {
    expect(
      refusalText({ code: 'not-facilitator', message: 'Only the facilitator can do this.' }, 'en', RELOAD),
    ).toBe('Only the facilitator can do this.');
    expect(refusalText(new Error('Failed to fetch'), 'en', RELOAD)).toBe('Failed to fetch');
    expect(refusalText(new Error('{not json'), 'en', RELOAD)).toBe('{not json');
  });
});
