// The keys a browser keeps per session code in localStorage: a player's seat key (a reload takes the same
// seat, team and points back) and the facilitator's host key (the dashboard reopens without retyping it).

const SEAT = (code: string) => `mesh-kitchen.seat.${code}`;
const HOST = (code: string) => `mesh-kitchen.host.${code}`;

export interface Seat {
  readonly seatKey: string;
  readonly nickname: string;
}

export class KeyStore {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined) {}

  seat(code: string): Seat | null {
    try {
      const raw = JSON.parse(this.storage?.getItem(SEAT(code)) ?? 'null') as Partial<Seat> | null;
      return raw && typeof raw.seatKey === 'string' && raw.seatKey && typeof raw.nickname === 'string'
        ? { seatKey: raw.seatKey, nickname: raw.nickname }
        : null;
    } catch {
      return null;
    }
  }

  saveSeat(code: string, seat: Seat): void {
    this.storage?.setItem(SEAT(code), JSON.stringify(seat));
  }

  forgetSeat(code: string): void {
    this.storage?.removeItem(SEAT(code));
  }

  hostKey(code: string): string | null {
    const key = this.storage?.getItem(HOST(code));
    return key ? key : null;
  }

  saveHostKey(code: string, hostKey: string): void {
    this.storage?.setItem(HOST(code), hostKey);
  }
}
