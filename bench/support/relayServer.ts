// The transport floor's server (bench/transportFloor.ts): a bare `ws` WebSocketServer (the library and
// version Colyseus's ws-transport runs on), no game, no database. A client connects as
// /?session=S&team=T (a player) or /?session=S&role=host (the facilitator). Each message from a player is
// relayed as one `payloadBytes` frame to every member of its team (the sender's copy is its acknowledgement)
// and to its session's facilitator — the fan-out of one accepted edit in server/rooms/deliverEffects.ts —
// and every connection is pinged every PING_MS, as @colyseus/core's pingInterval does (3,000 ms).
// `node --import tsx bench/support/relayServer.ts <payloadBytes>` prints {"port": N} once listening.
import { WebSocketServer, type WebSocket } from 'ws';

const PING_MS = 3000;
const payload = Buffer.alloc(Number(process.argv[2] ?? 600), 0x61);
const teams = new Map<string, Set<WebSocket>>();
const hosts = new Map<string, WebSocket>();

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (ws, req) => {
  const q = new URL(req.url ?? '/', 'http://x').searchParams;
  const session = q.get('session') ?? '';
  if (q.get('role') === 'host') {
    hosts.set(session, ws);
    return;
  }
  const key = `${session}/${q.get('team') ?? ''}`;
  const members = teams.get(key) ?? new Set<WebSocket>();
  teams.set(key, members);
  members.add(ws);
  ws.on('message', () => {
    for (const m of members) m.send(payload);
    hosts.get(session)?.send(payload);
  });
  ws.on('close', () => members.delete(ws));
});
setInterval(() => {
  for (const ws of wss.clients) ws.ping();
}, PING_MS).unref();
wss.on('listening', () => {
  const address = wss.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : 0 })}\n`,
  );
});
