// What a classroom page says about its connection (SessionConnection's status): a dropped socket, a server
// that said it restarts, a server nobody can reach (down, or this device offline: not claimed to restart), a
// restarted server waiting for its facilitator — never "the session ended" for any of them.
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
  if (status.waitingForHost && role !== 'facilitator') return t('cls.run.waitingHost');
  if (status.cause === 'unreachable')
    return t(role === 'facilitator' ? 'cls.run.hostUnreachable' : 'cls.run.unreachable');
  return t(role === 'facilitator' ? 'cls.run.hostRestarting' : 'cls.run.restarting');
}
