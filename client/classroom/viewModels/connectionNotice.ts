// What a classroom page says about its connection (SessionConnection's status): a dropped socket, a server
// restarting, a restarted server waiting for its facilitator — never "the session ended" for any of them.
import type { SessionStatus } from '../../net/SessionConnection.ts';
import type { Translate } from '../../ui/translate.ts';

/** The banner text for `status` ('' when online); the facilitator is told its dashboard reopens the session. */
export function connectionNotice(
  status: SessionStatus,
  role: 'player' | 'facilitator' | 'projector',
  t: Translate,
): string {
  if (status.kind !== 'reconnecting') return '';
  if (status.cause === 'network') return t('cls.reconnecting', { n: status.attempt });
  if (role === 'facilitator') return t('cls.run.hostRestarting');
  return t(status.waitingForHost ? 'cls.run.waitingHost' : 'cls.run.restarting');
}
