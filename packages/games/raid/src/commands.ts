// Every command as TypeBox schemas: the raiders' commands, and the Dungeon's, which only its automaton may send.
import { Type, type Static, type TLiteral, type TProperties } from '@sinclair/typebox';

const CardIdT = Type.String({ minLength: 1, maxLength: 12, description: 'a card instance id from your view' });
const RefT = Type.String({
  minLength: 1,
  maxLength: 12,
  description: 'a character: "dh" the Dungeon hero, "h<seat>" a raider hero, or an ally’s card id',
});
const cmd = <N extends string, P extends TProperties>(name: N, description: string, props: P) =>
  Type.Object({ type: Type.Literal(name) as TLiteral<N>, ...props }, { additionalProperties: false, description });

export const raiderCommands = [
  cmd('Mulligan', 'Before the first turn: shuffle your hand into your deck and draw a new one (once).', {}),
  cmd('KeepHand', 'Before the first turn: keep your opening hand.', {}),
  cmd('PlaceResource', 'Your turn, once: put a card from your hand face down as a resource.', { card: CardIdT }),
  cmd('PlayCard', 'Play a card from your hand, paying its cost with ready resources. Instant abilities also answer response windows.', {
    card: CardIdT,
    target: Type.Optional(RefT),
  }),
  cmd('Attack', 'Your turn: a ready ally (or your hero, with a weapon and its strike cost) exhausts to attack a Dungeon character.', {
    attacker: RefT,
    target: RefT,
  }),
  cmd('Protect', 'When the Dungeon attacks your party: a ready Protector ally exhausts and takes the attack instead.', { ally: RefT }),
  cmd('Pass', 'Let the open response window go by.', {}),
  cmd('EndTurn', 'Finish your turn (discarding down to your hand size follows if needed).', {}),
  cmd('Discard', 'At the end of your turn, over your hand size: discard this card.', { card: CardIdT }),
] as const;

export const dungeonCommands = [
  cmd('StartDungeonTurn', 'The Dungeon readies, levels up when due, and rolls for the MARKED hero.', {}),
  cmd('MarkHero', 'The Dungeon rolls again for a MARKED hero (the last one was destroyed this turn).', {}),
  cmd('FlipCard', 'The Dungeon turns its top card face up.', {}),
  cmd('ResolveFlip', 'The flipped card resolves: an ally or equipment enters play, an ability takes effect.', {}),
  cmd('DeclareAttack', 'The next Dungeon character in order attacks the MARKED hero.', { attacker: RefT, target: RefT }),
  cmd('ResolveAttack', 'The declared Dungeon attack deals its damage.', {}),
  cmd('EndDungeonTurn', 'The Dungeon ends its turn.', {}),
] as const;

export const commandSchema = Type.Union([...raiderCommands, ...dungeonCommands]);

/** Every raid command. */
export type RaidCommand = Static<typeof commandSchema>;
export type CommandOf<T extends RaidCommand['type']> = Extract<RaidCommand, { type: T }>;
export type DungeonCommand = Static<(typeof dungeonCommands)[number]>;
export const DUNGEON_COMMAND_TYPES: ReadonlySet<string> = new Set(dungeonCommands.map((c) => c.properties.type.const));
