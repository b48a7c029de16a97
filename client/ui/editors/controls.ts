// Small DOM builders the plan editors share: a collapsible section, a labelled <select> whose options can be
// replaced without losing focus, and the editor shape (an element built once, updated on every change).
import type { SessionView } from '../../state/PlanSession.ts';
import { h } from '../dom.ts';

/** An editor: built once, then told every new view of the session (so focus survives edits). */
export interface Editor {
  readonly element: HTMLElement;
  update(view: SessionView): void;
}

export interface Choice {
  readonly value: string;
  readonly text: string;
}

/** A collapsible editor section (<details>) with its summary line; `open` for the most important ones. */
export function section(
  name: string,
  title: string,
  open: boolean,
  ...children: (Node | null)[]
): HTMLDetailsElement {
  const summary = h(
    'summary',
    {},
    h('span', { class: 'section-title' }, title),
    h('span', { class: 'section-note' }),
  );
  const details = h('details', { class: 'editor-section', 'data-section': name, open }, summary, ...children);
  return details;
}

/** Sets the short text shown after a section's title (the grid's shape, the schedule, …). */
export function setSectionNote(details: HTMLElement, note: string): void {
  const el = details.querySelector('.section-note');
  if (el) el.textContent = note ? ` · ${note}` : '';
}

/** Replaces a select's options when they changed, then selects `value`. */
export function setOptions(select: HTMLSelectElement, choices: readonly Choice[], value: string): void {
  const same =
    select.options.length === choices.length &&
    choices.every((c, i) => select.options[i]?.value === c.value && select.options[i]?.text === c.text);
  if (!same) select.replaceChildren(...choices.map((c) => h('option', { value: c.value }, c.text)));
  select.value = value;
}

/** A <label> with its text above a <select>; `onChange` gets the chosen value. */
export function labelledSelect(
  text: string,
  onChange: (value: string) => void,
  attrs: Record<string, string> = {},
): { label: HTMLLabelElement; select: HTMLSelectElement } {
  const select = h('select', attrs);
  select.addEventListener('change', () => onChange(select.value));
  return { label: h('label', { class: 'field' }, h('span', {}, text), select), select };
}
