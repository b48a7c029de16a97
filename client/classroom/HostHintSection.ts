// The dashboard's hint box: a hint goes to every screen at once (hint), replaces the one showing, and Clear
// takes it off (clearHint). The line under the box is kept when empty, so sending a hint moves no button.
import { HINT_MAX_CHARS, type HostCommand, type Locale } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { button, patch } from './widgets.ts';

export function hostHintSection(
  root: HTMLElement,
  lastHint: string,
  t: Translate,
  locale: Locale,
  send: (command: HostCommand) => void,
): void {
  patch(root, JSON.stringify([locale, lastHint]), () => {
    const box = h('textarea', {
      id: 'hint-text',
      maxlength: String(HINT_MAX_CHARS),
      rows: '2',
      'data-focus': 'hint',
    });
    const form = h(
      'form',
      { class: 'hint-form' },
      h('label', { for: 'hint-text' }, t('cls.host.hint', { max: HINT_MAX_CHARS })),
      box,
      h(
        'button',
        { type: 'submit', class: 'button', 'data-focus': 'hint-send' },
        t(lastHint ? 'cls.run.replaceHint' : 'cls.host.sendHint'),
      ),
      lastHint
        ? h(
            'p',
            { class: 'hint-now', id: 'hint-now' },
            t('cls.host.hintSent', { text: lastHint }),
            ' ',
            button(t('cls.run.clearHint'), () => send({ command: 'clearHint' }), {
              class: 'button',
              id: 'hint-clear',
              'data-focus': 'hint-clear',
            }),
          )
        : h('p', { class: 'hint-now empty', 'aria-hidden': 'true' }),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = box.value.trim();
      if (!text) return;
      send({ command: 'hint', text });
      box.value = '';
    });
    return [form];
  });
}
