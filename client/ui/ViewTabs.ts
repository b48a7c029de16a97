// The level screen's view switcher laid over the top of the canvas area: a WAI-ARIA tablist (Global / Local /
// Static / Dynamic; arrows, Home and End move and select, the focus ring shows), a focusable tabpanel over
// the drawing (the scene handles its keys: pick a kitchen, scroll, play) with a spoken description, and a
// footer slot for the view's own controls. Pointer events pass through to the canvas except on controls.
import '../styles/views.css';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { tabAfterKey, VIEW_NAMES, type ViewName } from '../viewModels/viewTabs.ts';
import type { GroupTreePhase } from '../viewModels/groupTree.ts';
import { h } from './dom.ts';
import { StaticGroupTree } from './StaticGroupTree.ts';
import type { Translate } from './translate.ts';

export interface ViewTabsHandlers {
  select: (view: ViewName) => void;
  /** A key pressed on the tabpanel; return true when it was used. */
  panelKey: (key: string) => boolean;
}

export class ViewTabs {
  readonly root: HTMLElement;
  private readonly list: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly help: HTMLElement;
  private readonly footer: HTMLElement;
  private readonly tabs: Map<ViewName, HTMLButtonElement>;
  private readonly groupTree: StaticGroupTree;
  private current: ViewName = 'global';

  constructor(
    parent: HTMLElement,
    private readonly handlers: ViewTabsHandlers,
  ) {
    this.tabs = new Map(
      VIEW_NAMES.map((name) => {
        const tab = h('button', {
          type: 'button',
          role: 'tab',
          id: `view-tab-${name}`,
          class: 'view-tab',
          'aria-controls': 'view-panel',
          'data-view': name,
        });
        tab.addEventListener('click', () => this.handlers.select(name));
        tab.addEventListener('keydown', (e) => this.onTabKey(e));
        return [name, tab] as const;
      }),
    );
    this.list = h('div', { role: 'tablist', class: 'view-tabs' }, ...this.tabs.values());
    this.help = h('p', { id: 'view-help', class: 'view-help' });
    this.panel = h('div', {
      id: 'view-panel',
      role: 'tabpanel',
      tabindex: '0',
      class: 'view-panel',
      'aria-describedby': 'view-help',
    });
    this.panel.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (this.handlers.panelKey(e.key)) e.preventDefault();
    });
    this.groupTree = new StaticGroupTree(this.panel);
    this.footer = h('div', { class: 'view-footer' });
    this.root = h('div', { class: 'views-overlay' }, this.list, this.panel, this.help, this.footer);
    parent.append(this.root);
  }

  /** Texts in the present language; `help` describes the current view to screen readers. */
  setTexts(t: Translate, help: string): void {
    this.list.setAttribute('aria-label', t('views.tabs'));
    for (const [name, tab] of this.tabs) tab.textContent = t(`views.${name}`);
    this.help.textContent = help;
  }

  show(view: ViewName): void {
    this.current = view;
    this.root.dataset.view = view;
    for (const [name, tab] of this.tabs) {
      const on = name === view;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    this.panel.setAttribute('aria-labelledby', `view-tab-${view}`);
  }

  /** The view's own controls below the drawing (null: none). */
  setFooter(el: HTMLElement | null): void {
    this.footer.replaceChildren(...(el ? [el] : []));
    this.footer.hidden = el === null;
  }

  /** Lays the overlay over `area` (canvas pixels = CSS pixels); returns the box left for drawing. */
  place(area: Box): Box {
    const s = this.root.style;
    s.left = `${area.x}px`;
    s.top = `${area.y}px`;
    s.width = `${area.width}px`;
    s.height = `${area.height}px`;
    const top = this.list.offsetHeight;
    const bottom = this.footer.hidden ? 0 : this.footer.offsetHeight;
    return {
      x: area.x,
      y: area.y + top,
      width: area.width,
      height: Math.max(20, area.height - top - bottom),
    };
  }

  set dataKitchen(id: number) {
    this.root.dataset.kitchen = String(id);
  }

  /** The static view's cursor group (its key), or none. */
  set dataGroup(key: string | undefined) {
    if (key === undefined) delete this.root.dataset.group;
    else this.root.dataset.group = key;
  }

  /** The static view's groups for screen readers (named `label`), the focus on `cursor`'s; null hides them. */
  setGroups(phases: readonly GroupTreePhase[] | null, label: string, cursor: string | undefined): void {
    if (phases === null) this.groupTree.hide();
    else this.groupTree.set(phases, label, cursor);
  }

  destroy(): void {
    this.root.remove();
  }

  private onTabKey(e: KeyboardEvent): void {
    const next = tabAfterKey(this.current, e.key);
    if (!next) return;
    e.preventDefault();
    this.handlers.select(next);
    this.tabs.get(next)?.focus();
  }
}
