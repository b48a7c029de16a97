import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColyseusTestServer } from '@colyseus/testing';
import { defineRooms } from '../../server/createGameServer.ts';
import { MSG_ERROR, MSG_PING, MSG_PONG, PROTOCOL_VERSION, ROOM_LOBBY } from '../../shared/index.ts';
import { colyseusTesting, holdBack } from './support/holdBack.ts';
import { quietRefusal } from './support/quietRefusal.ts';

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  const { boot, config } = await colyseusTesting();
  colyseus = await boot(config({ initializeGameServer: defineRooms }), 25701);
});
afterAll(async () => {
  await colyseus.shutdown();
});

describe('LobbyRoom', () => {
  it('answers a ping with the protocol version', async () => {
    const room = await colyseus.createRoom(ROOM_LOBBY, {});
    const client = await colyseus.connectTo(room, { protocolVersion: PROTOCOL_VERSION });
    const pong = new Promise((resolve) => client.onMessage(MSG_PONG, resolve));
    client.send(MSG_PING, { sentAt: 1234 });
    expect(await pong).toMatchObject({ sentAt: 1234, protocolVersion: PROTOCOL_VERSION });
  });

  it.each([[undefined], ['1234'], [{ sentAt: 'now' }], [{ sentAt: 1, extra: true }]])(
    'refuses a malformed ping %j with an error reply',
    async (payload) => {
      const room = await colyseus.createRoom(ROOM_LOBBY, {});
      const client = await colyseus.connectTo(room, { protocolVersion: PROTOCOL_VERSION });
      const reply = new Promise<{ code: string; message: string }>((resolve) =>
        client.onMessage(MSG_ERROR, resolve),
      );
      client.send(MSG_PING, payload);
      expect((await reply).code).toBe('bad-message');
    },
  );

  it('refuses a page that speaks another protocol version', async () => {
    const room = await colyseus.createRoom(ROOM_LOBBY, {});
    // The in-process server logs the refusal (colyseus's "onAuth threw" and the error): held back, asserted.
    const held: string[] = [];
    const refusal = () => colyseus.connectTo(room, { protocolVersion: PROTOCOL_VERSION + 1 });
    await expect(
      holdBack(
        [/onAuth threw: Error: This page speaks protocol/, /^Error: This page speaks protocol/],
        () => quietRefusal(refusal),
        held,
      ),
    ).rejects.toThrow(/reload the page/);
    expect(held.some((l) => /onAuth threw/.test(l))).toBe(true);
  });
});
