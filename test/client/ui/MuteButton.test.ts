// The 'M' shortcut of the mute switch: plain M or m anywhere but in a form field; never with Ctrl, Meta or
// Alt (browser shortcuts), never auto-repeated, never when another handler took the key.
import { describe, expect, it } from 'vitest';
import { isMuteShortcut, type ShortcutEvent } from '../../../client/ui/MuteButton.ts';

const key = (over: Partial<ShortcutEvent> = {}): ShortcutEvent => ({
  key: 'm',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  defaultPrevented: false,
  target: { tagName: 'BUTTON', isContentEditable: false } as unknown as EventTarget,
  ...over,
});
const on = (tagName: string, isContentEditable = false) =>
  ({ tagName, isContentEditable }) as unknown as EventTarget;

describe('isMuteShortcut', () => {
  it('takes M and m on buttons, the page body and the canvas', () => {
    expect(isMuteShortcut(key())).toBe(true);
    expect(isMuteShortcut(key({ key: 'M' }))).toBe(true);
    expect(isMuteShortcut(key({ target: on('BODY') }))).toBe(true);
    expect(isMuteShortcut(key({ target: on('CANVAS') }))).toBe(true);
    expect(isMuteShortcut(key({ target: null }))).toBe(true);
  });

  it('leaves form fields and editable text alone', () => {
    for (const tag of ['INPUT', 'SELECT', 'TEXTAREA', 'input'])
      expect(isMuteShortcut(key({ target: on(tag) }))).toBe(false);
    expect(isMuteShortcut(key({ target: on('DIV', true) }))).toBe(false);
  });

  it('ignores other keys, modifiers, repeats and keys already handled', () => {
    expect(isMuteShortcut(key({ key: 'n' }))).toBe(false);
    expect(isMuteShortcut(key({ key: 'Meta' }))).toBe(false);
    expect(isMuteShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isMuteShortcut(key({ metaKey: true }))).toBe(false);
    expect(isMuteShortcut(key({ altKey: true }))).toBe(false);
    expect(isMuteShortcut(key({ repeat: true }))).toBe(false);
    expect(isMuteShortcut(key({ defaultPrevented: true }))).toBe(false);
  });
});
