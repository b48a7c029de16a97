// A client's frame that ws refuses (ws/lib/receiver.js: a payload over the transport's maxPayload, a bad opcode,
// an unmasked frame, invalid UTF-8 …) closes that socket (1009, 1002, 1007) and Colyseus's transport logs the
// error's message and its whole stack (@colyseus/ws-transport: `err.message + "\n" + err.stack`), 12 lines
// that a student can cause at will. The operator needs one line: what was refused, and that it was a client.

/** Where ws's frame parser throws from, as the stack of its errors names it. */
const RECEIVER_FRAME = /[/\\]ws[/\\]lib[/\\]receiver\.js:/;

/**
 * `args` of a log call as the log should print them: ws's refusal of a client's frame on one line, anything
 * else unchanged.
 * @example clientFrameLine(['Max payload size exceeded\nRangeError: …\n    at Receiver… (…/ws/lib/receiver.js:…)'])
 *   // ["[socket] a client's frame was refused and its connection closed: Max payload size exceeded"]
 */
export function clientFrameLine(args: readonly unknown[]): readonly unknown[] {
  const first = args[0];
  if (args.length !== 1 || typeof first !== 'string' || !RECEIVER_FRAME.test(first)) return args;
  return [`[socket] a client's frame was refused and its connection closed: ${first.split('\n', 1)[0]}`];
}
