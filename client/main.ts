// Boots the page: the language switch and connection status in the DOM header, the Phaser game below, and
// the solo screens (App: title → level list → level → score) in the DOM panel beside it.
import { CANVAS, Game, Scale } from 'phaser';
import { installSoundCues } from './audio/soundCues.ts';
import { sounds } from './audio/sounds.ts';
import { LocaleStore } from './i18n/localeStore.ts';
import { RoomConnection } from './net/RoomConnection.ts';
import { KITCHEN_SCENE, KitchenScene } from './scenes/KitchenScene.ts';
import { PreloadScene } from './scenes/PreloadScene.ts';
import { TitleScene } from './scenes/TitleScene.ts';
import { StarStore } from './state/starStore.ts';
import { App } from './ui/App.ts';
import { KeyStore } from './classroom/keyStore.ts';
import { startClassroom } from './classroom/startClassroom.ts';
import { classroomRoute } from './classroom/viewModels/classroomRoute.ts';
import { mountMuteButton } from './ui/MuteButton.ts';
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

/** Px the title screen's DOM buttons (#panel, at the stage's foot) cover of the canvas. */
function titleButtonsSpace(): number {
  const stageBox = document.getElementById('stage')?.getBoundingClientRect();
  const panelBox = document.getElementById('panel')?.getBoundingClientRect();
  return stageBox && panelBox && panelBox.height > 0 ? Math.max(0, stageBox.bottom - panelBox.top) : 0;
}

const createGame = (): Game =>
  new Game({
    // Canvas, not WebGL: the scenes are flat diagrams, and with software GL (headless Chromium, many
    // classroom laptops) WebGL ran the 64-kitchen dynamic view at 25 FPS vs 60 (bench/dynamicViewFps.ts).
    type: CANVAS,
    parent: 'game',
    backgroundColor: UI.background,
    scale: { mode: Scale.RESIZE, width: '100%', height: '100%' },
    // Our own Web Audio plays the sounds (client/audio/): Phaser's sound manager would open a second context.
    audio: { noAudio: true },
    scene: [
      new PreloadScene(locales, sounds, document.getElementById('loading')),
      new TitleScene(locales, titleButtonsSpace),
      new KitchenScene(locales),
    ],
  });

// `/?join=CODE`, `/?host[=CODE]`, `/?projector=CODE` open the live classroom's pages instead of solo play;
// they create the Phaser game only when a player's screen first shows the kitchens.
const classroom = classroomRoute(window.location.search);
const game = classroom ? undefined : createGame();
let classroomGame: Game | undefined;
const stage = document.getElementById('stage') as HTMLElement;
const panel = document.getElementById('panel') as HTMLElement;
const endpoint = import.meta.env.VITE_COLYSEUS_URL ?? window.location.origin;
const app = game && new App(game, locales, new StarStore(window.localStorage), stage, panel);
if (classroom)
  startClassroom(classroom, {
    locales,
    keys: new KeyStore(window.localStorage),
    endpoint,
    origin: window.location.origin,
    stage,
    panel,
    game: () => {
      if (!classroomGame) installSoundCues((classroomGame = createGame()), KITCHEN_SCENE);
      return classroomGame;
    },
  });

mountMuteButton(document.getElementById('mute') as HTMLButtonElement, sounds, locales);
if (game) installSoundCues(game, KITCHEN_SCENE);

void connection.connect();

declare global {
  interface Window {
    /** Read-only probe for browser tests. */
    __meshKitchen?: {
      game: Game;
      locales: LocaleStore;
      connection: RoomConnection;
      app: App;
      sounds: typeof sounds;
    };
  }
}
if (game && app) window.__meshKitchen = { game, locales, connection, app, sounds };
