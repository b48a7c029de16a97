// D9 of the hardening audit: the flood close counted refusals "in a row", and the token that came back every
// 50 ms reset the count, so 1000 messages a second for 8 s got 6,239 answers and no close. Refusals are now
// counted in a sliding window (MessageRate.ts): the first `answerUpTo` are answered, later ones dropped, the
// `closeAfter`-th closes; a client at the limit or a little over it is never closed.
import { describe, expect, it } from 'vitest';
import {
  LOBBY_MESSAGE_RATE,
  MessageRate,
  SESSION_MESSAGE_RATE,
  type MessageRateOptions,
  type RateVerdict,
} from '../../../server/rooms/MessageRate.ts';

/** Verdicts of `perSecond` messages a second for `seconds` s, evenly spaced, from one connection. */
function run(options: MessageRateOptions, perSecond: number, seconds: number): RateVerdict[] {
  let clock = 0;
  const rate = new MessageRate(options, () => clock);
  const out: RateVerdict[] = [];
  for (let i = 0; i < perSecond * seconds; i++) {
    clock = (i * 1000) / perSecond;
    out.push(rate.take('c'));
  }
  return out;
}
const count = (vs: RateVerdict[], v: RateVerdict) => vs.filter((x) => x === v).length;

describe('the flood close', () => {
  it('closes a connection sending 1000 a second within half a second, after answering 40 refusals', () => {
    const vs = run(SESSION_MESSAGE_RATE, 1000, 8);
    const closedAt = vs.indexOf('close');
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt).toBeLessThan(500); // the 500th message comes at 0.5 s
    expect(count(vs.slice(0, closedAt), 'answer')).toBe(SESSION_MESSAGE_RATE.answerUpTo);
    expect(count(vs, 'close')).toBe(1);
    // after the close, nothing more is answered
    expect(vs.slice(closedAt + 1).every((v) => v === 'ok' || v === 'drop')).toBe(true);
  });

  it('closes a sustained 80 a second (60 refusals a second) within 10 s', () => {
    const vs = run(SESSION_MESSAGE_RATE, 80, 12);
    expect(vs.indexOf('close')).toBeGreaterThan(0);
    expect(vs.indexOf('close') / 80).toBeLessThan(10);
  });

  it('never closes a client at the limit or 40 a second (20 over it) for a minute, nor one burst of 400', () => {
    expect(count(run(SESSION_MESSAGE_RATE, 20, 60), 'ok')).toBe(20 * 60);
    expect(count(run(SESSION_MESSAGE_RATE, 40, 60), 'close')).toBe(0);
    expect(count(run(SESSION_MESSAGE_RATE, 10_000, 0.04), 'close')).toBe(0);
    expect(count(run(LOBBY_MESSAGE_RATE, 15, 60), 'close')).toBe(0);
  });

  it('answers refusals again once the window has passed', () => {
    let clock = 0;
    const rate = new MessageRate(SESSION_MESSAGE_RATE, () => clock);
    const burst = () => Array.from({ length: 200 }, () => rate.take('c'));
    const first = burst();
    expect(count(first, 'answer')).toBe(40);
    expect(count(first, 'drop')).toBe(120);
    clock = SESSION_MESSAGE_RATE.windowMs! + 1;
    const second = burst();
    expect(count(second, 'answer')).toBe(40);
    expect(count(second, 'close')).toBe(0);
  });

  it('keeps each connection’s count apart, and forgets a connection that left', () => {
    const rate = new MessageRate(SESSION_MESSAGE_RATE, () => 0);
    // the burst of 40 goes through; the 400th refusal closes
    for (let i = 0; i < 439; i++) expect(rate.take('flood')).not.toBe('close');
    expect(rate.take('flood')).toBe('close');
    expect(rate.take('other')).toBe('ok');
    rate.forget('flood');
    expect(rate.take('flood')).toBe('ok');
  });
});
