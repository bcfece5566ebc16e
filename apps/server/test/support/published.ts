// Modules that publish everything a module may (seat commands, refusal codes, content, examples, characters), for the
// tests of what reaches the contract, discovery and GraphQL: the kernel's toy with all of it, and a rival whose sheet
// has a field of the toy's name with another type.
import { toyGame } from '@delve/kernel/testing';
import type { AnyGameModule } from '@delve/kernel';
import { Type } from '@sinclair/typebox';
import { toy } from './toy';

const seatCommand = (type: string, description: string) =>
  Type.Object({ type: Type.Literal(type) }, { additionalProperties: false, description, examples: [{ type }] });

/** The toy with everything published; its dealer's Score is its automaton's, never a seat's. */
export const published: AnyGameModule = {
  ...toyGame,
  seatCommandSchema: Type.Union([seatCommand('Draw', 'Draw the top card.'), seatCommand('Stand', 'Take no more cards.')]),
  codes: {
    'toy/not-your-turn': 'Another seat is to play.',
    'toy/automaton-only': 'Only the dealer scores.',
    'toy/hand-full': 'The hand holds maxCards cards already.',
    'toy/deck-empty': 'No card is left to draw.',
    'toy/no-points': 'No level-up point to spend.',
    'toy/perk-taken': 'That perk is taken already.',
    'toy/seats': 'The toy is played by 2 to 4 seats.',
  },
  content: [
    { id: 'ace', name: 'Ace', type: 'card', rarity: 'common', text: 'Worth one.', stats: { value: 1 } },
    { id: 'king', name: 'King', type: 'card', rarity: null, text: 'Worth thirteen.' },
  ],
};

const toyProgression = toyGame.progression as NonNullable<AnyGameModule['progression']>;

/** Characters whose sheet says its XP in words: `xp` is a String here and an Int on the toy's sheet. */
export const rival: AnyGameModule = {
  ...toyGame,
  name: 'rival',
  progression: {
    ...toyProgression,
    sheetSchema: Type.Object({ xp: Type.String(), motto: Type.String() }),
    sheet: (state: unknown) => {
      const sheet = toyProgression.sheet(state) as { xp: number; motto: string };
      return { xp: `${sheet.xp} points`, motto: sheet.motto };
    },
  },
};

/** A module that publishes none of it: no codes, no content, no characters. */
export const plain: AnyGameModule = { ...toy, name: 'plain' };
