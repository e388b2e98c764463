/**
 * A fixed one-minute budget per client address, kept in memory: enough to slow a guesser down on one
 * process without a store round trip. The map is dropped whole at each window, so it stays bounded by
 * the addresses seen in one minute.
 */
export class AddressBudget {
  private windowStart = Date.now();
  private spent = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one use; the seconds until the budget renews when this use went over it, else 0. */
  spend(address: string, now = Date.now()): number {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.spent.clear();
    }
    const used = (this.spent.get(address) ?? 0) + 1;
    this.spent.set(address, used);
    return used > this.max ? Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000)) : 0;
  }
}
