// The time the contact agreements count from. In production it is the real clock; a server started
// with TEST_CLOCK=true lets a journey set it (PUT /api/test/clock), so that a due date can pass without
// waiting for it. Only the agreements read it: sessions, tokens and payments keep the real time.

export interface SettableClock {
  now(): Date;
  /** From now on, `now()` answers this instant plus the time since; null: the real time again. */
  set(at: Date | null): void;
}

export function createClock(): SettableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(at) {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
  };
}
