// The player's join form: the session code (from the link, or typed) and a nickname checked live by the
// session core's rule; the team is chosen in the lobby (or dealt by auto-balance). Phone-first.
import { h } from '../ui/dom.ts';
import type { ClassroomContext } from './context.ts';
import { translator } from './context.ts';
import { normaliseCode } from './viewModels/classroomRoute.ts';
import { nicknameHint } from './viewModels/nicknameHint.ts';

export interface JoinRequest {
  readonly code: string;
  readonly nickname: string;
}

/** Renders the form into `root`; `submit` resolves to an error message to show, or null on success. */
export function renderJoinForm(
  root: HTMLElement,
  ctx: ClassroomContext,
  initial: { code: string | null; nickname?: string; error?: string },
  submit: (request: JoinRequest) => Promise<string | null>,
): void {
  const t = translator(ctx);
  const locale = ctx.locales.locale;
  const code = h('input', {
    id: 'join-code',
    name: 'code',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    inputmode: 'text',
    maxlength: '9',
    class: 'code-input',
    'aria-describedby': 'join-code-hint',
    value: initial.code ?? '',
  });
  const codeHint = h('p', { id: 'join-code-hint', class: 'field-hint' }, t('cls.join.codeHelp'));
  const nick = h('input', {
    id: 'join-nickname',
    name: 'nickname',
    autocomplete: 'nickname',
    maxlength: '40',
    'aria-describedby': 'join-nick-hint',
    value: initial.nickname ?? '',
  });
  const nickHint = h('p', { id: 'join-nick-hint', class: 'field-hint', 'aria-live': 'polite' });
  const go = h(
    'button',
    { type: 'submit', class: 'button primary wide', id: 'join-submit' },
    t('cls.join.submit'),
  );
  const error = h('p', { class: 'form-error', role: 'alert' }, initial.error ?? '');

  const check = (): boolean => {
    const c = normaliseCode(code.value);
    const n = nicknameHint(nick.value, locale);
    codeHint.textContent = code.value.trim() === '' || c ? t('cls.join.codeHelp') : t('cls.join.codeBad');
    codeHint.classList.toggle('bad', code.value.trim() !== '' && !c);
    nickHint.textContent =
      nick.value.trim() === ''
        ? t('cls.join.nickHelp', { max: n.max })
        : n.ok
          ? t('cls.join.nickOk', { name: n.name, count: n.count, max: n.max })
          : n.message;
    nickHint.classList.toggle('bad', nick.value.trim() !== '' && !n.ok);
    nick.setAttribute('aria-invalid', String(nick.value.trim() !== '' && !n.ok));
    return c !== null && n.ok;
  };
  code.addEventListener('input', check);
  nick.addEventListener('input', check);

  const form = h(
    'form',
    { class: 'sheet join-form', 'aria-labelledby': 'join-heading', novalidate: true },
    h('h2', { id: 'join-heading' }, t('cls.join.heading')),
    h('p', { class: 'muted' }, t('cls.join.intro')),
    h('label', { for: 'join-code' }, t('cls.join.code')),
    code,
    codeHint,
    h('label', { for: 'join-nickname' }, t('cls.join.nickname')),
    nick,
    nickHint,
    error,
    go,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!check()) {
      error.textContent = t('cls.join.fix');
      (normaliseCode(code.value) ? nick : code).focus();
      return;
    }
    go.disabled = true;
    error.textContent = t('cls.join.joining');
    void submit({ code: normaliseCode(code.value)!, nickname: nicknameHint(nick.value, locale).name }).then(
      (msg) => {
        go.disabled = false;
        if (msg !== null) error.textContent = msg;
      },
    );
  });
  root.replaceChildren(h('div', { class: 'classroom-page player-page' }, form));
  check();
  (initial.code ? nick : code).focus({ preventScroll: true });
}
