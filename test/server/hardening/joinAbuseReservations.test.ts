// Seat reservations held with join options the room would refuse anyway: POST /matchmake/joinById/CODE with
// `{}`, 40 times every 15 s from one address, once refused every other join from it (a school shares one NAT
// address) with 429 too-many-joins, and from two addresses the room's 60 for everyone. Now such options are
// refused before a seat is reserved, and an unused reservation lapses after 10 s (Colyseus's default: 15 s).
// And a room name that is an Object.prototype key (constructor, __proto__, …) threw a TypeError answered as
// '400 bad-request (unreadable body)': it is an unknown room, 404 'unknown-room'.
import { matchMaker, type Room } from 'colyseus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEATS, PROTOCOL_VERSION } from '../../../shared/index.ts';
import { RESERVATION_LIMITS } from '../../../server/http/ReservationGuard.ts';
import { MAX_PROJECTORS } from '../../../server/rooms/seat.ts';
import { createSession, startTestServer, until, type TestServer } from '../classroom/harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(undefined, { trustProxy: 1 });
});
afterAll(async () => {
  await srv.close();
});

interface Answer {
  readonly status: number;
  readonly refusal: { code?: string; message?: string } | undefined;
  readonly sessionId: string | undefined;
}

/** An HTTP-only matchmake request from `address` (never followed by a WebSocket). */
async function matchmake(path: string, address: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${srv.url}/matchmake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: string; sessionId?: string };
  return {
    status: res.status,
    refusal: json.error === undefined ? undefined : (JSON.parse(json.error) as Answer['refusal']),
    sessionId: json.sessionId,
  };
}

const v = PROTOCOL_VERSION;
const refusedOptions: readonly (readonly [object, number, string])[] = [
  [{}, 400, 'bad-message'],
  [{ protocolVersion: v }, 400, 'bad-message'],
  [{ protocolVersion: v, role: 'player' }, 400, 'bad-message'],
  [{ protocolVersion: v + 1, role: 'projector' }, 426, 'protocol'],
  [{ protocolVersion: v, role: 'player', nickname: '' }, 422, 'bad-nickname'],
  [{ protocolVersion: v, role: 'player', nickname: 'x'.repeat(17) }, 422, 'bad-nickname'],
  [{ protocolVersion: v, role: 'facilitator', hostKey: 'guess' }, 403, 'wrong-host-key'],
];

describe('join options the room would refuse', () => {
  it.each(refusedOptions)('%j → %i %s, no seat reserved', async (options, status, code) => {
    const session = await createSession(srv.url);
    const answer = await matchmake(`joinById/${session.code}`, '203.0.113.1', options);
    expect(answer).toMatchObject({ status, refusal: { code }, sessionId: undefined });
    const [listing] = await matchMaker.query({ roomId: session.code });
    expect(listing!.clients).toBe(0);
  });

  it('sent 100 times from each of two addresses, reserve nothing: the address and the room still join', async () => {
    const { code } = await createSession(srv.url);
    for (const address of ['203.0.113.2', '203.0.113.3'])
      for (let i = 0; i < 100; i += 20) {
        srv.advanceClock(1000); // one address may ask 20 times a second (matchmakeRoutes.ts)
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => matchmake(`joinById/${code}`, address, {})),
        );
        expect(answers.every((a) => a.status === 400 && a.refusal?.code === 'bad-message')).toBe(true);
      }
    srv.advanceClock(1000);
    const ann = await matchmake(`joinById/${code}`, '203.0.113.2', {
      protocolVersion: v,
      role: 'player',
      nickname: 'Ann',
    });
    expect(ann).toMatchObject({ status: 200, sessionId: expect.any(String) });
  });
});

it('an unused reservation lapses after 10 s, not 15', async () => {
  expect(RESERVATION_LIMITS.holdMs).toBe(10_000);
  const { code } = await createSession(srv.url);
  const reserved = await matchmake(`joinById/${code}`, '203.0.113.4', {
    protocolVersion: v,
    role: 'projector',
  });
  const room = matchMaker.getLocalRoomById(code) as Room;
  expect(room.hasReservedSeat(reserved.sessionId!)).toBe(true);
  const start = Date.now();
  await until(() => !room.hasReservedSeat(reserved.sessionId!), 14_000, 'the reservation lapsed');
  expect(Date.now() - start).toBeLessThan(12_000);
  expect(room.maxClients).toBeGreaterThanOrEqual(MAX_SEATS + MAX_PROJECTORS + RESERVATION_LIMITS.perRoom);
}, 20_000);

describe('room names that are Object.prototype keys', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'])(
    'join/%s is 404 unknown-room',
    async (name) => {
      srv.advanceClock(1000);
      const answer = await matchmake(`join/${name}`, '203.0.113.5', {});
      expect(answer).toMatchObject({ status: 404, refusal: { code: 'unknown-room' } });
    },
  );
});
