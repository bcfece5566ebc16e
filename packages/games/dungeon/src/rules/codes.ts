// Every refusal the dungeon's rules may give (`dungeon/<code>`), with what it means: the only codes `fail` accepts,
// published to clients so they can branch on them.
export const DUNGEON_CODES = {
  'game-over': 'The game is over: nothing more may be sent.',
  'not-started': 'The cards have not been dealt yet.',
  'not-a-seat': 'There is no such seat at this table, or the command does not come from a seat.',
  dead: 'You were slain or conceded: you take no further part in the game.',
  'not-awaited': 'The game is not waiting for you now: a response window or a question is open for others.',
  'not-your-turn': "It is another player's turn.",
  'wrong-step':
    'The command does not fit where the game stands (no window to pass on, no such question asked of you, the play-off is over…).',
  'already-played': 'You have played your card for this turn already (Aces and interrupts do not count).',
  'card-not-in-hand': 'That card is not in your hand.',
  'wrong-card': 'That card cannot be played this way (a passage of another value, no creature, no Ace…).',
  'bad-declaration': "A wild Joker's declared rank (`as`) is missing or does not fit, or a rank was declared for a card that is no Joker.",
  'joker-not-wild': 'In the standard game Jokers are cells: they are never played.',
  'illegal-passage': 'No passage may be laid on that node now.',
  'no-passage': 'That player has no passage to collapse or to reveal.',
  'bad-target': 'That seat is not a living opponent.',
  'still-in-cell': 'That player has never left the cell (laid a 10), so no creature may attack it yet.',
  'bad-defence': 'Those cards do not beat the creature: too weak, a card used twice, or a card to spare.',
  'wrong-rank': 'That card is not of the rank asked for (by a Myrmiddon, or to save a Joker passage of that value).',
  'not-a-joker': 'Only a Joker passage can be saved from a cave-in.',
  'not-in-discard': 'That card is not in the discard pile.',
  'no-counter-attack': 'Counter Attack is not in play against this power at this table.',
  'not-pitch-black': 'Accusations belong to Pitch Black.',
  'must-play': 'You can still play a card, and who can play a card must before ending the turn.',
  'bad-ask': 'A Joker may be asked for only where Jokers are in the deck.',
  'no-stake': 'An accuser stakes their own dungeon: you need a passage of your own to accuse.',
  'bad-seat-count': 'The table size does not fit the decks: 2 to 6 players per deck.',
  'unknown-command': 'The command type is not one of the dungeon’s.',
} as const;

/** A refusal code of the dungeon module, without its `dungeon/` prefix. */
export type DungeonCode = keyof typeof DUNGEON_CODES;
