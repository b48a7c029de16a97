// The kitchen-grid editor: one row per mesh axis (its name and size as selects), add and remove buttons,
// within the level's axis names and kitchens (viewModels/meshGridForm.ts makes the choices and the edits).
import type { PlanSession, SessionView } from '../../state/PlanSession.ts';
import {
  addAxisEdit,
  gridForm,
  gridText,
  removeAxisEdit,
  renameAxisEdit,
  resizeAxisEdit,
} from '../../viewModels/meshGridForm.ts';
import { allows } from '../../viewModels/planOptionsForm.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { labelledSelect, section, setOptions, setSectionNote, type Editor } from './controls.ts';

export function gridEditor(session: PlanSession, t: Translate, open: boolean): Editor {
  const { level } = session;
  const canRename = allows(level, 'renameAxis');
  const canReshape = allows(level, 'setMesh');
  const rows = h('div', { class: 'grid-rows' });
  const add = h('button', { type: 'button', class: 'button small' });
  add.addEventListener('click', () => {
    const name = gridForm(level, session.view.plan).nextName;
    if (name !== null) session.edit(addAxisEdit(session.view.plan, name));
  });
  const element = section(
    'grid',
    t('editor.grid'),
    open,
    h('p', { class: 'muted' }, t('grid.help', { max: level.limits.maxDevices })),
    rows,
    canReshape ? add : null,
  );
  // Rows are rebuilt only when the number of axes changes; otherwise their selects are updated in place.
  let built = -1;
  const update = (view: SessionView): void => {
    const form = gridForm(level, view.plan);
    setSectionNote(element, t('grid.summary', { mesh: gridText(view.plan) }));
    add.hidden = form.nextName === null;
    add.textContent = t('grid.add', { name: form.nextName ?? '' });
    if (built !== form.rows.length) {
      built = form.rows.length;
      rows.replaceChildren(
        ...form.rows.map((row) => {
          const name = labelledSelect(
            t('grid.name', { i: row.index }),
            (v) => session.edit(renameAxisEdit(session.view.plan, row.index, v)),
            { 'data-axis-name': String(row.index) },
          );
          name.select.disabled = !canRename;
          const size = labelledSelect(
            '',
            (v) => session.edit(resizeAxisEdit(session.view.plan, row.index, Number(v))),
            { 'data-axis-size': String(row.index) },
          );
          size.select.disabled = !canReshape;
          const remove = h(
            'button',
            { type: 'button', class: 'button small', 'data-axis-remove': String(row.index) },
            '✕',
          );
          remove.addEventListener('click', () => session.edit(removeAxisEdit(session.view.plan, row.index)));
          return h('div', { class: 'grid-row' }, name.label, size.label, canReshape ? remove : null);
        }),
      );
    }
    form.rows.forEach((row) => {
      const el = rows.children[row.index] as HTMLElement | undefined;
      if (!el) return;
      const [name, size] = [...el.querySelectorAll('select')];
      if (name)
        setOptions(
          name,
          row.nameOptions.map((n) => ({ value: n, text: n })),
          row.name,
        );
      if (size) {
        setOptions(
          size,
          row.sizeOptions.map((s) => ({ value: String(s), text: String(s) })),
          String(row.size),
        );
        size.setAttribute('aria-label', t('grid.size', { name: row.name }));
        const caption = size.previousElementSibling;
        if (caption) caption.textContent = t('grid.size', { name: row.name });
      }
      const remove = el.querySelector<HTMLButtonElement>('[data-axis-remove]');
      if (remove) {
        remove.disabled = !form.canRemove;
        remove.setAttribute('aria-label', t('grid.remove', { name: row.name }));
        remove.title = t('grid.remove', { name: row.name });
      }
    });
  };
  return { element, update };
}
