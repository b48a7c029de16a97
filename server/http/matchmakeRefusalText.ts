// The matchmaker's refusals in both languages, for the join pages (a page shows `text` in its language,
// client/classroom/viewModels/refusalText.ts; without it a Chinese page showed the English message). `target`
// is the room or session code the request named.
import { text, type Text } from '../../shared/index.ts';

const TEXTS: ReadonlyMap<string, (target: string) => Text> = new Map([
  [
    'no-session',
    (code: string) =>
      text(
        `现在没有正在进行的课 ${code}：请核对课程码；课程码没错的话，请老师打开这场课的控制台。`,
        `No session ${code} is open now: check the code; if it is right, ask your facilitator to open the session's dashboard.`,
      ),
  ],
  [
    'too-many-requests',
    () => text('加入请求太多：请几秒后再试。', 'Too many join requests; try again in a few seconds.'),
  ],
  [
    'too-many-joins',
    () =>
      text(
        '同时等待加入的人太多：请几秒后再试。',
        'Too many joins are waiting at once; try again in a few seconds.',
      ),
  ],
  ['session-full', () => text('这场课已经满员。', 'This session is full.')],
  ['wrong-host-key', () => text('老师密钥不对。', 'Wrong host key.')],
  [
    'bad-request',
    () =>
      text(
        '加入请求无法读取：请刷新页面再试。',
        'The join request could not be read: reload the page and try again.',
      ),
  ],
  [
    'server-error',
    () =>
      text('服务器这次没能处理加入请求：请再试一次。', 'The server could not answer this join; try again.'),
  ],
]);

/** The refusal `code`'s text in both languages, when the matchmaker has one for it. */
export const matchmakeRefusalText = (code: string, target: string): Text | undefined =>
  TEXTS.get(code)?.(target.slice(0, 32));
