// Campaigns over the store: create, join, schedule a game with every member seated, and record a game's result once.
import { NotFoundError, RuleViolation, StreamNotFoundError, ValidationError } from '../errors';
import {
  campaignStream,
  decideCampaign,
  evolveCampaign,
  type CampaignCommand,
  type CampaignEvent,
  type CampaignSeat,
  type CampaignState,
} from '../campaigns';
import type { AnyGameModule, Seat } from '../module';
import { isDisplayName, type CampaignDocument } from '../schemas';
import type { EventStore } from '../store';
import type { CharacterService } from './characters';
import { eventTime, isUuid } from './events';
import type { GameServices } from './gameService';
import { stampedMetadata, StreamHandler, type Folded } from './handler';
import type { PlayerService } from './players';

export interface CampaignServiceDeps {
  readonly store: EventStore;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly games: Pick<GameServices, 'lobby'>;
  readonly players: PlayerService;
  readonly characters: CharacterService;
  readonly clock: () => Date;
  readonly newId: () => string;
}

export class CampaignService {
  private readonly handler: StreamHandler<CampaignState>;

  constructor(private readonly deps: CampaignServiceDeps) {
    this.handler = new StreamHandler<CampaignState>({
      store: deps.store,
      clock: deps.clock,
      newId: deps.newId,
      conflictCode: 'campaign/concurrency',
      fold: (state, event) => evolveCampaign(state, event.data as CampaignEvent, eventTime(event)),
    });
  }

  async create(player: string, input: { name: string; module: string; character?: string }): Promise<CampaignDocument> {
    if (!this.deps.modules[input.module])
      throw new ValidationError('campaign/unknown-module', `unknown module "${input.module}"`, [
        { path: '/module', message: `one of: ${Object.keys(this.deps.modules).join(', ')}` },
      ]);
    if (!isDisplayName(input.name))
      throw new ValidationError('campaign/bad-name', 'a name is 1 to 64 characters, not starting or ending with a space', [
        { path: '/name', message: '1..64 characters' },
      ]);
    const owner = await this.deps.players.summary(player);
    const character = await this.checkCharacter(player, input.module, input.character);
    const campaignId = this.deps.newId();
    const { folded } = await this.run(
      campaignId,
      { kind: 'create', campaignId, name: input.name, module: input.module, owner: player, ownerName: owner.name, character },
      { newStream: true },
    );
    return documentOf(folded);
  }

  async join(player: string, campaignId: string, input: { character?: string }): Promise<CampaignDocument> {
    const { state } = await this.load(campaignId);
    const member = await this.deps.players.summary(player);
    const character = await this.checkCharacter(player, state.module, input.character);
    const { folded } = await this.run(campaignId, { kind: 'join', player, name: member.name, character });
    return documentOf(folded);
  }

  async get(campaignId: string): Promise<CampaignDocument> {
    return documentOf(await this.load(campaignId));
  }

  /**
   * A member schedules a game of the campaign's module: it is created in the campaign's name with one seat per member,
   * each claimed for that member (with their character). The caller gets their own seat token; the others take theirs
   * with their player key (POST /games/{id}/seats/{seat}/tokens).
   */
  async schedule(
    player: string,
    campaignId: string,
    input: { options?: unknown },
  ): Promise<{ gameId: string; seat: Seat; token: string; seats: CampaignSeat[] }> {
    const { state } = await this.load(campaignId);
    if (!state.members.some((m) => m.player === player)) throw new RuleViolation('campaign/not-member', 'only members schedule games');
    // Everything a seat claim could refuse is checked before the game exists: a refused schedule leaves nothing behind.
    for (const member of state.members) {
      if (member.character !== null) await this.deps.characters.checkSeatable(member.player, member.character, state.module);
    }
    const { gameId } = await this.deps.games.lobby.createGame({
      module: state.module,
      options: input.options ?? {},
      seats: state.members.length,
      campaign: campaignId,
    });
    const seats: CampaignSeat[] = [];
    let mine: { seat: Seat; token: string } | null = null;
    try {
      for (const [seat, member] of state.members.entries()) {
        const claimed = await this.deps.characters.claimSeat(gameId, member.player, {
          seat,
          name: member.name,
          ...(member.character !== null && { character: member.character }),
        });
        seats.push({ seat, player: member.player, character: member.character });
        if (member.player === player) mine = { seat: claimed.seat, token: claimed.token };
      }
    } catch (error) {
      // A character taken by another game between the check and the claim: the half-seated game is abandoned.
      await this.deps.games.lobby.abandonGame(gameId).catch(() => {});
      throw error;
    }
    await this.run(campaignId, { kind: 'schedule', player, gameId, seats });
    if (!mine) throw new Error('the scheduling member has no seat'); // members were checked above
    return { gameId, ...mine, seats };
  }

  /** Record a campaign game's end; idempotent per game. */
  async record(campaignId: string, command: Extract<CampaignCommand, { kind: 'record' }>): Promise<void> {
    await this.run(campaignId, command, { idempotencyKey: `game:${command.gameId}` });
  }

  private async checkCharacter(player: string, module: string, characterId: string | undefined): Promise<string | null> {
    if (characterId === undefined) return null;
    const character = await this.deps.characters.get(characterId);
    if (character.owner !== player) throw new RuleViolation('character/not-owner', 'only its owner may bring this character');
    if (character.module !== module)
      throw new RuleViolation('character/wrong-module', `this is a ${character.module} character; the campaign plays ${module}`);
    return characterId;
  }

  private async load(campaignId: string): Promise<Folded<CampaignState>> {
    if (!isUuid(campaignId)) throw new NotFoundError('campaign/not-found', `no campaign ${campaignId}`);
    try {
      return await this.handler.load(campaignStream(campaignId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('campaign/not-found', `no campaign ${campaignId}`);
      throw error;
    }
  }

  private run(campaignId: string, command: CampaignCommand, options: { idempotencyKey?: string; newStream?: boolean } = {}) {
    return this.handler.handle(
      campaignStream(campaignId),
      (current, stamp) => {
        if (!current && command.kind !== 'create') throw new NotFoundError('campaign/not-found', `no campaign ${campaignId}`);
        const actor = command.kind === 'record' ? 'kernel' : `player:${command.kind === 'create' ? command.owner : command.player}`;
        const metadata = stampedMetadata(stamp, { actor });
        return { events: decideCampaign(command, current?.state ?? null).map((e) => ({ type: e.type, data: e, metadata })) };
      },
      options,
    );
  }
}

function documentOf(folded: Folded<CampaignState>): CampaignDocument {
  return { ...folded.state, revision: folded.revision };
}
