/**
 * The sandbox's one clock. Setting it moves it to an instant from which it keeps ticking, so
 * orders created afterwards still get distinct, increasing timestamps.
 */
export class Clock {
  private offsetMs = 0;

  constructor(private readonly base: () => Date = () => new Date()) {}

  now(): Date {
    return new Date(this.base().getTime() + this.offsetMs);
  }

  /** null returns to the base clock (real time unless startSandbox was given `now`). */
  set(instant: Date | null): void {
    this.offsetMs = instant ? instant.getTime() - this.base().getTime() : 0;
  }

  get isSet(): boolean {
    return this.offsetMs !== 0;
  }
}

export const unix = (date: Date): number => Math.floor(date.getTime() / 1000);
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);
