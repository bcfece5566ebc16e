// Every command a seat may send, as TypeBox schemas with descriptions (the API validates input against commandSchema).
import { defineCommand } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';
import { StatT } from './content/schema';
import { CoordT, DirectionT, RotationT, SeatT } from './state';

const Card = Type.String({ minLength: 1, maxLength: 48, description: 'A card id.' });
const Form = { ...StatT, description: 'The attack form: melee, magic or speed.' };

/** The most +1s one Chance quest attempt may state: the command schema's bound, which the legal list keeps to. */
export const MAX_BOOST = 20;
/** More Encounters than one Dungeonlord Phase can play (a hand and a Pack): the bound of an encounter index. */
export const MAX_ENCOUNTERS = 32;

/** Every command, as the API validates it. */
export const commandSchema = Type.Union(
  [
    defineCommand(
      'Upkeep',
      'Reset Phase: pay a readied card’s upkeep in Glory, or let it return to your hand.',
      {
        card: Card,
        pay: Type.Boolean({ description: 'true: pay; false: return the card to hand.' }),
      },
      [{ card: 'striding-boots-1', pay: false }],
    ),
    defineCommand(
      'PlayEncounter',
      'Dungeonlord Phase, before resolving: play an Encounter from hand or Pack against a hero, paid with that hero’s Peril.',
      {
        card: Card,
        target: SeatT,
        form: Type.Optional(Form),
      },
      [{ card: 'lantern-moths-1', target: 1, form: 'speed' }],
    ),
    defineCommand(
      'PlayBane',
      'Play a Bane, paid with the target’s Peril (or, untargeted, with any one other player’s).',
      {
        card: Card,
        target: SeatT,
      },
      [{ card: 'sudden-cramp-1', target: 1 }],
    ),
    defineCommand(
      'ResolveEncounters',
      'Dungeonlord Phase: every Encounter is played; let the engaged heroes respond, then resolve them in order.',
      {},
      [{}],
    ),
    defineCommand('PlayBoon', 'Play a Boon from hand, paying its Glory (free when a quest reward allows it).', { card: Card }, [
      { card: 'quick-step-1' },
    ]),
    defineCommand(
      'ReadyTreasure',
      'Hero Phase: ready a Treasure from hand, paying its Glory; `use` uses a potion at once.',
      {
        card: Card,
        use: Type.Boolean({ description: 'Use it the moment it is played (only cards discarded by their use).' }),
      },
      [{ card: 'striding-boots-1', use: false }],
    ),
    defineCommand('Activate', 'Use the ability of a readied card or Artifact, paying its cost (on or off turn).', { card: Card }, [
      { card: 'ember-lore-1' },
    ]),
    defineCommand('UseAbility', 'Use your hero’s special ability, paying its cost (any time).', {}, [{}]),
    defineCommand(
      'Pass',
      'Do nothing with the choice offered now: stop responding, decline to challenge back, skip an optional reward.',
      {},
      [{}],
    ),
    defineCommand(
      'ChallengeHero',
      'Hero Phase: challenge a hero in your space (1 Movement, once per turn); `component` tries to take their escort instead of wounding.',
      {
        seat: SeatT,
        form: Form,
        component: Type.Optional(Card),
      },
      [{ seat: 1, form: 'melee' }],
    ),
    defineCommand('ChallengeMonster', 'Challenge the monster that just attacked you (1 Movement, once per turn).', { form: Form }, [
      { form: 'melee' },
    ]),
    defineCommand(
      'ChallengeQuestMonster',
      'Hero Phase: challenge a quest monster that attacked you this turn (1 Movement, once per turn).',
      {
        quest: Card,
        form: Form,
      },
      [{ quest: 'pale-matron', form: 'melee' }],
    ),
    defineCommand(
      'Stow',
      'Pack step: an unwounded surviving monster goes back to hand or into the Pack.',
      {
        card: Card,
        to: Type.Union([Type.Literal('hand'), Type.Literal('pack')], { description: 'Where it goes.' }),
      },
      [{ card: 'sallow-witch-1', to: 'hand' }],
    ),
    defineCommand(
      'Discard',
      'Discard a card: the one Discard/Draw discard (hand, Treasure or Pack), or trimming a Pack or Treasures over the limit.',
      {
        card: Card,
      },
      [{ card: 'hide-buckler-1' }],
    ),
    defineCommand('AssignPeril', 'Reward step: give one earned Peril to a player.', { seat: SeatT }, [{ seat: 1 }]),
    defineCommand(
      'EndPhase',
      'End your Dungeonlord Phase (after the encounters) or Hero Phase; in Discard/Draw with an empty hand, skip the discard.',
      {},
      [{}],
    ),
    defineCommand(
      'PlaceMap',
      'Place the drawn Map card at (x, y), as printed or turned end over end.',
      {
        x: CoordT.properties.x,
        y: CoordT.properties.y,
        rotation: RotationT,
        card: Type.Optional({
          ...Card,
          description: 'Revealed Map and campaign Build only (and required there): which of your Map cards to place.',
        }),
      },
      [{ x: 1, y: 1, rotation: 0 }],
    ),
    defineCommand('Move', 'Hero Phase: move through the exit on this side (1 Movement).', { direction: DirectionT }, [{ direction: 'N' }]),
    defineCommand(
      'OpenDoor',
      'Hero Phase: try to open the locked door on this side (free on success, 1 Movement on failure; it opens either way).',
      {
        direction: DirectionT,
      },
      [{ direction: 'W' }],
    ),
    defineCommand('ClimbOut', 'Hero Phase: untip your hero (1 Movement).', {}, [{}]),
    defineCommand('Explore', 'Hero Phase: draw and place a Map card (1 Movement).', {}, [{}]),
    defineCommand(
      'AttemptQuest',
      'Hero Phase: attempt a quest in its space; a Chance quest states `boost`, the +1s bought with Glory (0 for none).',
      {
        quest: Card,
        boost: Type.Optional(
          Type.Integer({
            minimum: 0,
            maximum: MAX_BOOST,
            description: `Chance quests only (and always): bonuses bought for this roll, at most ${MAX_BOOST} (no table buys more).`,
          }),
        ),
      },
      [{ quest: 'stair-gnawer' }],
    ),
    defineCommand(
      'PickUpComponent',
      'Hero Phase: take an escort component at its pick-up space or from the floor (free).',
      {
        quest: Card,
      },
      [{ quest: 'stolen-reliquary' }],
    ),
    defineCommand('DropComponent', 'Hero Phase: set down an escort component you carry (free).', { quest: Card }, [
      { quest: 'stolen-reliquary' },
    ]),
    defineCommand('TakeCard', 'Quest reward: take this card from the Adventure deck or discard pile.', { card: Card }, [
      { card: 'quick-step-1' },
    ]),
    defineCommand('KeepSecret', 'Secret Quest: keep this one of your two quests hidden; the other is revealed.', { quest: Card }, [
      { quest: 'pale-matron' },
    ]),
    defineCommand('Loot', 'Looting, Hero Phase: spend 1 Movement to take a Treasure lying in your space, readied.', { card: Card }, [
      { card: 'notched-sword-2' },
    ]),
    defineCommand(
      'MovePack',
      'Wandering Pack, Dungeonlord Phase: move your Pack one space (1 of its Movements).',
      {
        direction: DirectionT,
      },
      [{ direction: 'S' }],
    ),
    defineCommand(
      'Defend',
      'Wandering Pack, Response: defend against this Pack monster yourself (you stand in the Pack’s space).',
      {
        index: Type.Integer({
          minimum: 0,
          maximum: MAX_ENCOUNTERS - 1,
          description: `The encounter index of the Pack monster (below ${MAX_ENCOUNTERS}: more than one phase can play).`,
        }),
      },
      [{ index: 0 }],
    ),
    defineCommand(
      'ChallengePack',
      'Wandering Pack, Hero Phase: challenge a monster of the Pack in your space (1 Movement, once per turn).',
      {
        seat: { ...SeatT, description: 'The Dungeonlord whose Pack it is.' },
        card: Card,
        form: Form,
      },
      [{ seat: 2, card: 'vault-golem-1', form: 'melee' }],
    ),
    defineCommand('BuyCard', 'Campaign, a hero’s Draw/Discard: draw one card from the Glory deck for 1 Glory.', {}, [{}]),
    defineCommand(
      'Concede',
      'Concede: leave the game for good, at any time once play has begun. Your cards are discarded and your quests leave ' +
        'play; the others play on, and the last player left wins.',
      {},
      [{}],
    ),
  ],
  { description: 'Every Dungeoneer command (each a seat’s: the game has no automaton).' },
);

/** Every Dungeoneer command. */
export type DungeoneerCommand = Static<typeof commandSchema>;
/** The command with this `type`. */
export type CommandOf<T extends DungeoneerCommand['type']> = Extract<DungeoneerCommand, { type: T }>;
