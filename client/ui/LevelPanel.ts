// The level screen's DOM side: story, goal, hints, then the editors the level allows in collapsible sections
// (labels, grid, mode, courses, manual passes, memory savers), a sticky bar with the refusal box (JAX's
// message and the kitchen's explanation) and Undo / Redo / Serve, the live preview and the exports. Editors
// are built once and follow the session, so focus survives edits; any PlanSession works (solo or team).
import type { Locale } from '../../shared/index.ts';
import type { PlanSession, SessionView } from '../state/PlanSession.ts';
import { editorSections, type EditorSection } from '../viewModels/planOptionsForm.ts';
import { preview } from '../viewModels/preview.ts';
import { h } from './dom.ts';
import { keepFocusAboveFooter } from './keepFocusAboveFooter.ts';
import { section, type Editor } from './editors/controls.ts';
import { coursesEditor } from './editors/CoursesEditor.ts';
import { gridEditor } from './editors/GridEditor.ts';
import { labelsEditor } from './editors/LabelsEditor.ts';
import { manualEditor } from './editors/ManualEditor.ts';
import { memoryEditor } from './editors/MemoryEditor.ts';
import { modeEditor } from './editors/ModeEditor.ts';
import { routingEditor } from './editors/RoutingEditor.ts';
import { exportButtons } from './ExportButtons.ts';
import { renderHeadline, renderPreview } from './PreviewPanel.ts';
import type { Translate } from './translate.ts';
import '../styles/editor.css';
import '../styles/panelFrame.css';

/** The panel's own buttons; a team plan in the classroom omits them (the captain's Lock serves it). */
export interface LevelPanelActions {
  /** Serve / 上菜; omitted → no Serve button. */
  serve?: () => void;
  /** Back to the level list; omitted → no Back button. */
  back?: () => void;
  /** Undo / Redo buttons (default true; the keyboard shortcuts belong to the screen that owns the session). */
  history?: boolean;
  /** Called with a hint's index each time the player opens it (the score screen counts them). */
  hintOpened?: (index: number) => void;
  /** A line kept in view in the sticky footer (the classroom phone's preview headline). */
  footer?: HTMLElement;
  /** The preview leaves out the rate and the stars (a class that reveals the score at service). */
  hideScore?: boolean;
  /** Focus moves to the level's heading (the level was just opened; a re-render in another language keeps focus). */
  focusHeading?: boolean;
}

const EDITORS: Record<EditorSection, (s: PlanSession, t: Translate, open: boolean) => Editor> = {
  labels: labelsEditor,
  grid: gridEditor,
  mode: modeEditor,
  courses: coursesEditor,
  manual: manualEditor,
  memory: memoryEditor,
  routing: routingEditor,
};
/** Sections open at first: the two most important the level shows. */
const OPEN_AT_START = 2;

/** Builds the panel in `root`; returns the function that detaches it from the session. */
export function mountLevelPanel(
  root: HTMLElement,
  session: PlanSession,
  t: Translate,
  locale: Locale,
  actions: LevelPanelActions,
): () => void {
  const { level } = session;
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
  const serve = button('level.serve', () => actions.serve?.(), 'button primary');
  const history = actions.history ?? true;
  const actionButtons = [...(history ? [undo, redo] : []), ...(actions.serve ? [serve] : [])];
  const error = h('div', { class: 'refusal', role: 'alert', hidden: true });
  const errorText = h('div', {});
  // Dismissed, the refusal stays hidden until the next one: it must not sit over the editor.
  const dismiss = h('button', { type: 'button', class: 'dismiss', 'aria-label': t('level.dismiss') }, '×');
  error.append(dismiss, errorText);
  let dismissed: unknown = null;
  dismiss.addEventListener('click', () => {
    error.hidden = true;
    dismissed = session.view.error;
  });
  const headline = h('p', { class: 'preview-headline', 'aria-hidden': 'true' });
  const editors = editorSections(level).map((name, i) => EDITORS[name](session, t, i < OPEN_AT_START));
  const exports = exportButtons(
    { level, plan: () => session.view.plan, evaluation: () => session.view.evaluation },
    t,
  );

  const previewBox = h('section', { class: 'preview', 'aria-live': 'polite' });
  const hints = level.hints.map((hint, i) => {
    const details = h(
      'details',
      { class: 'hint', 'data-hint': String(i) },
      h('summary', {}, t('level.hint', { i: i + 1 })),
      h('p', {}, hint[locale]),
    );
    details.addEventListener('toggle', () => {
      if (details.open) actions.hintOpened?.(i);
    });
    return details;
  });
  // tabindex -1: focusable by script only, so a keyboard or screen-reader user starts at the level's title.
  const heading = h('h2', { id: 'level-heading', tabindex: '-1' }, level.title[locale]);
  const footer = h(
    'div',
    { class: 'panel-footer' },
    headline,
    error,
    ...(actions.footer ? [actions.footer] : []),
    ...(actionButtons.length > 0 ? [h('div', { class: 'actions' }, ...actionButtons)] : []),
  );
  const panel = h(
    'div',
    { class: 'level-panel' },
    h('div', { class: 'sheet-head' }, heading, ...(actions.back ? [button('nav.back', actions.back)] : [])),
    h(
      'p',
      { class: 'story' },
      h('strong', {}, `${t('level.story')}${t('punct.colon')}`),
      level.story[locale],
    ),
    h('p', { class: 'goal' }, h('strong', {}, `${t('level.goal')}${t('punct.colon')}`), level.goal[locale]),
    ...hints,
    h(
      'div',
      { class: 'editors', role: 'group', 'aria-labelledby': 'level-heading' },
      ...editors.map((e) => e.element),
    ),
    footer,
    previewBox,
    section('export', t('editor.export'), false, exports.element),
  );
  panel.addEventListener('focusin', (event) => keepFocusAboveFooter(event.target, footer));
  root.replaceChildren(panel);

  const update = (view: SessionView): void => {
    for (const editor of editors) editor.update(view);
    undo.disabled = !view.canUndo;
    redo.disabled = !view.canRedo;
    serve.disabled = view.evaluation === null;
    error.hidden = view.error === null || view.error === dismissed;
    if (view.error !== dismissed) dismissed = null;
    if (view.error)
      errorText.replaceChildren(
        h('strong', {}, t('level.refused')),
        h('pre', { class: 'jax' }, `${view.error.type}: ${view.error.message}`),
        h('p', {}, view.error.explanation[locale]),
      );
    if (view.evaluation) {
      const p = preview(view.evaluation, { hideScore: actions.hideScore === true, locale });
      renderPreview(previewBox, p, t);
      renderHeadline(headline, p, t);
    }
    headline.hidden = view.evaluation === null;
    exports.update();
  };
  const detach = session.subscribe(update);
  if (actions.focusHeading === true) heading.focus();
  return detach;
}
