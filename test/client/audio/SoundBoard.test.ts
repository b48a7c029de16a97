// SoundBoard against a fake Storage and a fake AudioContext: the mute choice persists, nothing is created before
// a gesture, sounds are decoded from copies and started through the master gain, and play() never throws.
import { describe, expect, it } from 'vitest';
import { MUTED_KEY, SoundBoard, type SoundContext } from '../../../client/audio/SoundBoard.ts';

class FakeStorage {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

const throwingStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
} as unknown as Storage;

interface FakeSource {
  buffer: unknown;
  to: unknown;
  at: number | undefined;
}

class FakeContext {
  state: AudioContextState = 'running';
  currentTime = 10;
  readonly destination = { kind: 'speakers' };
  readonly decodedInputs: ArrayBuffer[] = [];
  readonly sources: FakeSource[] = [];
  readonly master = {
    gain: { value: -1 },
    to: undefined as unknown,
    connect: (n: unknown) => (this.master.to = n),
  };
  /** Decodes to { first: the first byte }; an empty buffer is "corrupt". Replace to control timing. */
  decode: (bytes: ArrayBuffer) => Promise<unknown> = (bytes) =>
    bytes.byteLength === 0
      ? Promise.reject(new Error('EncodingError'))
      : Promise.resolve({ first: new Uint8Array(bytes)[0] });
  decodeAudioData(bytes: ArrayBuffer): Promise<unknown> {
    this.decodedInputs.push(bytes);
    return this.decode(bytes);
  }
  createBufferSource(): FakeSource & { connect(n: unknown): void; start(t: number): void } {
    const source: FakeSource = { buffer: null, to: undefined, at: undefined };
    this.sources.push(source);
    return Object.assign(source, {
      connect: (n: unknown) => (source.to = n),
      start: (t: number) => (source.at = t),
    });
  }
  createGain() {
    return this.master;
  }
  resume(): Promise<void> {
    this.state = 'running';
    return Promise.resolve();
  }
}
function setup(storage: Storage | undefined = new FakeStorage() as unknown as Storage) {
  const context = new FakeContext();
  let created = 0;
  let clock = 0;
  const board = new SoundBoard(
    storage,
    () => {
      created++;
      return context as unknown as SoundContext;
    },
    () => clock,
  );
  return {
    board,
    context,
    created: () => created,
    advance: (ms: number) => (clock += ms),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const bytes = (...values: number[]) => new Uint8Array(values).buffer;

describe('SoundBoard mute state', () => {
  it('reads and writes mesh-kitchen.muted, and tells listeners now and on change', () => {
    const storage = new FakeStorage();
    storage.setItem(MUTED_KEY, '1');
    const { board } = setup(storage as unknown as Storage);
    const heard: boolean[] = [];
    const unsubscribe = board.subscribe((m) => heard.push(m));
    expect(board.isMuted).toBe(true);
    board.setMuted(false);
    expect(storage.getItem(MUTED_KEY)).toBe('0');
    board.toggleMuted();
    expect(storage.getItem(MUTED_KEY)).toBe('1');
    board.setMuted(true); // no change: no call
    unsubscribe();
    board.toggleMuted();
    expect(heard).toEqual([true, false, true]);
    expect(MUTED_KEY).toBe('mesh-kitchen.muted');
  });

  it('starts unmuted with empty or odd storage values, and without storage', () => {
    const storage = new FakeStorage();
    storage.setItem(MUTED_KEY, 'yes');
    expect(setup(storage as unknown as Storage).board.isMuted).toBe(false);
    expect(setup(undefined).board.isMuted).toBe(false);
  });

  it('keeps working in memory when storage throws', () => {
    const { board } = setup(throwingStorage);
    expect(board.isMuted).toBe(false);
    expect(() => board.toggleMuted()).not.toThrow();
    expect(board.isMuted).toBe(true);
  });
});

describe('SoundBoard playback', () => {
  it('creates no audio context before a gesture, and play() is then silent', () => {
    const { board, context, created } = setup();
    board.provide('accept', bytes(1));
    expect(() => board.play('accept')).not.toThrow();
    expect(created()).toBe(0);
    expect(context.sources).toEqual([]);
    expect(board.log).toEqual([]);
  });

  it('decodes a copy of each sound on unlock and starts it through the master gain after the delay', async () => {
    const { board, context, created } = setup();
    const original = bytes(7, 8, 9);
    board.provide('accept', original);
    board.unlock();
    board.unlock();
    expect(created()).toBe(1);
    expect(context.master.gain.value).toBe(0.8);
    expect(context.master.to).toBe(context.destination);
    await flush();
    expect(context.decodedInputs).toHaveLength(1);
    expect(context.decodedInputs[0]).not.toBe(original);
    expect(original.byteLength).toBe(3);

    board.play('accept', 250);
    expect(context.sources).toEqual([
      expect.objectContaining({ buffer: { first: 7 }, to: context.master, at: 10.25 }),
    ]);
    expect(board.log).toEqual(['accept']);
  });

  it('decodes sounds provided after the unlock too', async () => {
    const { board, context } = setup();
    board.unlock();
    board.provide('serve', bytes(3));
    await flush();
    board.play('serve');
    expect(context.sources.map((s) => s.buffer)).toEqual([{ first: 3 }]);
  });

  it('is silent when muted, and muting silences the master gain', async () => {
    const { board, context } = setup();
    board.provide('click', bytes(1));
    board.unlock();
    await flush();
    board.setMuted(true);
    expect(context.master.gain.value).toBe(0);
    board.play('click');
    expect(context.sources).toEqual([]);
    board.setMuted(false);
    expect(context.master.gain.value).toBe(0.8);
    board.play('click');
    expect(context.sources).toHaveLength(1);
  });

  it('drops the same sound started again within 40 ms', async () => {
    const { board, context, advance } = setup();
    board.provide('pass', bytes(1));
    board.unlock();
    await flush();
    board.play('pass');
    board.play('pass');
    advance(39);
    board.play('pass');
    advance(1);
    board.play('pass');
    expect(board.log).toEqual(['pass', 'pass']);
    expect(context.sources).toHaveLength(2);
  });

  it('plays a sound that finishes decoding within 250 ms, and drops it when later', async () => {
    const { board, context, advance } = setup();
    const pending: (() => void)[] = [];
    context.decode = (b) =>
      new Promise((resolve) => pending.push(() => resolve({ first: new Uint8Array(b)[0] })));
    board.provide('star1', bytes(1));
    board.provide('star2', bytes(2));
    board.unlock();
    board.play('star1');
    board.play('star2');
    advance(200);
    pending[0]!();
    await flush();
    expect(board.log).toEqual(['star1']);
    advance(100);
    pending[1]!();
    await flush();
    expect(board.log).toEqual(['star1']);
  });

  it('never throws: undecodable file, unprovided sound, no Web Audio, a context that fails', async () => {
    const { board, context } = setup();
    board.provide('refuse', bytes());
    board.unlock();
    await flush();
    expect(() => board.play('refuse')).not.toThrow();
    expect(() => board.play('star3')).not.toThrow();
    expect(context.sources).toEqual([]);

    const none = new SoundBoard(undefined, () => null);
    none.unlock();
    expect(() => none.play('click')).not.toThrow();
    const broken = new SoundBoard(undefined, () => {
      throw new Error('NotAllowedError');
    });
    expect(() => broken.unlock()).not.toThrow();
    expect(() => broken.play('click')).not.toThrow();
  });

  it('refuses to be given an unknown sound, and keeps the known ones', async () => {
    const { board, context } = setup();
    board.provide('click', bytes(5));
    expect(() => board.provide('bang' as 'click', bytes(1))).toThrow("unknown sound 'bang'");
    board.unlock();
    await flush();
    expect(context.decodedInputs).toHaveLength(1);
  });

  it('unlocks on the first pointer or key press on its target, then stops listening', () => {
    const { board, context, created } = setup();
    const target = new EventTarget();
    board.unlockOn(target);
    expect(created()).toBe(0);
    target.dispatchEvent(new Event('keydown'));
    expect(created()).toBe(1);
    expect(board.unlocked).toBe(true);
    // Listening has stopped: a later press no longer resumes a suspended context.
    context.state = 'suspended';
    target.dispatchEvent(new Event('pointerdown'));
    expect(context.state).toBe('suspended');
  });
});
