// The last edit each player's page had applied (docs/design.md §5.5). A page whose connection dropped sends its
// unconfirmed edits again under their own seq (TeamPlanSession.resendPending); one the room had applied before
// the drop, whose confirmation was lost with the socket, is confirmed again instead of applied twice — twice
// would show twice in the team's activity line and could undo a teammate's change made in between. A page is
// named by a random id it sends with each edit: a reloaded page is a new page and starts its seqs over. Held in
// memory: after a server restart a resent edit is applied again (it sets the values it set before).

/** Per player, the page and seq of the last edit applied. */
export class AppliedEdits {
  private readonly last = new Map<string, { readonly page: string; readonly seq: number }>();

  /** Whether edit `seq` of `page` was already applied for `playerId` (a page's seqs only grow). */
  applied(playerId: string, page: string | undefined, seq: number): boolean {
    const last = this.last.get(playerId);
    return page !== undefined && last !== undefined && last.page === page && seq <= last.seq;
  }

  /** Records that edit `seq` of `page` was applied (and saved) for `playerId`. */
  record(playerId: string, page: string | undefined, seq: number): void {
    if (page !== undefined) this.last.set(playerId, { page, seq });
  }
}
