// One caption on its own (the dish pictures' titles): its text and style, shrunk to fit its room down to
// `minScale` and cut with an ellipsis beyond that (ellipsize.ts), so it never spills into the next column. The
// scrolling lists' rows share one size and wrap instead (PooledRows.ts, viewModels/rowListLayout.ts).
import type { GameObjects } from 'phaser';
import { ellipsize } from './ellipsize.ts';

export interface RowTextStyle {
  /** Font size, px. */
  readonly size: number;
  readonly bold: boolean;
  readonly colour: string;
  /** Width available, px. */
  readonly room: number;
  /** Smallest scale allowed (e.g. 12 px / size). */
  readonly minScale: number;
}

export function fitRowText(text: GameObjects.Text, content: string, style: RowTextStyle): void {
  text
    .setText(content)
    .setFontSize(style.size)
    .setFontStyle(style.bold ? 'bold' : '')
    .setColor(style.colour)
    .setFixedSize(0, 0)
    .setScale(1);
  const scale = Math.max(style.minScale, Math.min(1, style.room / text.width));
  text.setScale(scale);
  if (text.width * scale <= style.room) return;
  const fits = (candidate: string): boolean => text.setText(candidate).width * scale <= style.room;
  text.setText(ellipsize(content, fits));
}
