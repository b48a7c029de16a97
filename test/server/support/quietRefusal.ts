// A join the test expects the server to refuse, without colyseus.js's console noise: the client warns
// "colyseus.js - onError => (code) …" and "Room connection was closed unexpectedly (code)" for every refused
// join, which is the very outcome the test asserts. Only those two warnings are held back, only while the
// attempt runs (and one turn of the event loop after, where the close warning lands); anything else is
// printed as usual, so a test stays quiet unless something is wrong.
const NOISE = /^(colyseus\.js - onError => |Room connection was closed unexpectedly )/;

/**
 * The attempt's promise (it should reject: assert it with `.rejects`), with the client's refusal warnings held back.
 * @example await expect(quietRefusal(() => client.joinById(code, options))).rejects.toThrow(/bad-nickname/)
 */
export async function quietRefusal<T>(attempt: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && NOISE.test(args[0])) return;
    warn(...args);
  };
  try {
    return await attempt();
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 20));
    console.warn = warn;
  }
}
