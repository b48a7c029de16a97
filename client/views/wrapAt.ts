// Canvas text wrapped at `width` px by breakLines.ts (UAX #14), measured in the text's own font, in place of
// Phaser's ASCII-space wrap (`setWordWrapWidth`).
import type { GameObjects } from 'phaser';
import { breakLines } from './breakLines.ts';

/** `text`, wrapping at `width` px from now on. */
export function wrapAt<T extends GameObjects.Text>(text: T, width: number): T {
  // Phaser sets the context's font to the text's style before it calls the callback (Text.updateText).
  text.setWordWrapCallback((s: string) => breakLines(s, width, (x) => text.context.measureText(x).width));
  return text;
}
