// The level screen's DOM side: story, goal, hints, one <select> per dimension of every labelled dish
// (None or a mesh axis), Undo / Redo / Serve, a refusal box (JAX's message and the kitchen's explanation)
// and the live preview. The form is built once and its values follow the session, so focus survives edits.
import type { Locale } from '../../shared/index.ts';
import type { LevelSession, SessionView } from '../state/LevelSession.ts';
import { preview } from '../viewModels/preview.ts';
import { setDimensionEdit, specForm, specText, tensorShapes } from '../viewModels/specForm.ts';
import { h } from './dom.ts';
import { renderPreview } from './PreviewPanel.ts';
import type { Translate } from './translate.ts';

export interface LevelPanelActions {
  serve: () => void;
  back: () => void;
}

/** Builds the panel in `root`; returns the function that detaches it from the session. */
export function mountLevelPanel(
  root: HTMLElement,
  session: LevelSession,
  t: Translate,
  locale: Locale,
  actions: LevelPanelActions,
): () => void {
  const { level } = session;
  const shapes = tensorShapes(session.view.evaluation ?? never());
  const button = (
    key: 'level.undo' | 'level.redo' | 'level.serve' | 'nav.back',
    onClick: () => void,
    cls = 'button',
  ) => {
    const b = h('button', { type: 'button', class: cls }, t(key));
    b.addEventListener('click', onClick);
    return b;
  };
  const undo = button('level.undo', () => session.undo());
  undo.setAttribute('aria-keyshortcuts', 'Control+Z');
  const redo = button('level.redo', () => session.redo());
  redo.setAttribute('aria-keyshortcuts', 'Control+Y');
  const serve = button('level.serve', actions.serve, 'button primary');
  const error = h('div', { class: 'refusal', role: 'alert', hidden: true });

  const selects = new Map<string, HTMLSelectElement[]>();
  const specLabels = new Map<string, HTMLElement>();
  const fieldsets = specForm(level, session.view.plan, shapes).map((form) => {
    const spec = h('code', { class: 'spec' });
    specLabels.set(form.tensor, spec);
    const dims = form.dims.map((d) => {
      const select = h(
        'select',
        {
          'aria-label': t('level.dimLabel', { tensor: form.tensor, i: d.index }),
          'data-tensor': form.tensor,
        },
        ...d.options.map((o) => h('option', { value: o ?? '' }, o ?? t('level.none'))),
      );
      select.addEventListener('change', () => {
        const current = specForm(level, session.view.plan, shapes).find((f) => f.tensor === form.tensor)!;
        session.edit(setDimensionEdit(current, d.index, select.value === '' ? null : select.value));
      });
      return {
        select,
        label: h('label', {}, h('span', {}, t('level.dim', { i: d.index, size: d.size })), select),
      };
    });
    selects.set(
      form.tensor,
      dims.map((d) => d.select),
    );
    return h(
      'fieldset',
      { class: 'dish' },
      h('legend', {}, h('span', { class: 'dish-name' }, form.tensor), ' ', spec),
      ...dims.map((d) => d.label),
    );
  });

  const previewBox = h('section', { class: 'preview', 'aria-live': 'polite' });
  const hints = level.hints.map((hint, i) =>
    h(
      'details',
      { class: 'hint' },
      h('summary', {}, t('level.hint', { i: i + 1 })),
      h('p', {}, hint[locale]),
    ),
  );
  root.replaceChildren(
    h(
      'div',
      { class: 'level-panel' },
      h(
        'div',
        { class: 'sheet-head' },
        h('h2', { id: 'level-heading' }, level.title[locale]),
        button('nav.back', actions.back),
      ),
      h('p', { class: 'story' }, h('strong', {}, `${t('level.story')}: `), level.story[locale]),
      h('p', { class: 'goal' }, h('strong', {}, `${t('level.goal')}: `), level.goal[locale]),
      ...hints,
      h(
        'form',
        { class: 'plan', 'aria-labelledby': 'plan-heading' },
        h('h3', { id: 'plan-heading' }, t('level.plan')),
        h('p', { class: 'muted' }, t('level.planHelp')),
        ...fieldsets,
      ),
      error,
      h('div', { class: 'actions' }, undo, redo, serve),
      previewBox,
    ),
  );

  const update = (view: SessionView): void => {
    for (const form of specForm(level, view.plan, shapes)) {
      const list = selects.get(form.tensor) ?? [];
      form.dims.forEach((d, i) => {
        if (list[i]) list[i].value = d.value ?? '';
      });
      specLabels.get(form.tensor)!.textContent = specText(form.dims);
    }
    undo.disabled = !view.canUndo;
    redo.disabled = !view.canRedo;
    serve.disabled = view.evaluation === null;
    error.hidden = view.error === null;
    if (view.error)
      error.replaceChildren(
        h('strong', {}, t('level.refused')),
        h('pre', { class: 'jax' }, `${view.error.type}: ${view.error.message}`),
        h('p', {}, view.error.explanation[locale]),
      );
    if (view.evaluation) renderPreview(previewBox, preview(view.evaluation), t);
  };
  return session.subscribe(update);
}

function never(): never {
  throw new Error("the level's start plan cannot be evaluated");
}
