// The process's last line of defence (issue 10, item 1): an exception or rejection nobody caught is logged
// (rate-limited) and the process keeps serving every other class, instead of Node's default of exiting.
// Rooms catch their own exceptions first (onUncaughtException); this catches what escapes them, e.g. a
// throw inside a WebSocket 'message' listener before the room's handler runs.
import { describe } from '../rooms/roomException.ts';
import { serverLog } from './serverLog.ts';

let installed = false;

export function installLastLineOfDefence(): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (e) =>
    serverLog.error(`uncaught exception (still serving): ${describe(e)}`),
  );
  process.on('unhandledRejection', (e) =>
    serverLog.error(`unhandled rejection (still serving): ${describe(e)}`),
  );
}
