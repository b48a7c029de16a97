// The classroom session core's public face (docs/design.md §5.5): pure, deterministic rules of a live session
// that the server's SessionRoom calls after validating each message. Time (`nowMs`) is always passed in;
// every call returns a new snapshot (never mutates) or a refusal that leaves the input as it was.
export * from './session.ts';
export * from './onlyPlansChanged.ts';
export { editRefusedMessage } from './errors.ts';
export { wasRefused } from './scoreRound.ts';
export { TEAM_NAMES } from './teamNames.ts';
export { MAX_NICKNAME_CHARS, validateNickname } from './validateNickname.ts';
export { containsBannedWord } from './wordFilter.ts';
export { createSession, type CreateSessionInput } from './createSession.ts';
export { chooseTeam, joinPlayer, type JoinRequest, type Joined } from './joinPlayer.ts';
export { membersOf, teamPlanMessage } from './roster.ts';
export { hostCommand } from './hostCommand.ts';
export { tick } from './phases.ts';
export { playerEdit } from './playerEdit.ts';
export { setLock } from './setLock.ts';
export { MAX_SEATS, dropGhostSeats, neverPlayed } from './ghostSeats.ts';
export { handOverCaptaincy } from './captainHandover.ts';
export { resultsSeenBy } from './resultsSeenBy.ts';
export {
  joinsLocked,
  newSeatRefusal,
  nicknameKey,
  readmitPlayer,
  removedPlayers,
  removedSeatRefusal,
  setJoinsLocked,
} from './seatPolicy.ts';
export { playersOf, playingTeams, scoreRound, teamResult } from './scoreRound.ts';
export { classHistograms, histogramValues, type HistogramMetric } from './histogramValues.ts';
export { lessonOf, resultFigures } from './revealDebrief.ts';
export { planSummary, pythonSpec } from './planSummary.ts';
export { revealMessage } from './revealMessage.ts';
export { serviceMessage } from './serviceMessage.ts';
export { kitchensOf } from './kitchensOf.ts';
export { timerRemainingMs } from './timer.ts';
export { podium, type PodiumEntry } from './podium.ts';
export { resultsTable, type ResultsField } from './resultsTable.ts';
