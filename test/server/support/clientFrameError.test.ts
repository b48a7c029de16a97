// A client's frame that ws refuses is logged on one line (server/support/clientFrameError.ts). The real case — an
// oversized frame sent to a running server, and its log — is in test/server/hardening/hostileFuzz.test.ts; here
// the line as @colyseus/ws-transport writes it (`err.message + "\n" + err.stack`) for ws 8's RangeError.
import { describe, expect, it } from 'vitest';
import { clientFrameLine } from '../../../server/support/clientFrameError.ts';

const WS_LINE = [
  'Max payload size exceeded',
  'RangeError: Max payload size exceeded',
  '    at Receiver.haveLength (/srv/app/node_modules/ws/lib/receiver.js:440:28)',
  '    at Receiver.getPayloadLength16 (/srv/app/node_modules/ws/lib/receiver.js:393:10)',
  '    at Receiver.startLoop (/srv/app/node_modules/ws/lib/receiver.js:161:16)',
].join('\n');

describe('clientFrameLine', () => {
  it("prints ws's refusal of a client's frame as one line", () => {
    expect(clientFrameLine([WS_LINE])).toEqual([
      "[socket] a client's frame was refused and its connection closed: Max payload size exceeded",
    ]);
    expect(clientFrameLine([WS_LINE.replaceAll('/', '\\')])[0]).toMatch(/^\[socket\] /); // Windows paths
  });

  it('leaves every other log line as it is', () => {
    const ours = new Error('[session-write] ABC234: disk full');
    expect(clientFrameLine([ours])).toEqual([ours]);
    expect(clientFrameLine(['seat reservation expired.'])).toEqual(['seat reservation expired.']);
    const twoArgs = [WS_LINE, 'more'];
    expect(clientFrameLine(twoArgs)).toBe(twoArgs);
  });
});
