// The header's mute switch: a toggle button (aria-pressed) with a speaker icon and its label in the player's
// language, also toggled by the 'M' key when focus is not in a form field. The state lives in the SoundBoard.
import type { SoundBoard } from '../audio/SoundBoard.ts';
import type { LocaleStore } from '../i18n/localeStore.ts';
import '../styles/polish.css';

/** The fields of a keydown event the shortcut looks at. */
export interface ShortcutEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly repeat: boolean;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | null;
}

const FORM_FIELDS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** 'M' or 'm' with no Ctrl / Meta / Alt, not auto-repeated, and not typed into a form field. */
export function isMuteShortcut(e: ShortcutEvent): boolean {
  if (e.key.toLowerCase() !== 'm' || e.ctrlKey || e.metaKey || e.altKey || e.repeat || e.defaultPrevented)
    return false;
  const target = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  return !(target && (FORM_FIELDS.has(target.tagName?.toUpperCase() ?? '') || target.isContentEditable));
}

const SVG = 'http://www.w3.org/2000/svg';
/** A speaker (24×24 viewBox) with sound waves, or with a cross when muted. */
const SPEAKER = 'M3 9h4l5-4v14l-5-4H3z';
const WAVES = 'M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13';
const CROSS = 'M16 9l6 6M22 9l-6 6';

function icon(): { svg: SVGSVGElement; extra: SVGPathElement } {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'mute-icon');
  const speaker = document.createElementNS(SVG, 'path');
  speaker.setAttribute('d', SPEAKER);
  speaker.setAttribute('class', 'mute-speaker');
  const extra = document.createElementNS(SVG, 'path');
  svg.append(speaker, extra);
  return { svg, extra };
}

/** Makes `button` the mute switch; returns the function that detaches it. */
export function mountMuteButton(
  button: HTMLButtonElement,
  board: SoundBoard,
  locales: LocaleStore,
): () => void {
  const { svg, extra } = icon();
  const text = document.createElement('span');
  text.className = 'mute-text';
  button.replaceChildren(svg, text);
  button.classList.add('mute');
  button.setAttribute('aria-keyshortcuts', 'M');

  const render = (): void => {
    const muted = board.isMuted;
    button.setAttribute('aria-pressed', String(muted));
    button.setAttribute('aria-label', locales.t('sound.muteLabel'));
    button.title = locales.t('sound.muteTitle');
    text.textContent = locales.t('sound.mute');
    extra.setAttribute('d', muted ? CROSS : WAVES);
    extra.setAttribute('class', muted ? 'mute-cross' : 'mute-waves');
  };
  const onClick = (): void => board.toggleMuted();
  const onKey = (e: KeyboardEvent): void => {
    if (!isMuteShortcut(e)) return;
    e.preventDefault();
    board.toggleMuted();
  };
  button.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  const unsubscribe = [board.subscribe(render), locales.subscribe(render)];
  return () => {
    button.removeEventListener('click', onClick);
    document.removeEventListener('keydown', onKey);
    for (const u of unsubscribe) u();
  };
}
