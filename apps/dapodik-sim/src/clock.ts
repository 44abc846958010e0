/**
 * The simulator's clock. Injectable so tests can put the sync API inside (or outside) the nightly
 * service window and get byte-identical `generated_at` stamps; settable at run time via /__sim/clock.
 */
export class SimClock {
  private fixed: number | null = null;
  private offset = 0;

  constructor(private readonly source: () => Date = () => new Date()) {}

  now(): Date {
    return new Date(this.fixed ?? this.source().getTime() + this.offset);
  }

  /** Freezes the clock at `at` (null: follow the source again, without offset). */
  set(at: Date | null): void {
    this.fixed = at ? at.getTime() : null;
    this.offset = 0;
  }

  /** Moves the clock forward (or back), frozen or not. */
  advance(ms: number): void {
    if (this.fixed !== null) this.fixed += ms;
    else this.offset += ms;
  }

  get frozen(): boolean {
    return this.fixed !== null;
  }
}
