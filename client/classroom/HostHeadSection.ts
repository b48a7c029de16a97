// The dashboard's head: the session's title and code, the join link (with a warning when it points at this
// computer), the projector and results-CSV links, the host key behind a fold, and the join QR code.
import type { Locale } from '../../shared/index.ts';
import { h } from '../ui/dom.ts';
import type { Translate } from '../ui/translate.ts';
import { spacedCode } from './viewModels/classroomRoute.ts';
import { patch, qrCode } from './widgets.ts';

export interface HostHead {
  readonly title: string;
  readonly code: string;
  /** Where phones join, and whether only this computer can open it (localhost). */
  readonly link: string;
  readonly localOnly: boolean;
  readonly projector: string;
  readonly csv: string;
  readonly hostLink: string;
  readonly hostKey: string;
  readonly t: Translate;
  readonly locale: Locale;
}

/** Side of the join QR code, CSS px. */
const QR_PX = 148;

export function hostHeadSection(root: HTMLElement, head: HostHead): void {
  const { t, locale, title, code, link, localOnly } = head;
  patch(root, JSON.stringify([locale, title, link, localOnly]), () => [
    h(
      'div',
      { class: 'head-text' },
      h('h2', {}, title || t('cls.host.dashboard')),
      h(
        'p',
        { class: 'code-line' },
        t('cls.code'),
        ' ',
        h('strong', { class: 'code', id: 'session-code' }, spacedCode(code)),
      ),
      h('p', {}, t('cls.host.joinAt'), ' ', h('a', { href: link, class: 'join-link' }, link)),
      localOnly
        ? h('p', { class: 'form-error localhost-warning', role: 'alert' }, t('cls.run.localhostWarning'))
        : null,
      h(
        'p',
        { class: 'links' },
        h('a', { href: head.projector, target: '_blank', rel: 'noopener' }, t('cls.host.projector')),
        ' · ',
        h('a', { href: head.csv, download: `mesh-kitchen-${code}.csv`, id: 'csv-link' }, t('cls.host.csv')),
      ),
      // The key is the only way back in from another browser or after the server restarts.
      h(
        'details',
        { class: 'host-key' },
        h('summary', {}, t('cls.host.showKey')),
        h('p', {}, t('cls.host.keyNote', { link: head.hostLink })),
        h('code', { id: 'host-key-value' }, head.hostKey),
      ),
    ),
    qrCode(link, t('cls.qrLabel', { link }), QR_PX),
  ]);
}
