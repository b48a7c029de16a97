// The page's one SoundBoard, for the screens to import: `sounds.play('serve')`. Its mute choice is the
// player's (localStorage); its AudioContext is created by the first user gesture (see main.ts).
import { SoundBoard, type SoundContext } from './SoundBoard.ts';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Reading localStorage throws when the browser forbids storage.
  }
}

function createContext(): SoundContext | null {
  const Context =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return Context ? new Context() : null;
}

export const sounds = new SoundBoard(localStorageOrUndefined(), createContext);
