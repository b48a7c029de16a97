// The static view's groups for screen readers (issue 13): a visually hidden WAI-ARIA tree inside the view's
// tabpanel — phases at aria-level 1, their groups (parts of the model) at aria-level 2 with aria-expanded —
// that follows the drawing. The keyboard's cursor is the focused tree item, so a screen reader announces the
// group's name, counts, bytes and open/folded state as the arrows move it; the item's keys bubble to the
// panel, which moves the cursor (roving focus: the panel stays the one tab stop, every item is tabindex −1).
import type { GroupTreePhase } from '../viewModels/groupTree.ts';
import { h } from './dom.ts';

export class StaticGroupTree {
  readonly root: HTMLElement;
  private items = new Map<string, HTMLElement>();
  /** The phases' and groups' keys the tree was last built for (rebuilt only when they change). */
  private shape = '';

  constructor(private readonly panel: HTMLElement) {
    this.root = h('div', { role: 'tree', class: 'visually-hidden' });
    this.root.hidden = true;
    panel.append(this.root);
  }

  /**
   * Shows `phases` named `label`, with the focus on group `cursor` when the focus is in the panel already
   * (the panel again when the cursor's group is gone); `phases` empty hides the tree.
   */
  set(phases: readonly GroupTreePhase[], label: string, cursor: string | undefined): void {
    const focused = this.panel.contains(document.activeElement);
    this.root.setAttribute('aria-label', label);
    this.root.hidden = phases.length === 0;
    const shape = phases.map((p) => `${p.phase}[${p.groups.map((g) => g.key).join(',')}]`).join(' ');
    if (shape !== this.shape) this.build(phases);
    this.shape = shape;
    phases.forEach((p, i) => {
      const item = this.root.children[i] as HTMLElement;
      item.setAttribute('aria-label', p.label);
      for (const g of p.groups) {
        const el = this.items.get(g.key)!;
        el.textContent = g.label;
        el.setAttribute('aria-expanded', String(g.expanded));
        el.setAttribute('aria-selected', String(g.key === cursor));
      }
    });
    const target = cursor === undefined ? undefined : this.items.get(cursor);
    if (!focused) return;
    if (target) {
      if (document.activeElement !== target) target.focus({ preventScroll: true });
    } else if (this.root.contains(document.activeElement) || !this.panel.contains(document.activeElement))
      this.panel.focus({ preventScroll: true });
  }

  /** Hides the tree (another view shows), handing the focus back to the panel if it held it. */
  hide(): void {
    const held = this.root.contains(document.activeElement);
    this.root.hidden = true;
    if (held) this.panel.focus({ preventScroll: true });
  }

  private build(phases: readonly GroupTreePhase[]): void {
    this.items.clear();
    this.root.replaceChildren(
      ...phases.map((p) => {
        const groups = p.groups.map((g) => {
          const el = h('div', { role: 'treeitem', 'aria-level': '2', tabindex: '-1', 'data-group': g.key });
          this.items.set(g.key, el);
          return el;
        });
        return h(
          'div',
          { role: 'treeitem', 'aria-level': '1', 'aria-expanded': 'true', tabindex: '-1' },
          h('div', { role: 'group' }, ...groups),
        );
      }),
    );
  }
}
