// Keyboard focus is never hidden under a sticky footer (WCAG 2.2, 2.4.11 Focus Not Obscured): the browser
// scrolls a focused control into its scroll box, but the level panel's undo / redo / serve footer sticks to
// that box's bottom and covered a focused select below it (the Courses level's schedule at 1280×720). On
// focus, the box scrolls on until the control's bottom clears the footer's top.

/** The nearest ancestor of `el` that scrolls vertically. */
function scrollBox(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p !== null; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}

/** Gap left between a focused control and the footer, px. */
const CLEARANCE_PX = 8;

/**
 * Scrolls `target`'s box so that `target` sits above `footer`: nothing when it does, when it is in the footer, or
 * when it comes after the footer (the footer sticks only until its own place, so it never covers what follows).
 */
export function keepFocusAboveFooter(target: EventTarget | null, footer: HTMLElement): void {
  if (!(target instanceof HTMLElement) || footer.contains(target)) return;
  if (!(footer.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING)) return;
  const hidden = target.getBoundingClientRect().bottom - footer.getBoundingClientRect().top;
  if (hidden > 0) scrollBox(target)?.scrollBy({ top: hidden + CLEARANCE_PX });
}
