// The dashboard's Reveal buttons, one per team of the round's results, with the pacing controls: a reveal
// puts that team's plan on every screen. The one the projector shows is marked: its button pressed
// (aria-pressed, drawn filled and underlined, not by colour alone) and a line under the buttons naming it,
// kept in place before any reveal ("the round's results") so no control below it moves. At the podium the line
// says so, and the buttons go.
import type { HostCommand, Locale, ResultsMessage } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { teamName, type RoomState } from './viewModels/roomState.ts';
import { button, patch } from './widgets.ts';

export function hostRevealsSection(
  root: HTMLElement,
  state: RoomState,
  /** The round's results while they are the current round's (results or podium phase). */
  results: ResultsMessage | undefined,
  /** The team whose plan is revealed on every screen this round, if any. */
  shown: string | undefined,
  t: Translate,
  locale: Locale,
  send: (command: HostCommand) => void,
): void {
  // At the podium the projector shows the final standings: no plan is on it, none can be revealed.
  const podium = state.phase === 'podium';
  const revealable = results && !podium ? results.teams.map((r) => r.team) : [];
  const name = (id: string) => {
    const team = state.teams.find((x) => x.id === id);
    return team ? teamName(team, locale) : id;
  };
  patch(
    root,
    JSON.stringify([locale, revealable, shown, state.phase, state.teams.map((x) => [x.name, x.nameZh])]),
    () =>
      podium
        ? [h('p', { class: 'on-projector', 'aria-live': 'polite' }, t('cls.host.onProjectorPodium'))]
        : revealable.length === 0
          ? []
          : [
              h(
                'div',
                { class: 'actions reveal-actions' },
                ...revealable.map((id) =>
                  button(
                    t('cls.cmd.reveal', { team: name(id) }),
                    () => send({ command: 'reveal', team: id }),
                    {
                      'data-reveal': id,
                      'data-focus': `reveal-${id}`,
                      'aria-pressed': String(id === shown),
                      disabled: state.phase !== 'results',
                    },
                  ),
                ),
              ),
              h(
                'p',
                { class: 'on-projector', 'data-team': shown ?? '', 'aria-live': 'polite' },
                shown === undefined
                  ? t('cls.host.onProjectorResults')
                  : t('cls.host.onProjector', { team: name(shown) }),
              ),
            ],
  );
}
