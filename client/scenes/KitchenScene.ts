// The level's global view: the kitchen grid of the plan's mesh with every kitchen's fridge gauge, redrawn on
// every change of the plan and of the language. Wiring only: data from the LevelSession, drawing in views/.
import { Scene, type GameObjects } from 'phaser';
import { formatGb, makeMesh, meshPairs, meshToString, unwrap } from '../../shared/index.ts';
import type { LocaleStore } from '../i18n/localeStore.ts';
import type { LevelSession, SessionView } from '../state/LevelSession.ts';
import { fridgeGauges } from '../viewModels/fridgeGauge.ts';
import type { Box } from '../viewModels/kitchenGridLayout.ts';
import { KitchenGridView } from '../views/KitchenGridView.ts';
import { FONT_FAMILY } from '../views/palette.ts';

export const KITCHEN_SCENE = 'kitchen';

export class KitchenScene extends Scene {
  private session!: LevelSession;
  /** The part of the canvas the DOM panel leaves free. */
  private area!: () => Box;
  private grid!: KitchenGridView;
  private heading!: GameObjects.Text;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly locales: LocaleStore) {
    super(KITCHEN_SCENE);
  }

  create(data: { session: LevelSession; area: () => Box }): void {
    this.session = data.session;
    this.area = data.area;
    this.heading = this.add
      .text(0, 0, '', { fontFamily: FONT_FAMILY, color: '#f4f1ea', fontStyle: 'bold', align: 'center' })
      .setOrigin(0.5, 0);
    this.grid = new KitchenGridView(this);
    this.unsubscribe.push(this.session.subscribe(() => this.layout()));
    this.unsubscribe.push(this.locales.subscribe(() => this.layout()));
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => {
      for (const u of this.unsubscribe.splice(0)) u();
      this.scale.off('resize', this.layout, this);
      this.grid.destroy();
    });
  }

  private layout(): void {
    const view: SessionView = this.session.view;
    const { x, y, width, height } = this.area();
    const t = this.locales.t.bind(this.locales);
    const mesh = unwrap(makeMesh(meshPairs(view.plan)));
    const pad = Math.max(10, Math.min(width, height) * 0.03);
    this.heading
      .setText(t('level.grid', { mesh: meshToString(mesh) }))
      .setFontSize(Math.max(16, Math.round(Math.min(width, height) * 0.04)))
      .setWordWrapWidth(Math.max(120, width - 2 * pad), true)
      .setPosition(x + width / 2, y + pad);
    const memory = view.evaluation?.pricing.memory;
    const gauges = memory ? fridgeGauges(memory) : undefined;
    const top = this.heading.y + this.heading.height + pad;
    this.grid.update(
      mesh,
      { x: x + pad, y: top, width: width - 2 * pad, height: Math.max(40, y + height - top - pad) },
      (id) => {
        const gauge = gauges?.get(id);
        const name = t('title.kitchen', { id });
        if (!gauge) return name;
        const mark = gauge.overflow ? '✗' : '✓';
        return `${name}\n${mark} ${formatGb(gauge.totalBytes)} / ${formatGb(gauge.capacityBytes)}`;
      },
      gauges,
    );
  }
}
