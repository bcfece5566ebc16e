// Every command as TypeBox schemas: the raiders' commands, and the Dungeon's, which only its automaton may send.
import { defineCommand } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';

const CardIdT = Type.String({ minLength: 1, maxLength: 12, description: 'a card instance id from your view' });
const RefT = Type.String({
  minLength: 1,
  maxLength: 12,
  description: 'a character: "dh" the Dungeon hero, "h<seat>" a raider hero, or an ally’s card id',
});

export const raiderCommands = [
  defineCommand('Mulligan', 'Before the first turn: shuffle your hand into your deck and draw a new one (once).', {}, [{}]),
  defineCommand('KeepHand', 'Before the first turn: keep your opening hand.', {}, [{}]),
  defineCommand('PlaceResource', 'Your turn, once: put a card from your hand face down as a resource.', { card: CardIdT }, [
    { card: 'r0-5' },
  ]),
  defineCommand(
    'PlayCard',
    'Play a card from your hand, paying its cost with ready resources. Instant abilities also answer response windows.',
    {
      card: CardIdT,
      target: Type.Optional(RefT),
    },
    [{ card: 'r0-5' }, { card: 'r1-22', target: 'dh' }],
  ),
  defineCommand(
    'Attack',
    'Your turn: a ready ally (or your hero, with a weapon and its strike cost) exhausts to attack a Dungeon character.',
    {
      attacker: RefT,
      target: RefT,
    },
    [{ attacker: 'h0', target: 'dh' }],
  ),
  defineCommand(
    'Protect',
    'When the Dungeon attacks your party: a ready Protector ally exhausts and takes the attack instead.',
    { ally: RefT },
    [{ ally: 'r2-7' }],
  ),
  defineCommand('Pass', 'Let the open response window go by.', {}, [{}]),
  defineCommand('EndTurn', 'Finish your turn (discarding down to your hand size follows if needed).', {}, [{}]),
  defineCommand('Discard', 'At the end of your turn, over your hand size: discard this card.', { card: CardIdT }, [{ card: 'r0-5' }]),
  defineCommand(
    'Concede',
    'Concede: leave the raid at any time. Your hero retreats and all your cards in play go to your graveyard, as when a ' +
      'raider is destroyed; the others fight on, and the Dungeon wins once no raider is left.',
    {},
    [{}],
  ),
] as const;

export const dungeonCommands = [
  defineCommand('StartDungeonTurn', 'The Dungeon readies, levels up when due, and rolls for the MARKED hero.', {}, [{}]),
  defineCommand('MarkHero', 'The Dungeon rolls again for a MARKED hero (the last one was destroyed this turn).', {}, [{}]),
  defineCommand('FlipCard', 'The Dungeon turns its top card face up.', {}, [{}]),
  defineCommand('ResolveFlip', 'The flipped card resolves: an ally or equipment enters play, an ability takes effect.', {}, [{}]),
  defineCommand('DeclareAttack', 'The next Dungeon character in order attacks the MARKED hero.', { attacker: RefT, target: RefT }, [
    { attacker: 'dh', target: 'h0' },
  ]),
  defineCommand('ResolveAttack', 'The declared Dungeon attack deals its damage.', {}, [{}]),
  defineCommand('EndDungeonTurn', 'The Dungeon ends its turn.', {}, [{}]),
] as const;

export const commandSchema = Type.Union([...raiderCommands, ...dungeonCommands], {
  description: 'Every raid command: the raiders’, and the Dungeon’s steps, which only its automaton sends.',
});
/** What a raider seat may send: every command but the Dungeon's own steps. */
export const seatCommandSchema = Type.Union([...raiderCommands], {
  description: 'What a raider may send: the Dungeon’s own steps are its automaton’s and are refused from a seat.',
});

/** Every raid command. */
export type RaidCommand = Static<typeof commandSchema>;
export type CommandOf<T extends RaidCommand['type']> = Extract<RaidCommand, { type: T }>;
export type DungeonCommand = Static<(typeof dungeonCommands)[number]>;
export const DUNGEON_COMMAND_TYPES: ReadonlySet<string> = new Set(dungeonCommands.map((c) => c.properties.type.const));
