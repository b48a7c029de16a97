// Projector screens need no key; ~244 of them from one address once filled a class (250 clients a room), and
// every student after them got 'session-full'. Now a session shows on at most MAX_PROJECTORS screens: the
// next one is refused with 'projectors-full' (words in both languages), players still join, and a projector
// that leaves or drops frees its place at once (a projector holds no seat across a dropped socket).
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../shared/index.ts';
import { MAX_PROJECTORS } from '../../../server/rooms/seat.ts';
import {
  hostedSession,
  join,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';
import { quietRefusal } from '../support/quietRefusal.ts';

let srv: TestServer;
let code: string;
let host: Peer;

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, host } = await hostedSession(srv.url));
});
afterAll(async () => {
  await srv.close();
});

const projector = () => join(srv.url, code, { role: 'projector' });
const refusalOf = (attempt: () => Promise<unknown>) =>
  quietRefusal(attempt).then(
    () => undefined,
    (e: Error) => JSON.parse(e.message) as { code: string; text?: Record<string, string> },
  );

it(`admits ${MAX_PROJECTORS} projectors, refuses the next with projectors-full; players still join`, async () => {
  expect(MAX_PROJECTORS).toBeLessThanOrEqual(12);
  const screens: Peer[] = [];
  for (let i = 0; i < MAX_PROJECTORS; i++) screens.push(await projector());
  const refused = await refusalOf(() =>
    new Client(srv.url).joinById(code, { protocolVersion: PROTOCOL_VERSION, role: 'projector' }),
  );
  expect(refused).toMatchObject({
    code: 'projectors-full',
    text: { en: expect.stringContaining(String(MAX_PROJECTORS)), 'zh-CN': expect.stringMatching(/投影/) },
  });
  const ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
  const id = ann.of<{ playerId: string }>('welcome')[0]!.playerId;
  await until(() => host.state().players[id]?.nickname === 'Ann', 4000, 'Ann seated');

  // a consented leave and a dropped socket each free a place at once
  await screens.pop()!.room.leave();
  screens.push(await projector());
  const dropped = screens.pop()!;
  const gone = new Promise((r) => dropped.room.onLeave(r));
  dropped.room.connection.close();
  await gone;
  // the server sees the close a moment later: a few tries, well inside the 120 s a player's seat is held
  let back: Peer | undefined;
  for (let tries = 0; back === undefined && tries < 20; tries++) {
    back = await quietRefusal(projector).catch(() => undefined);
    if (back === undefined) await new Promise((r) => setTimeout(r, 100));
  }
  expect(back, 'a projector joins in place of a dropped one').toBeDefined();
  await Promise.all([...screens, back!, ann].map((p) => p.room.leave()));
}, 30_000);
