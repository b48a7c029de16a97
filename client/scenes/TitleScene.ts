// Title screen: the game's name in the chosen language and the kitchen grid of a 2×2 mesh (data × model).
// Wiring only: text comes from the locale store, the grid from KitchenGridView.
import { Scene, type GameObjects } from 'phaser';
import { makeMesh, meshToString, unwrap, type Mesh } from '../../shared/index.ts';
import type { LocaleStore } from '../i18n/localeStore.ts';
import { KitchenGridView } from '../views/KitchenGridView.ts';
import { FONT_FAMILY } from '../views/palette.ts';
import { MIN_WRAP_PX } from '../views/viewContext.ts';
import { wrapAt } from '../views/wrapAt.ts';

export const TITLE_SCENE = 'title';
/** Room left at the bottom for the DOM buttons (App's title screen) when their height is not known. */
const PLAY_BUTTON_SPACE = 64;

export class TitleScene extends Scene {
  private readonly mesh: Mesh = unwrap(
    makeMesh([
      ['data', 2],
      ['model', 2],
    ]),
  );
  private grid!: KitchenGridView;
  private headline!: GameObjects.Text;
  private subtitle!: GameObjects.Text;
  private caption!: GameObjects.Text;
  private unsubscribe: (() => void) | undefined;

  /**
   * `buttonsSpace`: the px the DOM buttons cover at the foot of the canvas (they wrap to two rows on a
   * phone, and the mesh caption must sit above them, issue 13 item 7).
   */
  constructor(
    private readonly locales: LocaleStore,
    private readonly buttonsSpace: () => number = () => PLAY_BUTTON_SPACE,
  ) {
    super(TITLE_SCENE);
  }

  create(): void {
    const style = { fontFamily: FONT_FAMILY, color: '#f4f1ea', align: 'center' } as const;
    this.headline = this.add.text(0, 0, '', { ...style, fontStyle: 'bold' }).setOrigin(0.5, 0);
    this.subtitle = this.add.text(0, 0, '', { ...style, color: '#b9c0cf' }).setOrigin(0.5, 0);
    this.caption = this.add.text(0, 0, '', { ...style, color: '#b9c0cf' }).setOrigin(0.5, 1);
    this.grid = new KitchenGridView(this);
    this.unsubscribe = this.locales.subscribe(() => this.layout());
    this.scale.on('resize', this.layout, this);
    this.events.once('shutdown', () => {
      this.unsubscribe?.();
      this.scale.off('resize', this.layout, this);
      this.grid.destroy();
    });
  }

  private layout(): void {
    const { width, height } = this.scale.gameSize;
    const t = this.locales.t.bind(this.locales);
    const unit = Math.min(width, height);
    const pad = Math.max(12, unit * 0.03);
    this.headline
      .setText(t('title.headline'))
      .setFontSize(Math.max(30, Math.round(unit * 0.075)))
      .setPosition(width / 2, pad);
    wrapAt(
      this.subtitle.setText(t('title.subtitle')).setFontSize(Math.max(18, Math.round(unit * 0.032))),
      Math.max(MIN_WRAP_PX, width - pad * 2),
    ).setPosition(width / 2, this.headline.y + this.headline.height + pad * 0.4);
    wrapAt(
      this.caption
        .setText(t('title.meshCaption', { mesh: meshToString(this.mesh), n: this.mesh.deviceCount }))
        .setFontSize(Math.max(18, Math.round(unit * 0.03))),
      Math.max(MIN_WRAP_PX, width - pad * 2),
    ).setPosition(width / 2, height - pad - Math.max(PLAY_BUTTON_SPACE, this.buttonsSpace()));
    const top = this.subtitle.y + this.subtitle.height + pad;
    const bottom = this.caption.y - this.caption.height - pad;
    this.grid.update(
      this.mesh,
      { x: pad, y: top, width: width - 2 * pad, height: Math.max(40, bottom - top) },
      (id) => t('title.kitchen', { id }),
    );
  }
}
