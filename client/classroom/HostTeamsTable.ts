// The dashboard's teams and players: per team its lock, points and plan in words (in planning and service: the
// facilitator coaches a team by it), per player the connection, a team select to move them, "make captain"
// and Kick (after a confirm). Keyed: redrawn only when they change.
import { levelById, planInWords, type HostCommand, type Locale, type PlanState } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { membersOf, teamName, type RoomState } from './viewModels/roomState.ts';
import { button, patch, teamBadge } from './widgets.ts';

export function hostTeamsTable(
  root: HTMLElement,
  state: RoomState,
  plans: ReadonlyMap<string, PlanState>,
  t: Translate,
  locale: Locale,
  send: (command: HostCommand) => void,
): void {
  const level = levelById(state.levelId);
  // Not in the results: the next round's plans reach the dashboard as it leaves them, before its state says
  // which level they are of; the reveal shows a plan there.
  const playing = state.phase === 'planning' || state.phase === 'service';
  const words = (team: string): string => {
    const plan = plans.get(team);
    return level && plan && playing
      ? planInWords(level, plan)
          .map((w) => w[locale])
          .join(t('cls.host.planSep'))
      : '';
  };
  const planText = state.teams.map((x) => words(x.id));
  patch(root, JSON.stringify([locale, state.teams, state.players, planText]), () => [
    h('h3', {}, t('cls.host.teamsHeading', { n: state.players.length })),
    h(
      'div',
      { class: 'host-team-grid' },
      ...state.teams.map((team, i) =>
        h(
          'section',
          { class: 'host-team', 'data-team': team.id },
          h(
            'header',
            {},
            teamBadge(teamName(team, locale), team.colour),
            h(
              'span',
              { class: 'muted' },
              ` ${t('cls.points', { n: Math.round(team.points) })} · ${t('cls.host.edits', { n: team.planVersion })}`,
              // Locked by its captain: only planning tells that apart (service locks every plan).
              team.locked && state.phase === 'planning' ? ` · ${t('cls.locked')}` : '',
            ),
          ),
          planText[i]
            ? h(
                'p',
                { class: 'team-plan-words muted', 'data-plan': team.id },
                t('cls.host.plan', { words: planText[i] }),
              )
            : null,
          h(
            'ul',
            { class: 'host-players' },
            ...membersOf(state, team.id).map((p) => {
              const move = h(
                'select',
                {
                  'aria-label': t('cls.host.move', { name: p.nickname }),
                  'data-focus': `move-${p.id}`,
                  'data-player': p.id,
                },
                ...state.teams.map((x) =>
                  h('option', { value: x.id, selected: x.id === p.team }, teamName(x, locale)),
                ),
              );
              move.addEventListener('change', () =>
                send({ command: 'movePlayer', player: p.id, team: move.value }),
              );
              return h(
                'li',
                { 'data-player': p.id, class: p.connected ? 'online' : 'away' },
                h(
                  'span',
                  { class: 'who' },
                  h('span', { class: 'dot', 'aria-hidden': 'true' }),
                  p.nickname,
                  p.id === team.captain ? ` ★` : '',
                  h('span', { class: 'visually-hidden' }, p.connected ? t('cls.online') : t('cls.away')),
                ),
                move,
                p.id === team.captain
                  ? null
                  : button(t('cls.host.makeCaptain'), () => send({ command: 'setCaptain', player: p.id }), {
                      class: 'button small',
                      'aria-label': t('cls.host.makeCaptainOf', { name: p.nickname }),
                      'data-focus': `captain-${p.id}`,
                    }),
                button(
                  t('cls.host.kick'),
                  () => {
                    if (window.confirm(t('cls.host.kickConfirm', { name: p.nickname })))
                      send({ command: 'kick', player: p.id });
                  },
                  {
                    class: 'button small danger',
                    'aria-label': t('cls.host.kickName', { name: p.nickname }),
                    'data-focus': `kick-${p.id}`,
                  },
                ),
              );
            }),
          ),
        ),
      ),
    ),
  ]);
}
