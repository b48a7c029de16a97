// The level screen's canvas: the four views of the plan (global / local / static / dynamic, docs/design.md §5.3)
// beside the DOM panel, switched by the ViewTabs bar laid over the canvas area. Wiring only: data from the
// PlanSession, drawing in views/, playback maths in viewModels/; the dynamic view's clock runs on
// Phaser's update loop. Redraws on every plan change, language change and resize.
import { Scene, type Input } from 'phaser';
import { makeMesh, meshPairs, unwrap, type Mesh } from '../../shared/index.ts';
import type { LocaleStore } from '../i18n/localeStore.ts';
import type { PlanSession } from '../state/PlanSession.ts';
import { DishFocus } from '../ui/DishFocus.ts';
import { DynamicViewControls } from '../ui/DynamicViewControls.ts';
import { LocalViewControls } from '../ui/LocalViewControls.ts';
import { ViewTabs } from '../ui/ViewTabs.ts';
import { kitchenAt, type Box } from '../viewModels/kitchenGridLayout.ts';
import {
  advance,
  playback,
  scrubTo,
  setPlaying,
  setSpeed,
  SLIDER_STEPS,
  type Playback,
} from '../viewModels/playbackClock.ts';
import { kitchenAfterKey, type ViewName } from '../viewModels/viewTabs.ts';
import { DynamicView } from '../views/DynamicView.ts';
import { GlobalView } from '../views/GlobalView.ts';
import { LocalView } from '../views/LocalView.ts';
import { StaticView } from '../views/StaticView.ts';
import type { SceneView, ViewContext } from '../views/viewContext.ts';

export const KITCHEN_SCENE = 'kitchen';

export interface KitchenSceneData {
  readonly session: PlanSession;
  /** The part of the canvas the DOM panel leaves free. */
  readonly area: () => Box;
  /** The view to open with (default global) and the kitchen picked for the local view (default 0). */
  readonly view?: ViewName;
  readonly kitchen?: number;
}

interface Views {
  readonly global: GlobalView;
  readonly local: LocalView;
  readonly static: StaticView;
  readonly dynamic: DynamicView;
}

export class KitchenScene extends Scene {
  private plan!: PlanSession;
  private area!: () => Box;
  private views!: Views;
  private tabs!: ViewTabs;
  private dishFocus!: DishFocus;
  private dynamicControls!: DynamicViewControls;
  private localControls!: LocalViewControls;
  private current: ViewName = 'global';
  private kitchen = 0;
  private mesh: Mesh | undefined;
  private clock: Playback | undefined;
  private box: Box = { x: 0, y: 0, width: 1, height: 1 };
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly locales: LocaleStore) {
    super(KITCHEN_SCENE);
  }

  /** The session shown (read-only probe for the browser tests and the benchmark). */
  get session(): PlanSession {
    return this.plan;
  }

  /** The view shown. */
  get viewName(): ViewName {
    return this.current;
  }

  create(data: KitchenSceneData): void {
    this.plan = data.session;
    this.area = data.area;
    this.current = data.view ?? 'global';
    this.kitchen = data.kitchen ?? 0;
    this.clock = undefined;
    this.views = {
      global: new GlobalView(this),
      local: new LocalView(this),
      static: new StaticView(this),
      dynamic: new DynamicView(this),
    };
    const t = this.locales.t.bind(this.locales);
    this.tabs = new ViewTabs(this.game.canvas.parentElement ?? document.body, {
      select: (v) => this.showView(v),
      panelKey: (key) => this.onPanelKey(key),
    });
    this.dishFocus = new DishFocus(this.tabs.root);
    this.dynamicControls = new DynamicViewControls(t, {
      toggle: () => this.setClock(this.clock && setPlaying(this.clock, !this.clock.playing)),
      scrub: (f) => this.setClock(this.clock && scrubTo(this.clock, f)),
      speed: (s) => this.setClock(this.clock && setSpeed(this.clock, s)),
    });
    this.localControls = new LocalViewControls((d) => this.pickKitchen(this.kitchen + d));
    this.input.on('pointerdown', (p: Input.Pointer) => this.onPointer(p));
    this.input.on('wheel', (_p: Input.Pointer, _o: unknown, _dx: number, dy: number) =>
      this.scrollRows(Math.sign(dy) * 3),
    );
    this.unsubscribe.push(this.plan.subscribe(() => this.layout()));
    this.unsubscribe.push(this.locales.subscribe(() => this.layout()));
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => {
      for (const u of this.unsubscribe.splice(0)) u();
      this.scale.off('resize', this.layout, this);
      this.input.removeAllListeners();
      for (const v of Object.values(this.views) as SceneView[]) v.destroy();
      this.dishFocus.destroy();
      this.tabs.destroy();
    });
  }

  /** Switches the view (the tabs, a click on a kitchen, or the probe). */
  showView(view: ViewName): void {
    this.current = view;
    this.layout();
  }

  update(_time: number, delta: number): void {
    if (this.current !== 'dynamic' || !this.clock) return;
    if (this.clock.playing) this.clock = advance(this.clock, delta);
    this.views.dynamic.setTime(this.clock.t);
    this.dynamicControls.sync(this.clock);
  }

  private setClock(p: Playback | undefined): void {
    if (!p) return;
    this.clock = p;
    this.views.dynamic.setTime(p.t);
    this.dynamicControls.sync(p);
  }

  private context(): ViewContext {
    return {
      view: this.plan.view,
      mesh: this.mesh!,
      t: this.locales.t.bind(this.locales),
      locale: this.locales.locale,
      kitchen: this.kitchen,
    };
  }

  private layout(): void {
    const view = this.plan.view;
    const t = this.locales.t.bind(this.locales);
    this.mesh = unwrap(makeMesh(meshPairs(view.plan)));
    if (this.kitchen >= this.mesh.deviceCount) this.kitchen = 0;
    // A step whose fridges overflow does not cook: nothing to play, so no Play button and no clock.
    const timeline = view.evaluation?.pricing.memory.fits ? view.evaluation.timeline : undefined;
    this.clock = timeline && timeline.stepS > 0 ? playback(timeline.stepS, this.clock) : undefined;

    const help =
      this.current === 'local' ? t('views.localHelp', { id: this.kitchen }) : t(`views.${this.current}Help`);
    this.tabs.setTexts(t, help);
    this.tabs.show(this.current);
    this.tabs.dataKitchen = this.kitchen;
    this.dynamicControls.setTexts(t);
    this.localControls.show(t, this.kitchen, this.mesh.deviceCount);
    this.tabs.setFooter(
      this.current === 'dynamic' && this.clock
        ? this.dynamicControls.root
        : this.current === 'local'
          ? this.localControls.root
          : null,
    );
    this.box = this.tabs.place(this.area());
    for (const [name, v] of Object.entries(this.views) as [ViewName, SceneView][])
      v.setVisible(name === this.current);
    this.views[this.current].draw(this.context(), this.box);
    this.syncGroup();
    this.dishFocus.set(this.current === 'global' ? this.views.global.dishCells : [], this.area());
    if (this.current === 'dynamic' && this.clock) this.setClock(this.clock);
  }

  private pickKitchen(id: number): void {
    const n = this.mesh?.deviceCount ?? 1;
    this.kitchen = ((id % n) + n) % n;
    if (this.current === 'global') {
      this.views.global.pick(this.kitchen);
      this.tabs.dataKitchen = this.kitchen;
    } else this.layout();
  }

  private onPointer(p: Input.Pointer): void {
    if (this.current === 'static') {
      if (this.views.static.click(p.x, p.y)) this.syncGroup();
      return;
    }
    if (this.current !== 'global') return;
    const layout = this.views.global.layout;
    const id = layout && kitchenAt(layout, p.x, p.y);
    if (id === undefined) return;
    this.kitchen = id;
    this.showView('local');
  }

  /** The static view's groups and cursor, on the overlay for screen readers (a tree) and tests (data-group). */
  private syncGroup(): void {
    const stat = this.views.static;
    this.tabs.dataGroup = stat.cursorGroup;
    const t = this.locales.t.bind(this.locales);
    this.tabs.setGroups(
      this.current === 'static' ? stat.groupTree : null,
      t('views.groupsTree'),
      stat.cursorGroup,
    );
  }

  private scrollRows(rows: number): void {
    if (this.current === 'static') this.views.static.scrollBy(rows);
    else if (this.current === 'local') this.views.local.scrollBy(rows);
  }

  private onPanelKey(key: string): boolean {
    const vertical: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, PageUp: -8, PageDown: 8 };
    switch (this.current) {
      case 'global': {
        if (key === 'Enter' || key === ' ') {
          this.showView('local');
          return true;
        }
        const columns = this.views.global.layout?.columns ?? 1;
        const next = kitchenAfterKey(this.kitchen, key, columns, this.mesh?.deviceCount ?? 1);
        if (next === undefined) return false;
        this.pickKitchen(next);
        return true;
      }
      case 'local':
        if (key === 'ArrowLeft' || key === 'ArrowRight') {
          this.pickKitchen(this.kitchen + (key === 'ArrowLeft' ? -1 : 1));
          return true;
        }
        if (vertical[key] === undefined) return false;
        this.scrollRows(vertical[key]);
        return true;
      case 'static': {
        // The arrows move the cursor between groups (a listing without groups scrolls); Enter or Space
        // opens or folds the cursor's group; the page keys scroll.
        const stat = this.views.static;
        const done =
          key === 'ArrowUp' || key === 'ArrowDown'
            ? stat.moveCursor(key === 'ArrowUp' ? -1 : 1)
            : key === 'Enter' || key === ' '
              ? stat.toggleCursor()
              : false;
        if (done) this.syncGroup();
        else if (vertical[key] !== undefined) this.scrollRows(vertical[key]);
        return done || vertical[key] !== undefined;
      }
      case 'dynamic': {
        const c = this.clock;
        if (!c) return false;
        if (key === ' ' || key === 'Enter') this.setClock(setPlaying(c, !c.playing));
        else if (key === 'ArrowLeft' || key === 'ArrowRight')
          this.setClock(scrubTo(c, c.t / c.stepS + (key === 'ArrowLeft' ? -10 : 10) / SLIDER_STEPS));
        else return false;
        return true;
      }
    }
  }
}
