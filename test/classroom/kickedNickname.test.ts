// A kicked nickname stays out in any spelling that looks the same (issue 10 item 5; the audit of 2026-12-07
// brought 'Zoe' back as full-width 'Ｚｏｅ'): the kick check compares names as the duplicate check does —
// NFKC, look-alikes folded, case-insensitive (validateNickname.ts `nicknameLookKey`).
import { describe, expect, it } from 'vitest';
import { hostCommand, joinPlayer } from '../../shared/classroom/index.ts';
import { lobby, ok, refused } from './helpers.ts';

describe('a kicked nickname', () => {
  const one = ok(
    hostCommand(lobby([['Zoe'], ['Mei'], ['Bo']]), { command: 'kick', player: 'p1' }, 0),
  ).session;
  const kicked = ok(hostCommand(one, { command: 'kick', player: 'p2' }, 0)).session;

  // 'Меі' is all Cyrillic (a mix of scripts is refused before the kick check, as bad-nickname)
  it.each([['Zoe'], [' zoe '], ['ZOE'], ['Ｚｏｅ'], ['Меі'], ['ＭＥＩ']])('refuses %j', (nickname) => {
    refused(joinPlayer(kicked, { nickname }, 0), 'kicked');
  });

  it('still seats other names', () => {
    expect(ok(joinPlayer(kicked, { nickname: 'Zoey' }, 0)).nickname).toBe('Zoey');
  });
});
