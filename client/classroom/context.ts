// What every classroom page is given by main.ts: the language, the per-code key store, the server address,
// the DOM stage/panel, and (player pages only) the Phaser game for the kitchen views.
import type { Game } from 'phaser';
import type { LocaleStore } from '../i18n/localeStore.ts';
import type { Translate } from '../ui/translate.ts';
import type { KeyStore } from './keyStore.ts';

export interface ClassroomContext {
  readonly locales: LocaleStore;
  readonly keys: KeyStore;
  /** The Colyseus endpoint (http origin of the game server). */
  readonly endpoint: string;
  /** The page's origin, for join links. */
  readonly origin: string;
  readonly stage: HTMLElement;
  readonly panel: HTMLElement;
  /** The Phaser game, created on first use (player pages show the kitchen views while planning). */
  readonly game: () => Game;
}

export const translator = (ctx: ClassroomContext): Translate => ctx.locales.t.bind(ctx.locales);
