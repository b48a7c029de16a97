// The process's log: console, rate-limited (ThrottledLog); also given to Colyseus as its logger so that its
// per-connection lines ("seat reservation expired.") cannot flood the log either. A client's refused frame is one
// line, not ws's stack (clientFrameError.ts).
import { clientFrameLine } from './clientFrameError.ts';
import { ThrottledLog, type LogSink } from './ThrottledLog.ts';

const sink: LogSink = {
  error: (...args) => console.error(...clientFrameLine(args)),
  warn: (...args) => console.warn(...args),
  info: (...args) => console.info(...args),
  debug: (...args) => console.debug(...args),
  trace: (...args) => console.trace(...args),
};

export const serverLog = new ThrottledLog(sink);
