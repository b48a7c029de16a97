// Which sound goes with which moment of play: an accepted edit (knife tap) or a refused one (buzz) on the
// level screen, a click on any button, the bell and one rising chime per star when a plan is served. The
// level screen needs no sound code: its session is picked up from the kitchen scene's start data.
import type { Game } from 'phaser';
import type { PlanSession, SessionView } from '../state/PlanSession.ts';
import type { SoundBoard, SoundName } from './SoundBoard.ts';
import { sounds } from './sounds.ts';

export interface Cue {
  readonly name: SoundName;
  readonly delayMs: number;
}

/** The bell rings first; the stars follow it, one chime each, rising C6 → E6 → G6. */
const FIRST_STAR_MS = 550;
const BETWEEN_STARS_MS = 300;
const STAR_SOUNDS = ['star1', 'star2', 'star3'] as const;

/** The sound for a change of the session's view: a new refusal buzzes, a changed plan taps, else nothing. */
export function editCue(before: SessionView, after: SessionView): 'accept' | 'refuse' | null {
  if (after.error !== null && after.error !== before.error) return 'refuse';
  if (after.plan !== before.plan) return 'accept';
  return null;
}

/** The cues of serving a plan that earned `stars` (an integer 0–3). */
export function serveCues(stars: number): readonly Cue[] {
  if (!Number.isInteger(stars) || stars < 0 || stars > STAR_SOUNDS.length)
    throw new RangeError(`stars must be an integer from 0 to 3, got ${stars}`);
  return [
    { name: 'serve', delayMs: 0 },
    ...STAR_SOUNDS.slice(0, stars).map((name, i) => ({
      name,
      delayMs: FIRST_STAR_MS + i * BETWEEN_STARS_MS,
    })),
  ];
}

/** Plays the serve bell and the stars' chimes. The hook for App.serve: `cueServe(evaluation.stars);`. */
export function cueServe(stars: number, board: SoundBoard = sounds): void {
  for (const cue of serveCues(stars)) board.play(cue.name, cue.delayMs);
}

const cued = new WeakSet<PlanSession>();

/** Taps on every accepted change of `session`, buzzes on every refusal; returns the unsubscribe function. */
export function cueSession(session: PlanSession, board: SoundBoard = sounds): () => void {
  if (cued.has(session)) return () => undefined;
  cued.add(session);
  let before: SessionView | undefined;
  const unsubscribe = session.subscribe((view) => {
    const cue = before ? editCue(before, view) : null;
    before = view;
    if (cue) board.play(cue);
  });
  return () => {
    unsubscribe();
    cued.delete(session);
  };
}

/** Clicks for every enabled button, summary or link clicked (by mouse, touch or keyboard) under `root`. */
export function cueClicks(root: EventTarget, board: SoundBoard = sounds): () => void {
  const onClick = (e: Event): void => {
    const target = e.target instanceof Element ? e.target.closest('button, summary, a[href]') : null;
    if (target && !(target instanceof HTMLButtonElement && target.disabled)) board.play('click');
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}

function isPlanSession(value: unknown): value is PlanSession {
  const v = value as Partial<PlanSession> | null | undefined;
  return typeof v?.subscribe === 'function' && typeof v.edit === 'function';
}

/** Cues the session each start of scene `sceneKey` receives as `data.session`, until that scene shuts down. */
export function cueSceneSessions(game: Game, sceneKey: string, board: SoundBoard = sounds): void {
  const attach = (): void => {
    const scene = game.scene.getScene(sceneKey);
    if (!scene) throw new Error(`cueSceneSessions: no scene '${sceneKey}'`);
    let detach: (() => void) | undefined;
    scene.events.on('ready', (_sys: unknown, data: { session?: unknown } | undefined) => {
      detach?.();
      detach = isPlanSession(data?.session) ? cueSession(data.session, board) : undefined;
    });
    scene.events.on('shutdown', () => {
      detach?.();
      detach = undefined;
    });
  };
  // Phaser adds the scenes on its 'ready' event (after booting), then sets isRunning.
  if (game.isRunning) attach();
  else game.events.once('ready', attach);
}

/** Everything main.ts wires: unlock on the first gesture, clicks, and the level screen's edit cues. */
export function installSoundCues(game: Game, kitchenScene: string, root: EventTarget = document): void {
  sounds.unlockOn(root);
  cueClicks(root);
  cueSceneSessions(game, kitchenScene);
}
