// Boots the page: the language switch and connection status in the DOM header, the Phaser game below, and
// the solo screens (App: title → level list → level → score) in the DOM panel beside it.
import { AUTO, Game, Scale } from 'phaser';
import { LocaleStore } from './i18n/localeStore.ts';
import { RoomConnection } from './net/RoomConnection.ts';
import { KitchenScene } from './scenes/KitchenScene.ts';
import { TitleScene } from './scenes/TitleScene.ts';
import { StarStore } from './state/starStore.ts';
import { App } from './ui/App.ts';
import { UI } from './views/palette.ts';

const locales = new LocaleStore(window.localStorage, navigator.languages);
const connection = new RoomConnection(import.meta.env.VITE_COLYSEUS_URL ?? window.location.origin);

const langButton = document.getElementById('lang') as HTMLButtonElement;
const status = document.getElementById('connection') as HTMLElement;
langButton.addEventListener('click', () => locales.toggle());

function renderStatus(): void {
  const state = connection.current;
  status.dataset.state = state.kind;
  status.textContent =
    state.kind === 'online'
      ? locales.t('net.online', { ms: state.rttMs })
      : locales.t(state.kind === 'offline' ? 'net.offline' : 'net.connecting');
}

locales.subscribe((locale) => {
  document.documentElement.lang = locale;
  document.title = `${locales.t('app.title')} · Mesh Kitchen`;
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]'))
    el.textContent = locales.t(el.dataset.i18n as 'app.title');
  langButton.textContent = locales.t('lang.switch');
  langButton.setAttribute('aria-label', locales.t('lang.switchLabel'));
  renderStatus();
});
connection.subscribe(renderStatus);

const game = new Game({
  type: AUTO,
  parent: 'game',
  backgroundColor: UI.background,
  scale: { mode: Scale.RESIZE, width: '100%', height: '100%' },
  scene: [new TitleScene(locales), new KitchenScene(locales)],
});

const app = new App(
  game,
  locales,
  new StarStore(window.localStorage),
  document.getElementById('stage') as HTMLElement,
  document.getElementById('panel') as HTMLElement,
);

void connection.connect();

declare global {
  interface Window {
    /** Read-only probe for browser tests. */
    __meshKitchen?: { game: Game; locales: LocaleStore; connection: RoomConnection; app: App };
  }
}
window.__meshKitchen = { game, locales, connection, app };
