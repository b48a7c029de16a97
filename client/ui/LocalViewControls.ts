// The local view's DOM controls: previous / next kitchen buttons (wrapping) around the picked kitchen's name.
import { h } from './dom.ts';
import type { Translate } from './translate.ts';

export class LocalViewControls {
  readonly root: HTMLElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly name: HTMLOutputElement;

  constructor(step: (delta: number) => void) {
    this.prev = h('button', { type: 'button', class: 'button', 'data-control': 'prev' }, '◀');
    this.next = h('button', { type: 'button', class: 'button', 'data-control': 'next' }, '▶');
    this.prev.addEventListener('click', () => step(-1));
    this.next.addEventListener('click', () => step(1));
    this.name = h('output', { class: 'view-time', 'data-control': 'kitchen', 'aria-live': 'polite' });
    this.root = h(
      'div',
      { class: 'view-controls', 'data-controls': 'local' },
      this.prev,
      this.name,
      this.next,
    );
  }

  show(t: Translate, kitchen: number, count: number): void {
    this.prev.setAttribute('aria-label', t('views.prev'));
    this.next.setAttribute('aria-label', t('views.next'));
    this.name.textContent = t('views.kitchenOf', { id: kitchen, n: count });
  }
}
