// Synthesises the game's sound effects as small WAV files (16-bit PCM, mono, 22,050 Hz) into assets/audio/.
// Deterministic: noise comes from a seeded LCG, so the same script always writes the same bytes.
// Usage: node scripts/makeSounds.mjs [outDir]   (default assets/audio; regenerate after editing a recipe)
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SAMPLE_RATE = 22_050;
const TAU = 2 * Math.PI;

/** Numerical Recipes' LCG (a = 1664525, c = 1013904223, mod 2^32); returns white noise in [-1, 1). */
function lcg(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

const samples = (seconds) => new Float64Array(Math.round(seconds * SAMPLE_RATE));

/** Adds a sine partial: amplitude · e^(−t/decay) · sin(2π f t), starting at `start` seconds. */
function addPartial(out, { freq, amp, decay, start = 0 }) {
  const first = Math.round(start * SAMPLE_RATE);
  for (let i = first; i < out.length; i++) {
    const t = (i - first) / SAMPLE_RATE;
    out[i] += amp * Math.exp(-t / decay) * Math.sin(TAU * freq * t);
  }
}

/**
 * Chamberlin state-variable filter (Chamberlin 1985, "Musical Applications of Microprocessors" §14): per sample
 * f = 2 sin(π fc / fs), low += f·band, high = x − low − band/Q, band += f·high. `cutoff(t)` may vary in time.
 */
function bandPass(input, cutoff, q) {
  const out = new Float64Array(input.length);
  let low = 0;
  let band = 0;
  for (let i = 0; i < input.length; i++) {
    const f = 2 * Math.sin((Math.PI * cutoff(i / SAMPLE_RATE)) / SAMPLE_RATE);
    low += f * band;
    const high = input[i] - low - band / q;
    band += f * high;
    out[i] = band;
  }
  return out;
}

function noise(length, seed) {
  const next = lcg(seed);
  return Float64Array.from({ length }, () => next());
}

/** Ramps the first 1 ms up and the last 8 ms down to silence, then scales to `peak` (fraction of full scale). */
function finish(signal, peak) {
  const fadeIn = Math.round(0.001 * SAMPLE_RATE);
  const fadeOut = Math.round(0.008 * SAMPLE_RATE);
  const ramped = signal.map((x, i) => x * Math.min(1, i / fadeIn, (signal.length - 1 - i) / fadeOut));
  const max = ramped.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  return ramped.map((x) => (max > 0 ? (x * peak) / max : 0));
}

/** Each sound's recipe; peaks are set by ear so no cue is louder than the service bell. */
export const RECIPES = {
  /** UI click: a 1.8 kHz tick (4 ms decay) over a 2 ms band of noise around 3 kHz. 30 ms. */
  click: () => {
    const out = samples(0.03);
    addPartial(out, { freq: 1800, amp: 0.6, decay: 0.004 });
    const hiss = bandPass(noise(out.length, 11), () => 3000, 1.5);
    return finish(
      out.map((x, i) => x + hiss[i] * Math.exp(-i / SAMPLE_RATE / 0.002)),
      0.3,
    );
  },
  /** Accepted edit, a soft knife tap on a board: 220 Hz thump, 900 Hz wood knock, 2.5 kHz noise. 80 ms. */
  accept: () => {
    const out = samples(0.08);
    addPartial(out, { freq: 220, amp: 0.6, decay: 0.018 });
    addPartial(out, { freq: 900, amp: 0.35, decay: 0.012 });
    const tap = bandPass(noise(out.length, 7), () => 2500, 2);
    return finish(
      out.map((x, i) => x + 1.2 * tap[i] * Math.exp(-i / SAMPLE_RATE / 0.006)),
      0.5,
    );
  },
  /** Refused edit, a low double buzz: band-limited sawtooth at 98 Hz (harmonics 1–25, 1/k), 2 × 120 ms. */
  refuse: () => {
    const out = samples(0.3);
    const pulses = [
      [0, 0.12],
      [0.16, 0.28],
    ];
    for (let i = 0; i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      const pulse = pulses.find(([a, b]) => t >= a && t < b);
      if (!pulse) continue;
      const [a, b] = pulse;
      const envelope = Math.min(1, (t - a) / 0.008, (b - t) / 0.025);
      let saw = 0;
      for (let k = 1; k <= 25; k++) saw += Math.sin(TAU * 98 * k * t) / k;
      out[i] = envelope * saw;
    }
    return finish(out, 0.4);
  },
  /** Serve, a desk service bell: 1.4 kHz strike with inharmonic partials 2.56×, 4.17×, 5.43×. 850 ms. */
  serve: () => {
    const out = samples(0.85);
    const f0 = 1400;
    addPartial(out, { freq: f0, amp: 1, decay: 0.5 });
    addPartial(out, { freq: f0 * 1.003, amp: 0.5, decay: 0.45 });
    addPartial(out, { freq: f0 * 2.56, amp: 0.5, decay: 0.3 });
    addPartial(out, { freq: f0 * 4.17, amp: 0.25, decay: 0.15 });
    addPartial(out, { freq: f0 * 5.43, amp: 0.12, decay: 0.08 });
    const strike = noise(out.length, 3);
    return finish(
      out.map((x, i) => x + 0.8 * strike[i] * Math.exp(-i / SAMPLE_RATE / 0.003)),
      0.6,
    );
  },
  /** First star: a chime on C6 (1046.5 Hz) with its 2nd and 3rd harmonics. 500 ms. */
  star1: () => chime(1046.5),
  /** Second star: E6 (1318.5 Hz), a major third above. */
  star2: () => chime(1318.5),
  /** Third star: G6 (1568.0 Hz), completing the C major arpeggio. */
  star3: () => chime(1568.0),
  /** A pass between kitchens, a short whoosh: noise through a band-pass sweeping 300 → 1800 → 500 Hz. 380 ms. */
  pass: () => {
    const duration = 0.38;
    const sweep = (t) => {
      const x = t / duration;
      return x < 0.5 ? 300 + 1500 * Math.sin(Math.PI * x) : 500 + 1300 * Math.sin(Math.PI * x);
    };
    // Two band-passes in series (12 dB/octave skirts): a breath of air, not a hiss.
    const band = bandPass(bandPass(noise(samples(duration).length, 5), sweep, 0.8), sweep, 0.8);
    return finish(
      band.map((x, i) => x * Math.sin((Math.PI * i) / band.length) ** 1.5),
      0.45,
    );
  },
};

function chime(freq) {
  const out = samples(0.5);
  addPartial(out, { freq, amp: 1, decay: 0.22 });
  addPartial(out, { freq: 2 * freq, amp: 0.35, decay: 0.12 });
  addPartial(out, { freq: 3 * freq, amp: 0.12, decay: 0.07 });
  return finish(out, 0.5);
}

/** A canonical 44-byte WAV header (RIFF, 'fmt ' PCM chunk, 'data') followed by the samples. */
export function encodeWav(signal) {
  const data = Buffer.alloc(signal.length * 2);
  signal.forEach((x, i) =>
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(x * 32767))), i * 2),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function main(outDir) {
  mkdirSync(outDir, { recursive: true });
  for (const [name, recipe] of Object.entries(RECIPES)) {
    const wav = encodeWav(recipe());
    if (wav.length >= 40_000) throw new Error(`${name}.wav is ${wav.length} bytes: the limit is 40,000`);
    writeFileSync(path.join(outDir, `${name}.wav`), wav);
    console.log(`${name}.wav ${wav.length} bytes`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  main(path.resolve(process.argv[2] ?? path.join(root, 'assets', 'audio')));
}
