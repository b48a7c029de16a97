// The session room's messages by name, both ways (shared/protocol/classroom.ts gives each its payload): what
// the server sends (ServerMessages, every name in SERVER_MESSAGES for SessionConnection to listen to) and
// what a page sends (ClientMessages).
import {
  MSG_EDIT_COUNTS,
  MSG_EDIT_REFUSED,
  MSG_ERROR,
  MSG_HINT,
  MSG_KICKED,
  MSG_REMOVED,
  MSG_RESULTS,
  MSG_REVEAL,
  MSG_SERVICE,
  MSG_TEAM_PLAN,
  MSG_WELCOME,
  type ChooseTeamMessage,
  type EditCountsMessage,
  type EditMessage,
  type EditRefusedMessage,
  type ErrorMessage,
  type HintMessage,
  type HostCommand,
  type LockMessage,
  type RemovedPlayersMessage,
  type ResultsMessage,
  type RevealMessage,
  type ServiceMessage,
  type TeamPlanMessage,
  type WelcomeMessage,
} from '../../shared/index.ts';

/** Server → client messages by name. */
export interface ServerMessages {
  welcome: WelcomeMessage;
  teamPlan: TeamPlanMessage;
  editCounts: EditCountsMessage;
  editRefused: EditRefusedMessage;
  hint: HintMessage;
  results: ResultsMessage;
  reveal: RevealMessage;
  service: ServiceMessage;
  kicked: unknown;
  removed: RemovedPlayersMessage;
  error: ErrorMessage;
}
/** Client → server messages by name. */
export interface ClientMessages {
  edit: EditMessage;
  chooseTeam: ChooseTeamMessage;
  lock: LockMessage;
  host: HostCommand;
}
export const SERVER_MESSAGES = [
  MSG_WELCOME,
  MSG_TEAM_PLAN,
  MSG_EDIT_COUNTS,
  MSG_EDIT_REFUSED,
  MSG_HINT,
  MSG_RESULTS,
  MSG_REVEAL,
  MSG_SERVICE,
  MSG_KICKED,
  MSG_REMOVED,
  MSG_ERROR,
] as const satisfies readonly (keyof ServerMessages)[];
