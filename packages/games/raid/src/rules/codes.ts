// Every refusal the raid's rules may give (`raid/<code>`), with what it means: the codes `fail` accepts, published to
// clients so they can branch on them.
export const RAID_CODES = {
  'game-over': 'The raid is over: nothing more may be sent.',
  'not-started': 'The raid has not been dealt yet.',
  'not-a-seat': 'No raider sits at that seat.',
  destroyed: 'Your hero was destroyed or retreated: you take no further part in this raid.',
  'dungeon-only': 'A step of the Dungeon, which plays itself: only its automaton sends it.',
  'raiders-only': 'A raider’s command, which the Dungeon’s automaton never sends.',
  'not-the-dungeons-step': 'The Dungeon may take only the next step its fixed rules give.',
  'wrong-step':
    'The command does not belong to where the raid stands (before the first turn, something pending, no discard or attack window open).',
  'already-decided': 'You have already kept or mulliganed your opening hand.',
  'not-your-turn': 'It is not your turn.',
  'not-awaited': 'The open response window is not waiting for you.',
  'no-window': 'There is no response window open to pass.',
  'resource-placed': 'You have placed a resource this turn already.',
  'card-not-in-hand': 'That card is not in your hand.',
  'cannot-pay': 'You have too few ready resources for the cost (or the weapon’s strike cost).',
  'not-instant': 'Only instant abilities answer a response window.',
  'nothing-to-cancel': 'A cancel answers only a flipped Dungeon card or a Dungeon attack, in its window.',
  'no-target': 'The ability has no legal target now.',
  'target-required': 'The card needs a target: name one.',
  'bad-target': 'That is not a legal target (for the card, or for the attack), or the card takes none.',
  'not-your-character': 'The attacker is not one of your characters.',
  exhausted: 'The attacker is exhausted.',
  'summoning-sick': 'The ally entered play this turn and has no Ferocity.',
  'no-weapon': 'A raider hero attacks only with a weapon.',
  'boss-in-play': 'While a Dungeon Boss ally is in play, raiders cannot attack the Dungeon hero.',
  'bad-protector': 'That ally cannot take this attack (not a ready Protector of the attacked party).',
  'unknown-command': 'The module does not know the command type.',
  'bad-seat-count': 'A raid takes one to three raiders.',
  'classes-mismatch': 'The options name a different number of classes than there are raiders.',
  'unlock-not-reached': 'The character has not reached the level whose unlock it would spend.',
  'unlock-spent': 'That level’s unlock has been spent already.',
  'not-treasure': 'The card is not in the treasure pool.',
  'other-class': 'The talent belongs to another class.',
  'not-allowed-at-level': 'The level’s unlock does not allow a card of that rarity or type.',
  'unlock-limit': 'The unlock holds no more cards of that kind (or only copies of one card).',
  'not-in-deck': 'The deck holds no (more) copy of the card to replace.',
} as const;

/** A refusal code of the raid, without its `raid/` prefix. */
export type RaidCode = keyof typeof RAID_CODES;
