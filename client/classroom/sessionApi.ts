// The session HTTP API (server/http): create a session, resume one after a restart, the level list for the
// create form, and the results CSV address. Errors come back as Error with the server's message, and its
// code and text in both languages when it sent them.
import type {
  CreateSessionRequest,
  CreateSessionResponse,
  ServerInfoResponse,
  Text,
} from '../../shared/index.ts';

export interface LevelChoice {
  readonly id: string;
  readonly title: Text;
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json().catch(() => ({}))) as { error?: unknown; code?: unknown; text?: Text };
  if (!res.ok) {
    const error = new Error(typeof body.error === 'string' ? body.error : `HTTP ${res.status}`);
    // the refusal's code and its text in both languages, where the server sent them (refusalText.ts reads them)
    throw typeof body.code === 'string' ? Object.assign(error, { code: body.code, text: body.text }) : error;
  }
  return body as T;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const createSession = (
  endpoint: string,
  request: CreateSessionRequest,
): Promise<CreateSessionResponse> => call(`${endpoint}/api/sessions`, json(request));

export const resumeSession = (endpoint: string, code: string, hostKey: string): Promise<unknown> =>
  call(`${endpoint}/api/sessions/${encodeURIComponent(code)}/resume`, json({ hostKey }));

/** The levels the server offers; tolerates `[...]` or `{ levels: [...] }` with `title` as Text or string. */
export async function fetchLevels(endpoint: string): Promise<LevelChoice[]> {
  const body = await call<unknown>(`${endpoint}/api/levels`);
  const list = Array.isArray(body)
    ? body
    : (((body as { levels?: unknown }).levels as unknown[] | undefined) ?? []);
  return list.flatMap((item): LevelChoice[] => {
    const o = item as { id?: unknown; title?: unknown };
    if (typeof o.id !== 'string') return [];
    const title =
      typeof o.title === 'string'
        ? { 'zh-CN': o.title, en: o.title }
        : o.title && typeof o.title === 'object'
          ? (o.title as Text)
          : { 'zh-CN': o.id, en: o.id };
    return [{ id: o.id, title }];
  });
}

export const resultsCsvUrl = (endpoint: string, code: string, hostKey: string): string =>
  `${endpoint}/api/sessions/${encodeURIComponent(code)}/results.csv?hostKey=${encodeURIComponent(hostKey)}`;

/** PUBLIC_URL and the network addresses of the server; null when the server does not answer (an older one). */
export const fetchServerInfo = (endpoint: string): Promise<ServerInfoResponse | null> =>
  call<ServerInfoResponse>(`${endpoint}/api/server-info`).catch(() => null);
