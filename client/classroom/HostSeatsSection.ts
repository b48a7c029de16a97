// The dashboard's "Joining" box (issue 10, item 5): the session's lock against new players as a toggle
// (lockJoins), and the removed players (MSG_REMOVED, facilitator only) each with "Let back in" (readmit).
import type { HostCommand, Locale, RemovedPlayersMessage } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import type { RoomState } from './viewModels/roomState.ts';
import { button, patch } from './widgets.ts';

export function hostSeatsSection(
  root: HTMLElement,
  state: RoomState,
  removed: RemovedPlayersMessage | undefined,
  t: Translate,
  locale: Locale,
  send: (command: HostCommand) => void,
): void {
  const players = removed?.players ?? [];
  const locked = state.joinsLocked;
  patch(root, JSON.stringify([locale, locked, players]), () => [
    h('h3', {}, t('cls.seats.heading')),
    h(
      'p',
      { class: 'seats-line' },
      h(
        'span',
        { class: 'seats-state', id: 'joins-state', 'data-locked': String(locked), role: 'status' },
        t(locked ? 'cls.seats.locked' : 'cls.seats.open'),
      ),
      button(
        t(locked ? 'cls.seats.unlock' : 'cls.seats.lock'),
        () => send({ command: 'lockJoins', locked: !locked }),
        {
          class: locked ? 'button' : 'button danger',
          id: 'lock-joins',
          'aria-pressed': String(locked),
          'data-focus': 'lock-joins',
        },
      ),
    ),
    players.length === 0
      ? null
      : h(
          'div',
          { class: 'removed-players' },
          h('h4', {}, t('cls.seats.removed', { n: players.length })),
          h('p', { class: 'muted' }, t('cls.seats.removedNote')),
          h(
            'ul',
            {},
            ...players.map((p) =>
              h(
                'li',
                { 'data-removed': p.id },
                h('span', { class: 'who' }, p.nickname),
                button(t('cls.seats.readmit'), () => send({ command: 'readmit', player: p.id }), {
                  class: 'button small',
                  'aria-label': t('cls.seats.readmitName', { name: p.nickname }),
                  'data-focus': `readmit-${p.id}`,
                }),
              ),
            ),
          ),
        ),
  ]);
}
