// After a dropped socket a page must tell a restart from the end of the class: the close code's meaning,
// the backoff between retries (bounded, jittered), what the status answer means, and the banner it shows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dropCause, retryDelayMs, whereabouts } from '../../../client/net/reconnectPolicy.ts';
import { connectionNotice } from '../../../client/classroom/viewModels/connectionNotice.ts';
import { translate } from '../../../client/i18n/strings.ts';
import { frozenAt, remainingAt } from '../../../client/classroom/viewModels/timer.ts';
import { CLOSE_ENDED, CLOSE_KICKED, CLOSE_RESTARTING } from '../../../shared/index.ts';
import type { Translate } from '../../../client/ui/translate.ts';

const en: Translate = (key, params) => translate('en', key, params);
const zh: Translate = (key, params) => translate('zh-CN', key, params);

describe('dropCause', () => {
  it('reads the session room close codes; 1006 (a killed server) and 1001 are the network', () => {
    expect(dropCause(CLOSE_ENDED)).toBe('ended');
    expect(dropCause(CLOSE_KICKED)).toBe('kicked');
    expect(dropCause(CLOSE_RESTARTING)).toBe('restarting');
    expect(dropCause(1006)).toBe('network');
    expect(dropCause(1001)).toBe('network');
  });
});

describe('retryDelayMs', () => {
  it('doubles from 250 ms to a 5 s ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => retryDelayMs(n, 0.5))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('stays within ±20 % of the base for any jitter draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (n, r) => {
          const base = Math.min(5000, 250 * 2 ** (n - 1));
          const d = retryDelayMs(n, r);
          return d >= Math.floor(base * 0.8) && d <= Math.ceil(base * 1.2);
        },
      ),
    );
  });
});

describe('whereabouts', () => {
  const body = (running: boolean, closed: boolean) => ({ code: 'ABC234', running, closed });
  it('no answer or a 5xx is a server still down; 404 or closed is the end', () => {
    expect(whereabouts(null, null)).toBe('unreachable');
    expect(whereabouts(502, null)).toBe('unreachable');
    expect(whereabouts(404, null)).toBe('ended');
    expect(whereabouts(200, body(false, true))).toBe('ended');
    expect(whereabouts(200, body(true, true))).toBe('ended');
  });
  it('a stored session not open waits for its facilitator; an open one can be joined', () => {
    expect(whereabouts(200, body(false, false))).toBe('waiting');
    expect(whereabouts(200, body(true, false))).toBe('running');
  });
});

describe('connectionNotice', () => {
  const status = (cause: 'network' | 'restarting' | 'unreachable', waitingForHost = false) =>
    ({ kind: 'reconnecting', attempt: 3, cause, waitingForHost }) as const;
  it('never says the session ended while the page is retrying', () => {
    expect(connectionNotice(status('network'), 'player', en)).toContain('attempt 3');
    expect(connectionNotice(status('restarting'), 'player', en)).toContain('server is restarting');
    expect(connectionNotice(status('restarting', true), 'projector', en)).toContain(
      'Waiting for the facilitator',
    );
    expect(connectionNotice(status('restarting'), 'facilitator', en)).toContain('reopens the session');
    expect(connectionNotice(status('restarting'), 'player', zh)).toContain('服务器正在重启');
    expect(connectionNotice({ kind: 'online' }, 'player', en)).toBe('');
  });
  it('does not claim a restart when it only cannot reach the server (this device may be offline)', () => {
    expect(connectionNotice(status('unreachable'), 'player', en)).toMatch(
      /^The server cannot be reached: this device may have lost its network, or the server is restarting\./,
    );
    expect(connectionNotice(status('unreachable'), 'player', zh)).toContain('可能是这台设备断网了');
    expect(connectionNotice(status('unreachable'), 'facilitator', en)).toContain(
      'this computer may have lost',
    );
    expect(connectionNotice(status('unreachable'), 'facilitator', en)).not.toContain('paused');
    // Once the server answers and the session waits for its facilitator, a player is told so.
    expect(connectionNotice(status('unreachable', true), 'player', en)).toContain(
      'Waiting for the facilitator',
    );
  });
});

describe('frozenAt', () => {
  it('stops a running clock where it stands', () => {
    const s = frozenAt({ remainingMs: 60_000, running: true, sampledAtMs: 1000 }, 11_000);
    expect(s).toEqual({ remainingMs: 50_000, running: false, sampledAtMs: 11_000 });
    expect(remainingAt(s, 99_000)).toBe(50_000);
  });
});
