// The process's log: console, rate-limited (ThrottledLog); also given to Colyseus as its logger so that its
// per-connection lines ("seat reservation expired.") cannot flood the log either.
import { ThrottledLog } from './ThrottledLog.ts';

export const serverLog = new ThrottledLog(console);
