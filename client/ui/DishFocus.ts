// The global view's dishes for the keyboard and the pointer (issue 13 item 6: with 14+ dishes their titles are
// cut to fit): one transparent button over each dish picture, in the dishes' order after the view's panel in
// the Tab order, named with the dish's full title (name and label). Focusing one (Tab) or hovering it shows
// that title in a legible tip above the picture, kept inside the view. Canvas pixels are CSS pixels.
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { h } from './dom.ts';

export interface DishCell {
  /** The picture's cell, canvas pixels. */
  readonly box: Box;
  /** Its full title: "w1: P(None, 'x')". */
  readonly title: string;
}

export class DishFocus {
  private readonly root: HTMLElement;
  private readonly tip: HTMLElement;
  /** The overlay's origin on the canvas and its size, px. */
  private area: Box = { x: 0, y: 0, width: 0, height: 0 };

  constructor(overlay: HTMLElement) {
    this.tip = h('div', { class: 'dish-tip', role: 'tooltip', id: 'dish-tip', hidden: true });
    this.root = h('div', { class: 'dish-focus' }, this.tip);
    overlay.insertBefore(this.root, overlay.querySelector('.view-help'));
  }

  /** Buttons over `cells` of a view laid over `area` (canvas px); [] removes them. */
  set(cells: readonly DishCell[], area: Box): void {
    this.area = area;
    const focused = document.activeElement;
    const again = focused instanceof HTMLElement && this.root.contains(focused) ? focused.dataset.dish : null;
    for (const b of [...this.root.querySelectorAll('button')]) b.remove();
    this.hideTip();
    cells.forEach((c, i) => {
      const b = h('button', {
        type: 'button',
        class: 'dish-focus-button',
        'data-dish': String(i),
        'aria-label': c.title,
        'aria-describedby': 'dish-tip',
      });
      const s = b.style;
      s.left = `${c.box.x - area.x}px`;
      s.top = `${c.box.y - area.y}px`;
      s.width = `${c.box.width}px`;
      s.height = `${c.box.height}px`;
      const show = () => this.showTip(c);
      b.addEventListener('focus', show);
      b.addEventListener('mouseenter', show);
      b.addEventListener('blur', () => this.hideTip());
      b.addEventListener('mouseleave', () => {
        if (document.activeElement !== b) this.hideTip();
      });
      this.root.append(b);
      if (again === String(i)) b.focus();
    });
  }

  private showTip(c: DishCell): void {
    const tip = this.tip;
    tip.textContent = c.title;
    tip.hidden = false;
    const { width, height } = this.area;
    tip.style.maxWidth = `${Math.max(120, width - 8)}px`;
    const w = tip.offsetWidth;
    const tall = tip.offsetHeight;
    const left = Math.min(Math.max(4, c.box.x - this.area.x + c.box.width / 2 - w / 2), width - w - 4);
    const above = c.box.y - this.area.y - tall - 4;
    const below = c.box.y - this.area.y + c.box.height + 4;
    tip.style.left = `${Math.max(4, left)}px`;
    tip.style.top = `${above >= 0 ? above : Math.min(below, height - tall - 4)}px`;
  }

  private hideTip(): void {
    this.tip.hidden = true;
  }

  destroy(): void {
    this.root.remove();
  }
}
