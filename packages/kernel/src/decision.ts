// For module authors: a decision in progress. Rules that emit several events often need to see the effect of the
// earlier ones (draw, then reshuffle, then draw again); folding each event as it is emitted gives them that.

/** The events one command has emitted so far, and the state they fold into through the module's `evolve`. */
export class Decision<S, E> {
  readonly events: E[] = [];

  constructor(
    public state: S,
    private readonly fold: (state: S, event: E) => S,
  ) {}

  emit(event: E): this {
    this.events.push(event);
    this.state = this.fold(this.state, event);
    return this;
  }
}
