// rowLines: a list row too wide for its room breaks between its parts (" · ", a value row's two spaces), inside a
// part only when the part alone is wider than a line (at spaces, then inside a word after its "_"), and past
// `maxLines` cuts only its name, never a figure.
// Worked by hand with one unit per code point; figures carry their no-break spaces (unitNoBreak.ts).
import { describe, expect, it } from 'vitest';
import { rowLines } from '../../../client/viewModels/rowLines.ts';

const units = (s: string) => Array.from(s).length;
/** A figure as the views draw it: its spaces no-break. */
const nb = (s: string) => s.replaceAll(' ', '\u00a0');

describe('rowLines', () => {
  it('keeps a row that fits on one line', () => {
    expect(rowLines('Forward · banquet scale', 23, units)).toEqual(['Forward · banquet scale']);
  });

  it('breaks a pass row at its " · ", dropping the separator where the line breaks', () => {
    // 'AllReduce w' 11 + ' · ' 3 + '881 µs × 1' 10 = 24 ≤ 30; + ' · 262 MB over stage' (3 + 17) = 44 > 30
    const row = `AllReduce w · ${nb('881 µs × 1')} · ${nb('262 MB')} over stage`;
    expect(rowLines(row, 30, units)).toEqual([
      `AllReduce w · ${nb('881 µs × 1')}`,
      `${nb('262 MB')} over stage`,
    ]);
    // at 20 the name and its time no longer share a line (24): name, time, bytes each on their own
    expect(rowLines(row, 20, units)).toEqual(['AllReduce w', nb('881 µs × 1'), `${nb('262 MB')} over stage`]);
  });

  it('breaks a value row at its two spaces', () => {
    // 'qkv' 3 + 2 + 'P(data, model)' 14 = 19 ≤ 20; + 2 + 'local (4, 8)' 12 = 33 > 20;
    // 'local (4, 8)' 12 + 2 + '← from x, w' 11 = 25 > 20
    expect(rowLines('qkv  P(data, model)  local (4, 8)  ← from x, w', 20, units)).toEqual([
      'qkv  P(data, model)',
      'local (4, 8)',
      '← from x, w',
    ]);
  });

  it('breaks a name wider than a line inside it, between words and ideographs, and keeps its figures whole', () => {
    // name 'AllReduce 汇总分发 attn_pre_raw' = 9 + 1 + 4 + 1 + 12 = 27 > 20: 'AllReduce 汇总分发' (14) / 'attn_pre_raw'
    // (12), which cannot take the time along (12 + 3 + 14 = 29); the time (14) and the bytes (15) neither (32)
    const row = `AllReduce 汇总分发 attn_pre_raw · ${nb('7.84 ms × 3072')} · 沿 model：${nb('28.7 kB')}`;
    expect(rowLines(row, 20, units)).toEqual([
      'AllReduce 汇总分发',
      'attn_pre_raw',
      nb('7.84 ms × 3072'),
      `沿 model：${nb('28.7 kB')}`,
    ]);
    // Three lines at most: the figures keep their 2, the name gets 1 — its longest head + '…' in 20 units
    // ('AllReduce 汇总分发 attn' is 19)
    expect(rowLines(row, 20, units, 3)).toEqual([
      'AllReduce 汇总分发 attn…',
      nb('7.84 ms × 3072'),
      `沿 model：${nb('28.7 kB')}`,
    ]);
  });

  it('breaks a tensor name wider than a line after its "_", the figures following its last line', () => {
    // name 9 + 1 + 21 = 31 > 20, 'dloss_log_softmax_lse' alone 21 > 20: 'dloss_log_softmax_' (18) / 'lse', which
    // takes the time along ('lse · 47.6 µs × 16' is 3 + 3 + 12 = 18); the bytes (7) and axis (5) share a line
    const row = `AllReduce dloss_log_softmax_lse · ${nb('47.6 µs × 16')} · ${nb('14.3 kB')} · model`;
    expect(rowLines(row, 20, units)).toEqual([
      'AllReduce',
      'dloss_log_softmax_',
      `lse · ${nb('47.6 µs × 16')}`,
      `${nb('14.3 kB')} · model`,
    ]);
  });

  it('cuts a name with no break in it between characters, and past maxLines with an ellipsis', () => {
    // 32 code points in lines of 10: 'averylongt' kept, the rest cut to 9 + '…'
    expect(rowLines('averylongtensornamewithoutbreaks', 10, units, 2)).toEqual(['averylongt', 'ensorname…']);
  });

  it('lets the figures take more lines than maxLines rather than cut one', () => {
    // time 10, bytes 6, axis 'over data' 9 — each on a line of its own at 10, and the name cut to 1 line
    const row = `AllReduce grad · ${nb('1.2 ms × 4')} · ${nb('5.0 MB')} · over data`;
    expect(rowLines(row, 10, units, 3)).toEqual(['AllReduce…', nb('1.2 ms × 4'), nb('5.0 MB'), 'over data']);
  });
});
