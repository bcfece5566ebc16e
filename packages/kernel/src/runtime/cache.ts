// A small LRU of folded states keyed by stream; entries carry their revision and are caught up before use.
export class StateCache<T> {
  private readonly entries = new Map<string, T>();
  /** Lookups that found a state and lookups that did not, since the cache was made (read by the server's metrics). */
  readonly lookups = { hits: 0, misses: 0 };
  constructor(private readonly capacity: number) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value === undefined) this.lookups.misses++;
    else {
      this.lookups.hits++;
      // Re-insert to mark as most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The entry for `key`, if any, without counting a lookup or marking it as used. */
  peek(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
