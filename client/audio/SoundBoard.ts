// The game's sound effects through Web Audio: the WAV files made by scripts/makeSounds.mjs, a mute switch kept
// in localStorage, and a play() that never throws. Browsers allow no audio before a user gesture, so the
// AudioContext is only created by unlock() (see unlockOn); until then play() is silently a no-op.

export const SOUND_NAMES = ['click', 'accept', 'refuse', 'serve', 'star1', 'star2', 'star3', 'pass'] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

/** Where each sound is served (assets/ is Vite's publicDir). */
export const soundUrl = (name: SoundName): string => `audio/${name}.wav`;
export const MUTED_KEY = 'mesh-kitchen.muted';
/** A play() waiting for its sound to decode is dropped if that takes longer than this: a late cue misleads. */
const LATE_MS = 250;
/** The same sound started again within this gap is dropped (e.g. many passes animating at once). */
const MIN_GAP_MS = 40;
/** Master volume, 0–1: the WAVs peak at 0.3–0.6 of full scale already. */
const VOLUME = 0.8;
const LOG_LENGTH = 32;

/** The part of AudioContext the board uses (a fake one in unit tests). */
export type SoundContext = Pick<
  AudioContext,
  'decodeAudioData' | 'createBufferSource' | 'createGain' | 'destination' | 'currentTime' | 'state' | 'resume'
>;

type Listener = (muted: boolean) => void;

export class SoundBoard {
  private muted: boolean;
  private context: SoundContext | null = null;
  private master: GainNode | null = null;
  private readonly encoded = new Map<SoundName, ArrayBuffer>();
  private readonly decoded = new Map<SoundName, AudioBuffer>();
  private readonly decoding = new Map<SoundName, Promise<void>>();
  private readonly lastStart = new Map<SoundName, number>();
  private readonly listeners = new Set<Listener>();
  private readonly started: SoundName[] = [];

  constructor(
    private readonly storage: Storage | undefined,
    private readonly createContext: () => SoundContext | null,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.muted = readMuted(storage);
  }

  get isMuted(): boolean {
    return this.muted;
  }

  /** The last sounds really started (oldest first, at most 32): what a player heard, for tests. */
  get log(): readonly SoundName[] {
    return [...this.started];
  }

  setMuted(muted: boolean): void {
    if (muted === this.muted) return;
    this.muted = muted;
    try {
      this.storage?.setItem(MUTED_KEY, muted ? '1' : '0');
    } catch {
      // Storage full or forbidden (private mode): the choice lasts for this page only.
    }
    if (this.master) this.master.gain.value = muted ? 0 : VOLUME;
    for (const listener of this.listeners) listener(muted);
  }

  toggleMuted(): void {
    this.setMuted(!this.muted);
  }

  /** Calls `listener` now and on every change of the mute state; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.muted);
    return () => this.listeners.delete(listener);
  }

  /** Hands over a sound's WAV bytes (the preload scene loads them); decoded once a context exists. */
  provide(name: SoundName, bytes: ArrayBuffer): void {
    if (!SOUND_NAMES.includes(name)) throw new Error(`unknown sound '${String(name)}'`);
    this.encoded.set(name, bytes);
    this.decoded.delete(name);
    this.decoding.delete(name);
    if (this.context) this.decode(name);
  }

  /** Creates or resumes the audio context; call it from a user gesture. Never throws. */
  unlock(): void {
    try {
      if (!this.context) {
        this.context = this.createContext();
        if (!this.context) return;
        this.master = this.context.createGain();
        this.master.gain.value = this.muted ? 0 : VOLUME;
        this.master.connect(this.context.destination);
        for (const name of this.encoded.keys()) this.decode(name);
      }
      if (this.context.state === 'suspended') this.context.resume().catch(() => undefined);
    } catch {
      // No Web Audio (old browser, audio disabled): the game stays silent.
    }
  }

  get unlocked(): boolean {
    return this.context?.state === 'running';
  }

  /** Unlocks on the first pointer press or key press on `target`; returns the function that stops listening. */
  unlockOn(target: EventTarget): () => void {
    const events = ['pointerdown', 'keydown', 'touchend'];
    const onGesture = (): void => {
      this.unlock();
      if (this.unlocked) stop();
    };
    const stop = (): void => {
      for (const type of events) target.removeEventListener(type, onGesture, { capture: true });
    };
    for (const type of events) target.addEventListener(type, onGesture, { capture: true });
    return stop;
  }

  /** Plays `name` after `delayMs`; does nothing when muted, locked, unloaded or undecodable. Never throws. */
  play(name: SoundName, delayMs = 0): void {
    if (this.muted || !this.context || !SOUND_NAMES.includes(name)) return;
    const asked = this.now();
    const ready = this.decoded.has(name);
    if (ready && this.context.state === 'running') return this.start(name, delayMs);
    const pending = this.decoding.get(name);
    if (!ready && !pending) return;
    // Decoding, or the context is still resuming after the gesture that unlocked it: play if it is soon.
    const resumed = this.context.state === 'suspended' ? this.context.resume() : undefined;
    Promise.all([pending, resumed])
      .then(() => {
        if (this.now() - asked <= LATE_MS && this.context?.state === 'running') this.start(name, delayMs);
      })
      .catch(() => undefined);
  }

  private start(name: SoundName, delayMs: number): void {
    const buffer = this.decoded.get(name);
    if (!buffer || !this.context || !this.master || this.muted) return;
    const at = this.now() + delayMs;
    const last = this.lastStart.get(name);
    if (last !== undefined && Math.abs(at - last) < MIN_GAP_MS) return;
    try {
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.master);
      source.start(this.context.currentTime + Math.max(0, delayMs) / 1000);
      this.lastStart.set(name, at);
      this.started.push(name);
      if (this.started.length > LOG_LENGTH) this.started.shift();
    } catch {
      // A closed or broken context: stay silent.
    }
  }

  private decode(name: SoundName): void {
    const bytes = this.encoded.get(name);
    if (!bytes || !this.context || this.decoding.has(name)) return;
    // decodeAudioData detaches the buffer it is given: decode a copy so the bytes survive a new context.
    const job = this.context
      .decodeAudioData(bytes.slice(0))
      .then((buffer) => {
        this.decoded.set(name, buffer);
      })
      .catch(() => {
        // A corrupt or unsupported file: that sound stays silent.
      });
    this.decoding.set(name, job);
  }
}

function readMuted(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}
