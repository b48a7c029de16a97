// The row of draggable mesh-axis tokens (colour, pattern and name): dragged with pointer events (mouse, pen
// and touch alike) onto a dish dimension ([data-drop-tensor][data-drop-dim]) to label it. The selects stay
// the keyboard path, so the tokens are not tab stops.
import type { PlanState } from '../../../shared/index.ts';
import { axisTokens, type AxisToken } from '../../viewModels/axisTokens.ts';
import { css } from '../../views/palette.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';

/** Called with the axis and the drop target (the element carrying data-drop-tensor / data-drop-dim). */
export type TokenDrop = (axis: string, target: HTMLElement) => void;

const dropTargetAt = (x: number, y: number): HTMLElement | null =>
  document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop-tensor]') ?? null;

function tokenElement(token: AxisToken, t: Translate, onDrop: TokenDrop): HTMLElement {
  const el = h(
    'span',
    {
      class: `axis-token pattern-${token.pattern}`,
      style: `--token:${css(token.colour)}`,
      'data-token': token.axis,
      role: 'img',
      'aria-label': t('labels.token', { name: token.axis, size: token.size }),
    },
    h('span', { class: 'token-swatch', 'aria-hidden': 'true' }),
    `${token.axis} ×${token.size}`,
  );
  let ghost: HTMLElement | null = null;
  let hovered: HTMLElement | null = null;
  const setHover = (next: HTMLElement | null) => {
    if (hovered === next) return;
    hovered?.classList.remove('drop-hover');
    next?.classList.add('drop-hover');
    hovered = next;
  };
  const move = (e: PointerEvent) => {
    if (!ghost) return;
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
    setHover(dropTargetAt(e.clientX, e.clientY));
  };
  const end = (e: PointerEvent, drop: boolean) => {
    if (!ghost) return;
    ghost.remove();
    ghost = null;
    setHover(null);
    el.classList.remove('dragging');
    const target = drop ? dropTargetAt(e.clientX, e.clientY) : null;
    if (target) onDrop(token.axis, target);
  };
  el.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    el.classList.add('dragging');
    ghost = el.cloneNode(true) as HTMLElement;
    ghost.classList.add('token-ghost');
    ghost.removeAttribute('role');
    ghost.setAttribute('aria-hidden', 'true');
    document.body.append(ghost);
    move(e);
  });
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', (e) => end(e, true));
  el.addEventListener('pointercancel', (e) => end(e, false));
  return el;
}

/** Redraws the token row for the plan's grid (only when the grid changed). */
export function renderAxisTokens(row: HTMLElement, plan: PlanState, t: Translate, onDrop: TokenDrop): void {
  const key = JSON.stringify(plan.mesh);
  if (row.dataset.mesh === key) return;
  row.dataset.mesh = key;
  row.replaceChildren(...axisTokens(plan).map((token) => tokenElement(token, t, onDrop)));
}
