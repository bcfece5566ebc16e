// Characters over the store: create, read, the owner's commands, seating a character at a game (one active game at a
// time), and recording a finished game on it exactly once.
import { NotFoundError, RuleViolation, StreamNotFoundError, ValidationError } from '../errors';
import {
  characterDocument,
  characterStream,
  decideCharacter,
  evolveCharacter,
  previousSeat,
  progressionOf,
  type CharacterCommand,
  type CharacterDocument,
  type CharacterState,
  type PreviousSeat,
} from '../characters';
import type { AnyGameModule, GameResult, Message, Seat } from '../module';
import type { EventStore } from '../store';
import { isDisplayName } from '../schemas';
import { schemaProblems } from '../validation';
import { eventTime, isUuid } from './events';
import type { GameServices } from './gameService';
import { stampedMetadata, StreamHandler, type Folded } from './handler';

export interface CharacterServiceDeps {
  readonly store: EventStore;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly games: Pick<GameServices, 'lobby' | 'reads'>;
  readonly clock: () => Date;
  readonly newId: () => string;
}

export class CharacterService {
  private readonly handler: StreamHandler<CharacterState>;

  constructor(private readonly deps: CharacterServiceDeps) {
    this.handler = new StreamHandler<CharacterState>({
      store: deps.store,
      clock: deps.clock,
      newId: deps.newId,
      conflictCode: 'character/concurrency',
      fold: (state, event) => {
        const module = state ? deps.modules[state.module] : deps.modules[String((event.data as { module?: unknown }).module)];
        return evolveCharacter(state, event.data as Message, eventTime(event), module);
      },
    });
  }

  /** Create a character of `module` for `player`, from the module's creation options. */
  async create(player: string, input: { module: string; name: string; options?: unknown }): Promise<CharacterDocument> {
    const module = this.deps.modules[input.module];
    if (!module)
      throw new ValidationError('character/unknown-module', `unknown module "${input.module}"`, [
        { path: '/module', message: `one of: ${Object.keys(this.deps.modules).join(', ')}` },
      ]);
    const progression = progressionOf(module);
    if (!isDisplayName(input.name))
      throw new ValidationError('character/bad-name', 'a name is 1 to 64 characters, not starting or ending with a space', [
        { path: '/name', message: '1..64 characters' },
      ]);
    const options = input.options ?? {};
    const problems = schemaProblems(progression.createSchema, options);
    if (problems.length > 0) {
      throw new ValidationError(
        'character/bad-options',
        `invalid ${module.name} character options`,
        problems.map((p) => ({ path: `/options${p.path === '/' ? '' : p.path}`, message: p.message })),
      );
    }
    const characterId = this.deps.newId();
    const { folded } = await this.run(
      characterId,
      module,
      { kind: 'create', characterId, owner: player, name: input.name, options },
      { newStream: true },
    );
    return characterDocument(folded.state, folded.revision, module);
  }

  async get(characterId: string): Promise<CharacterDocument> {
    const folded = await this.load(characterId);
    return characterDocument(folded.state, folded.revision, this.deps.modules[folded.state.module]);
  }

  /** The owner's progression command (spending an unlock, changing the deck…). */
  async command(
    player: string,
    characterId: string,
    command: unknown,
    idempotencyKey?: string,
  ): Promise<{ revision: number; events: Message[]; character: CharacterDocument; replayed: boolean }> {
    const module = await this.moduleOf(characterId);
    const progression = progressionOf(module);
    const problems = schemaProblems(progression.commandSchema, command);
    if (problems.length > 0)
      throw new ValidationError('character/malformed-command', `not a valid ${module.name} character command`, problems);
    const handled = await this.run(characterId, module, { kind: 'play', player, command: command as Message }, { idempotencyKey });
    const events = handled.decision ? handled.decision.events.map((e) => e.data as Message) : [];
    return {
      revision: handled.folded.revision,
      events,
      character: characterDocument(handled.folded.state, handled.folded.revision, module),
      replayed: handled.replayed,
    };
  }

  /**
   * Claim a seat as `player`, with one of their characters. The character is reserved on its own stream first (so two
   * claims of one character race on that stream, not across games), its profile is recorded in the game's claim,
   * and a claim the game refuses gives the reservation back.
   */
  async claimSeat(
    gameId: string,
    player: string,
    request: { seat?: Seat; name?: string; character?: string },
  ): Promise<{ seat: Seat; token: string; revision: number }> {
    const claim = { ...(request.seat !== undefined && { seat: request.seat }), player };
    if (request.character === undefined)
      return this.deps.games.lobby.claimSeat(gameId, { ...claim, ...(request.name !== undefined && { name: request.name }) });
    const characterId = request.character;
    const game = await this.deps.games.reads.summary(gameId);
    const current = await this.load(characterId);
    if (current.state.owner !== player) throw new RuleViolation('character/not-owner', 'only its owner may seat this character');
    if (current.state.module !== game.module)
      throw new RuleViolation('character/wrong-module', `this is a ${current.state.module} character; the game is ${game.module}`);
    if (game.status !== 'open') throw new RuleViolation('game/not-open', 'seats can only be claimed before the game starts');
    const module = this.module(current.state);
    const previous = await this.previous(current.state);
    const reserved = await this.run(characterId, module, { kind: 'seat', gameId, player, previous });
    const profile = progressionOf(module).profile(reserved.folded.state.progression);
    try {
      return await this.deps.games.lobby.claimSeat(gameId, {
        ...claim,
        name: request.name ?? current.state.name,
        character: { id: characterId, revision: reserved.folded.revision, profile },
      });
    } catch (error) {
      await this.release(characterId, gameId, 'claim-failed').catch(() => {}); // a stale reservation expires by itself
      throw error;
    }
  }

  /** Record one finished game on the character; idempotent per (game, seat). */
  async record(characterId: string, result: GameResult): Promise<{ recorded: boolean }> {
    const module = await this.moduleOf(characterId);
    const { written } = await this.run(
      characterId,
      module,
      { kind: 'record', result },
      { idempotencyKey: `game:${result.gameId}:seat:${result.seat}` },
    );
    return { recorded: written.to >= written.from };
  }

  /** End the character's reservation for a game that will not record a result (abandoned, or a failed claim). */
  async release(characterId: string, gameId: string, reason: 'claim-failed' | 'game-abandoned' | 'seat-left'): Promise<void> {
    const module = await this.moduleOf(characterId);
    await this.run(characterId, module, { kind: 'release', gameId, reason });
  }

  private async previous(state: CharacterState): Promise<PreviousSeat> {
    if (!state.seatedIn) return 'free';
    const { gameId, since } = state.seatedIn;
    const game = await this.deps.games.reads.summary(gameId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    const seated = game
      ? {
          seatsCharacter: game.seats.some((s) => s.character === state.id),
          over: game.status === 'finished' || game.status === 'abandoned',
        }
      : null;
    return previousSeat(since, seated, this.deps.clock());
  }

  private async load(characterId: string): Promise<Folded<CharacterState>> {
    if (!isUuid(characterId)) throw new NotFoundError('character/not-found', `no character ${characterId}`);
    try {
      return await this.handler.load(characterStream(characterId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('character/not-found', `no character ${characterId}`);
      throw error;
    }
  }

  private async moduleOf(characterId: string): Promise<AnyGameModule> {
    return this.module((await this.load(characterId)).state);
  }

  private module(state: CharacterState): AnyGameModule {
    const module = this.deps.modules[state.module];
    if (!module) throw new Error(`character ${state.id} is of module ${state.module}, which this server does not load`);
    return module;
  }

  private run(
    characterId: string,
    module: AnyGameModule,
    command: CharacterCommand,
    options: { idempotencyKey?: string | undefined; newStream?: boolean } = {},
  ) {
    return this.handler.handle(
      characterStream(characterId),
      (current, stamp) => {
        if (!current && command.kind !== 'create') throw new NotFoundError('character/not-found', `no character ${characterId}`);
        const actor = command.kind === 'play' || command.kind === 'seat' ? `player:${command.player}` : 'kernel';
        const metadata = stampedMetadata(stamp, { actor, rulesVersion: module.rulesVersion });
        return { events: decideCharacter(command, current?.state ?? null, module).map((e) => ({ type: e.type, data: e, metadata })) };
      },
      options,
    );
  }
}
