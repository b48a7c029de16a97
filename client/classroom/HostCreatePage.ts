// The facilitator's create form (docs/design.md §5.5): a title, the rounds (levels from /api/levels, in order),
// planning time and team count; POST /api/sessions, keep the host key for the code, open the dashboard.
import {
  levelById,
  MAX_PLANNING_SECONDS,
  MAX_ROUNDS,
  MAX_TEAMS,
  MIN_PLANNING_SECONDS,
  MIN_TEAMS,
} from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { createSession, fetchLevels, fetchServerInfo, type LevelChoice } from './sessionApi.ts';
import { joinBase } from './viewModels/joinBase.ts';
import { hostLink } from './viewModels/classroomRoute.ts';
import { workshopPlansSection } from './WorkshopPlansSection.ts';
import { button } from './widgets.ts';
import { withReason } from './viewModels/withReason.ts';
import { refusalText } from './viewModels/refusalText.ts';

export async function renderHostCreate(ctx: ClassroomContext): Promise<void> {
  const t = translator(ctx);
  const locale = ctx.locales.locale;
  ctx.stage.dataset.screen = 'classroom';
  let levels: LevelChoice[] = [];
  const error = h('p', { class: 'form-error', role: 'alert' });
  try {
    levels = await fetchLevels(ctx.endpoint);
  } catch (e) {
    error.textContent = withReason(t('cls.host.levelsFailed'), (e as Error).message, t);
  }
  // Where the class will join: PUBLIC_URL or the network address; a warning when only localhost is known.
  const base = joinBase(ctx.origin, await fetchServerInfo(ctx.endpoint));
  const where = base.localOnly
    ? h('p', { class: 'form-error localhost-warning', role: 'alert' }, t('cls.run.localhostWarning'))
    : h('p', { class: 'join-base muted' }, t('cls.run.joinBase', { url: base.origin }));
  const titleOf = (id: string) =>
    levels.find((l) => l.id === id)?.title[locale] ?? levelById(id)?.title[locale] ?? id;

  const title = h('input', { id: 'session-title', maxlength: '60', value: t('cls.host.defaultTitle') });
  const pick = h(
    'select',
    { id: 'round-pick' },
    ...levels.map((l) => h('option', { value: l.id }, l.title[locale])),
  );
  const rounds: string[] = levels[0] ? [levels[0].id] : [];
  const list = h('ol', { class: 'round-list', 'aria-live': 'polite' });
  const drawRounds = () =>
    list.replaceChildren(
      ...rounds.map((id, i) =>
        h(
          'li',
          {},
          h('span', {}, titleOf(id)),
          button(
            t('cls.host.remove'),
            () => {
              rounds.splice(i, 1);
              drawRounds();
            },
            { 'aria-label': t('cls.host.removeRound', { n: i + 1 }), class: 'button small' },
          ),
        ),
      ),
    );
  const add = button(t('cls.host.addRound'), () => {
    if (rounds.length >= MAX_ROUNDS || !pick.value) return;
    rounds.push(pick.value);
    drawRounds();
  });
  const seconds = h('input', {
    id: 'planning-seconds',
    type: 'number',
    min: String(MIN_PLANNING_SECONDS),
    max: String(MAX_PLANNING_SECONDS),
    step: '10',
    value: '300',
  });
  const teams = h('input', {
    id: 'team-count',
    type: 'number',
    min: String(MIN_TEAMS),
    max: String(MAX_TEAMS),
    value: '4',
  });
  // On by default for classes (issue 18 item 6): the preview keeps memory fit and step time only.
  const hideScores = h('input', { id: 'hide-scores', type: 'checkbox', checked: true });
  const submit = h(
    'button',
    { type: 'submit', class: 'button primary wide', id: 'create-session' },
    t('cls.host.create'),
  );
  const saved = workshopPlansSection(ctx, (id) => levelById(id) !== undefined, {
    current: () => ({
      title: title.value.trim(),
      rounds: [...rounds],
      planningSeconds: Number(seconds.value),
      teams: Number(teams.value),
    }),
    load: (plan) => {
      title.value = plan.title || t('cls.host.defaultTitle');
      rounds.splice(0, rounds.length, ...plan.rounds);
      seconds.value = String(plan.planningSeconds);
      teams.value = String(plan.teams);
      drawRounds();
    },
  });
  const form = h(
    'form',
    { class: 'sheet host-create', 'aria-labelledby': 'create-heading', novalidate: true },
    h('h2', { id: 'create-heading' }, t('cls.host.createHeading')),
    where,
    saved,
    h('label', { for: 'session-title' }, t('cls.host.title')),
    title,
    h('label', { for: 'round-pick' }, t('cls.host.rounds', { max: MAX_ROUNDS })),
    h('div', { class: 'row' }, pick, add),
    list,
    h(
      'label',
      { for: 'planning-seconds' },
      t('cls.host.seconds', { min: MIN_PLANNING_SECONDS, max: MAX_PLANNING_SECONDS }),
    ),
    seconds,
    h('label', { for: 'team-count' }, t('cls.host.teams', { min: MIN_TEAMS, max: MAX_TEAMS })),
    teams,
    h(
      'div',
      { class: 'check-row' },
      hideScores,
      h('label', { for: 'hide-scores' }, t('cls.play.hideScores')),
    ),
    h('p', { class: 'muted help' }, t('cls.play.hideScoresHelp')),
    error,
    submit,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const s = Number(seconds.value);
    const n = Number(teams.value);
    if (rounds.length === 0) return void (error.textContent = t('cls.host.needRound'));
    if (!Number.isInteger(s) || s < MIN_PLANNING_SECONDS || s > MAX_PLANNING_SECONDS)
      return void (error.textContent = t('cls.host.badSeconds', {
        min: MIN_PLANNING_SECONDS,
        max: MAX_PLANNING_SECONDS,
      }));
    if (!Number.isInteger(n) || n < MIN_TEAMS || n > MAX_TEAMS)
      return void (error.textContent = t('cls.host.badTeams', { min: MIN_TEAMS, max: MAX_TEAMS }));
    submit.disabled = true;
    error.textContent = '';
    createSession(ctx.endpoint, {
      rounds,
      planningSeconds: s,
      teams: n,
      title: title.value.trim() || undefined,
      hideScores: hideScores.checked,
    })
      .then(({ code, hostKey }) => {
        ctx.keys.saveHostKey(code, hostKey);
        window.location.assign(hostLink(ctx.origin, code));
      })
      .catch((e: Error) => {
        submit.disabled = false;
        error.textContent = withReason(
          t('cls.host.createFailed'),
          refusalText(e, ctx.locales.locale, t('cls.error.reload')),
          t,
        );
      });
  });
  ctx.panel.replaceChildren(h('div', { class: 'classroom-page host-page' }, form));
  drawRounds();
  title.focus({ preventScroll: true });
}
