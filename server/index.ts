// Entry point of `npm start`: serves dist/ and the game rooms on PORT (default 2567); classroom sessions are
// stored in PostgreSQL when DATABASE_URL=postgres://… is set, else in MESH_KITCHEN_DB (default
// data/mesh-kitchen.sqlite under the project root). With REDIS_URL and PUBLIC_ADDRESS several processes share
// the rooms. Behind a reverse proxy set TRUST_PROXY (a hop count like 1, or an Express trust-proxy list) so
// rate limits see the real clients.
// PUBLIC_URL (e.g. https://kitchen.example.edu) is the address the join links and QR codes point at; without
// it the facilitator's pages use the machine's network address printed at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGameServer } from './createGameServer.ts';
import { installLastLineOfDefence } from './support/lastLineOfDefence.ts';

installLastLineOfDefence();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 2567);
const host = process.env.HOST ?? '0.0.0.0';

const server = await startGameServer({
  port,
  host,
  distDir: path.join(root, 'dist'),
  redisUrl: process.env.REDIS_URL,
  publicAddress: process.env.PUBLIC_ADDRESS,
  publicUrl: process.env.PUBLIC_URL,
  dbPath: process.env.MESH_KITCHEN_DB ?? path.join(root, 'data', 'mesh-kitchen.sqlite'),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.TRUST_PROXY === undefined
    ? {}
    : {
        trustProxy: /^\d+$/.test(process.env.TRUST_PROXY)
          ? Number(process.env.TRUST_PROXY)
          : process.env.TRUST_PROXY,
      }),
});
console.log(`Mesh Kitchen is serving on http://localhost:${server.port} (store: ${server.store.kind})`);
// Phones cannot open localhost: these are the addresses a class joins at.
if (server.info.publicUrl) console.log(`Players join at ${server.info.publicUrl} (PUBLIC_URL)`);
for (const url of server.info.networkUrls) console.log(`On the network: ${url}`);
if (!server.info.publicUrl && server.info.networkUrls.length === 0)
  console.log('No network address: phones cannot reach this server (set HOST=0.0.0.0 or PUBLIC_URL).');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
