// scripts/makeSounds.mjs: every sound the client loads is written as a canonical 16-bit mono 22.05 kHz WAV under
// 40 KB with the recipe's length and peak, the same bytes every run (and as committed in assets/audio/), and
// the star chimes really rise C6 → E6 → G6.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOUND_NAMES, type SoundName } from '../../../client/audio/SoundBoard.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RATE = 22_050;
/** Each recipe's length (ms) and peak (fraction of full scale), as written in the script's comments. */
const RECIPES: Record<SoundName, { ms: number; peak: number }> = {
  click: { ms: 30, peak: 0.3 },
  accept: { ms: 80, peak: 0.5 },
  refuse: { ms: 300, peak: 0.4 },
  serve: { ms: 850, peak: 0.6 },
  star1: { ms: 500, peak: 0.5 },
  star2: { ms: 500, peak: 0.5 },
  star3: { ms: 500, peak: 0.5 },
  pass: { ms: 380, peak: 0.45 },
};

let out: string;
beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'mk-sounds-'));
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'makeSounds.mjs'), out]);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

function parseWav(bytes: Buffer) {
  return {
    riff: bytes.toString('ascii', 0, 4),
    riffSize: bytes.readUInt32LE(4),
    wave: bytes.toString('ascii', 8, 12),
    fmt: bytes.toString('ascii', 12, 16),
    fmtSize: bytes.readUInt32LE(16),
    format: bytes.readUInt16LE(20),
    channels: bytes.readUInt16LE(22),
    rate: bytes.readUInt32LE(24),
    byteRate: bytes.readUInt32LE(28),
    blockAlign: bytes.readUInt16LE(32),
    bits: bytes.readUInt16LE(34),
    data: bytes.toString('ascii', 36, 40),
    dataSize: bytes.readUInt32LE(40),
    samples: Array.from({ length: (bytes.length - 44) / 2 }, (_, i) => bytes.readInt16LE(44 + 2 * i)),
  };
}

/** Goertzel power of `freq` Hz in the samples (Goertzel 1958). */
function power(samples: readonly number[], freq: number): number {
  const coeff = 2 * Math.cos((2 * Math.PI * freq) / RATE);
  let s1 = 0;
  let s2 = 0;
  for (const x of samples) {
    const s0 = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

const read = (name: string) => readFileSync(path.join(out, `${name}.wav`));

describe('makeSounds', () => {
  it('writes exactly the sounds the client loads', () => {
    expect(readdirSync(out).sort()).toEqual(SOUND_NAMES.map((n) => `${n}.wav`).sort());
  });

  it.each(SOUND_NAMES)('%s.wav is a 16-bit mono 22.05 kHz PCM WAV with its length and peak', (name) => {
    const bytes = read(name);
    const wav = parseWav(bytes);
    const { ms, peak } = RECIPES[name];
    const frames = Math.round((ms / 1000) * RATE);
    expect(bytes.length).toBeLessThan(40_000);
    expect(bytes.length).toBe(44 + 2 * frames);
    expect(wav).toMatchObject({
      riff: 'RIFF',
      riffSize: bytes.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      format: 1,
      channels: 1,
      rate: 22_050,
      byteRate: 44_100,
      blockAlign: 2,
      bits: 16,
      data: 'data',
      dataSize: 2 * frames,
    });
    // Faded in and out (no click at either end), and normalised to the recipe's peak.
    expect(wav.samples[0]).toBe(0);
    expect(wav.samples.at(-1)).toBe(0);
    // ±1: the peak may be a negative sample, and −16383.5 rounds to −16383.
    expect(Math.abs(Math.max(...wav.samples.map(Math.abs)) - peak * 32767)).toBeLessThanOrEqual(1);
  });

  it('is deterministic and matches the committed assets', () => {
    for (const name of SOUND_NAMES)
      expect(read(name).equals(readFileSync(path.join(ROOT, 'assets', 'audio', `${name}.wav`)))).toBe(true);
  });

  it('rings the stars on C6, E6 and G6 and the bell at 1.4 kHz', () => {
    const notes = [1046.5, 1318.5, 1568.0];
    ['star1', 'star2', 'star3'].forEach((name, i) => {
      const samples = parseWav(read(name)).samples;
      const powers = notes.map((f) => power(samples, f));
      expect(powers.indexOf(Math.max(...powers))).toBe(i);
    });
    const bell = parseWav(read('serve')).samples;
    expect(power(bell, 1400)).toBeGreaterThan(10 * power(bell, 1046.5));
  });
});
