// What a refusal says to a person: the server's text in their language when it sent one (a refused join
// arrives as a ServerError whose message is a JoinRefusal in JSON; a refused message as SessionErrorMessage),
// a page-version mismatch as "reload the page", else the plain message.
import type { Locale, Text } from '../../../shared/index.ts';

interface Refusal {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly text?: Text;
}

function asRefusal(error: unknown): Refusal | null {
  // A refused message is the refusal itself; colyseus.js's ServerError has a numeric `code` (the HTTP-like
  // status) and the JoinRefusal JSON in its message.
  if (typeof error === 'object' && error !== null && typeof (error as Refusal).code === 'string')
    return error as Refusal;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  if (message === null || !message.trim().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(message);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Refusal) : null;
  } catch {
    return null;
  }
}

/** The refusal's words for `locale`; `reload` is the page's own "reload the page" text. */
export function refusalText(error: unknown, locale: Locale, reload: string): string {
  const r = asRefusal(error);
  if (r?.text && typeof r.text[locale] === 'string') return r.text[locale];
  if (r?.code === 'protocol') return reload;
  if (typeof r?.message === 'string') return r.message;
  return error instanceof Error ? error.message : String(error);
}
