// The kitchen scene's texts as the player sees them: each visible Text's drawn lines (its wrap applied), its
// size on the screen in CSS px (font size × the text's and its containers' scale × camera zoom × the canvas's
// CSS scale, as the learner audit measured it) and its page-space box.
import type { Page } from 'playwright-core';

export interface DrawnText {
  /** The lines the Text draws (after its word wrap). */
  readonly lines: string[];
  /** Its glyphs' size on the screen, CSS px. */
  readonly px: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Every visible Text of the kitchen scene, in display order, once the next frames are drawn. */
export async function drawnRows(page: Page): Promise<DrawnText[]> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => {
    type Node = {
      type: string;
      text?: string;
      visible?: boolean;
      scaleY?: number;
      list?: Node[];
      style?: { fontSize: string | number };
      getWrappedText?: () => string[];
      getBounds(): { x: number; y: number; width: number; height: number };
    };
    const game = window.__meshKitchen!.game;
    const scene = game.scene.getScene('kitchen') as unknown as {
      children: { list: Node[] };
      cameras: { main: { zoom: number } };
    };
    const canvas = game.canvas.getBoundingClientRect();
    const cssScale = canvas.width / game.canvas.width;
    const out: DrawnText[] = [];
    const walk = (n: Node, scale: number) => {
      if (n.visible === false) return;
      const s = scale * (n.scaleY ?? 1);
      if (n.type === 'Text' && n.text && n.getWrappedText) {
        const b = n.getBounds();
        out.push({
          lines: n.getWrappedText(),
          px: parseFloat(String(n.style!.fontSize)) * s * scene.cameras.main.zoom * cssScale,
          x: b.x * cssScale + canvas.x,
          y: b.y * cssScale + canvas.y,
          width: b.width * cssScale,
          height: b.height * cssScale,
        });
      }
      for (const c of n.list ?? []) walk(c, s);
    };
    for (const c of scene.children.list) walk(c, 1);
    return out;
  });
}
