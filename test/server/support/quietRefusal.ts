// A join the test expects the server to refuse, without colyseus.js's console noise: the client warns
// "colyseus.js - onError => (code) …" and "Room connection was closed unexpectedly (code)" for every refused
// join, which is the very outcome the test asserts; the in-process server may add colyseus's own note on a
// refused reconnection. Only those lines are held back, only while the attempt runs (holdBack.ts); anything
// else is printed as usual, so a test stays quiet unless something is wrong.
import { holdBack } from './holdBack.ts';

const NOISE = [
  /^colyseus\.js - onError => /,
  /^Room connection was closed unexpectedly /,
  /^❌ reconnection token invalid or expired/,
];

/**
 * The attempt's promise (one refused join rejects: assert it with `.rejects`; a batch may settle them all),
 * with the client's refusal warnings held back into `held` (when given, for the test to assert on).
 * @example await expect(quietRefusal(() => client.joinById(code, options))).rejects.toThrow(/bad-nickname/)
 */
export function quietRefusal<T>(attempt: () => Promise<T>, held: string[] = []): Promise<T> {
  return holdBack(NOISE, attempt, held, 100);
}
