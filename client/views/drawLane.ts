// One lane of the dynamic view's Gantt strip: the lane's events sampled per pixel column and merged into runs
// of one kind (a step may hold 1000s of events), each drawn in its colour and pattern (EVENT_STYLES, as the
// stoves and the legend); a run of a dark, light-inked kind (send, receive) also gets a light edge on its
// left, so that even a run too short for its pattern stands out. Overlapped passes: a thin band at the bottom.
import type { GameObjects } from 'phaser';
import type { StepEventKind } from '../../shared/index.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { eventIndexAt, type LaneTrack } from '../viewModels/timelineTracks.ts';
import { drawPattern } from './drawPattern.ts';
import { EVENT_STYLES } from './eventStyles.ts';

/** One lane of the strip, sampled per pixel column and merged into runs (a step may hold 1000s of events). */
export function drawLane(g: GameObjects.Graphics, track: LaneTrack, row: Box, stepS: number): void {
  const columns = Math.max(1, Math.floor(row.width));
  let runStart = 0;
  let runKind: StepEventKind | undefined;
  const flush = (end: number) => {
    if (runKind === undefined) return;
    const { colour, pattern, ink } = EVENT_STYLES[runKind];
    const run = { x: row.x + runStart, y: row.y, width: end - runStart, height: row.height };
    drawPattern(g, pattern, colour, run, ink);
    if (ink !== undefined) g.fillStyle(ink, 1).fillRect(run.x, run.y, 1, run.height);
  };
  for (let x = 0; x <= columns; x++) {
    const i = x < columns ? eventIndexAt(track.main, ((x + 0.5) / columns) * stepS) : -1;
    const kind = x < columns ? (i >= 0 ? track.main[i]!.kind : 'idle') : undefined;
    if (kind !== runKind) {
      flush(x);
      runStart = x;
      runKind = kind;
    }
  }
  // Overlapped passes (behind the backward pass): a thin band along the row's bottom.
  for (const e of track.over) {
    const x0 = (e.startS / stepS) * row.width;
    const x1 = (e.endS / stepS) * row.width;
    g.fillStyle(EVENT_STYLES.collective.colour, 1).fillRect(
      row.x + x0,
      row.y + row.height * 0.7,
      Math.max(1, x1 - x0),
      row.height * 0.3,
    );
  }
}
