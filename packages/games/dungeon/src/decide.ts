// decide: guards shared by every command, then one named function per command, each enforcing the rules it cites.
import type { DecideContext, Random, Seat } from '@delve/kernel';
import type { CommandOf, DungeonCommand } from './commands';
import type { DungeonEvent } from './events';
import { counters, darkDiscards, jokersWild, pitchBlack } from './options';
import { ACE, isJoker, JACK, KING, QUEEN, rankName, rankOf, type Card } from './rules/cards';
import { beats, type CombatCard } from './rules/combat';
import { accusationRefusal, acesOpen } from './rules/moments';
import { isCheat, lastPassage, openSlots } from './rules/passages';
import { askableRanks, mustPlay } from './rules/plays';
import { awaiting, needsJokerChoice } from './rules/table';
import { checkLastAlive, draw, finishTurn, startTurn } from './rules/turn';
import { Tx } from './rules/tx';
import { fail } from './rules/fail';
import { closeWindowIfDone, openWindow } from './rules/windows';
import type { DungeonState, PassageNode, PlayerState, Prompt } from './state';

/** Check the command against the rules and return the events it causes. Throws RuleViolation. */
export function decide(command: DungeonCommand, state: DungeonState, ctx: DecideContext): DungeonEvent[] {
  if (ctx.actor.kind !== 'seat') fail('not-a-seat', 'only seated players send dungeon commands');
  const seat = ctx.actor.seat;
  if (state.phase === 'over') fail('game-over', 'the game is over');
  if (state.phase === 'lobby') fail('not-started', 'the cards have not been dealt yet');
  const me = state.players[seat] ?? fail('not-a-seat', `there is no seat ${seat}`);
  if (!me.alive) fail('dead', 'slain players take no further part');
  // An Ace is the one command a seat may send whether or not the game waits for it (§Aces).
  if (command.type !== 'PlayAce' && !awaiting(state).includes(seat)) {
    if (state.phase === 'play' && !state.window && !state.prompt) fail('not-your-turn', 'it is not your turn');
    fail('not-awaited', 'the game is not waiting for you now');
  }
  const c: Ctx = { tx: new Tx(state), seat, me, random: ctx.random };
  switch (command.type) {
    case 'PlayOffCard':
      playOffCard(c, command);
      break;
    case 'PlayPassage':
      playPassage(c, command);
      break;
    case 'CaveIn':
      caveIn(c, command);
      break;
    case 'Attack':
      attack(c, command);
      break;
    case 'UseGraverobber':
      useGraverobber(c, command);
      break;
    case 'UseMyrmiddon':
      useMyrmiddon(c, command);
      break;
    case 'PlayAce':
      playAce(c, command);
      break;
    case 'Pass':
      pass(c);
      break;
    case 'Interrupt':
      interrupt(c, command);
      break;
    case 'Accuse':
      accuse(c, command);
      break;
    case 'Fight':
      fight(c, command);
      break;
    case 'Retreat':
      retreat(c);
      break;
    case 'GiveCard':
      giveCard(c, command);
      break;
    case 'DenyCard':
      denyCard(c);
      break;
    case 'DemandLook':
      demandLook(c);
      break;
    case 'AcceptAnswer':
      acceptAnswer(c);
      break;
    case 'ResolveLie':
      resolveLie(c, command);
      break;
    case 'SaveJoker':
      saveJoker(c, command);
      break;
    case 'LoseJoker':
      loseJoker(c);
      break;
    case 'TakeFromDiscard':
      takeFromDiscard(c, command);
      break;
    case 'Discard':
      discard(c, command);
      break;
    case 'EndTurn':
      endTurn(c);
      break;
    default: {
      const _exhaustive: never = command;
      fail('unknown-command', `unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
  return c.tx.events;
}

/** What every decider works with: the decision so far, the acting seat as the command found it, the random source. */
interface Ctx {
  readonly tx: Tx;
  readonly seat: Seat;
  readonly me: PlayerState;
  readonly random: Random;
}

// ---- guards shared by the deciders

function inHand(c: Ctx, card: Card): void {
  if (!c.me.hand.includes(card)) fail('card-not-in-hand', `${card} is not in your hand`);
}

/** The seat's own turn with nothing else pending. */
function mainStep(c: Ctx): void {
  const s = c.tx.state;
  if (s.phase !== 'play' || s.window || s.prompt) fail('wrong-step', 'that is only possible on your turn with nothing pending');
  if (s.turn?.seat !== c.seat) fail('not-your-turn', 'it is not your turn');
}

/** One card per turn (§Turn); Aces and interrupts do not count. */
function cardPlay(c: Ctx, card: Card): void {
  mainStep(c);
  if (c.tx.state.turn?.played) fail('already-played', 'you have already played your card this turn');
  inHand(c, card);
}

/** The question `kind` is asked of this seat, with no window open on top of it. */
function promptFor<K extends Prompt['kind']>(c: Ctx, kind: K): void {
  const { window, prompt } = c.tx.state;
  if (window || prompt?.kind !== kind || prompt.seat !== c.seat) fail('wrong-step', `no ${kind} is asked of you now`);
}

/** The rank a card is played as: its own, or a declared rank for a Joker when Jokers are wild (§Jokers Wild). */
function playedAs(s: DungeonState, card: Card, as: number | undefined, allowed: (rank: number) => boolean, what: string): number {
  if (isJoker(card)) {
    if (!jokersWild(s.options)) fail('joker-not-wild', 'Jokers are only cells in the standard game');
    if (as === undefined || !allowed(as)) fail('bad-declaration', `declare a rank for the Joker that makes it ${what}`);
    return as;
  }
  const rank = rankOf(card);
  if (as !== undefined) fail('bad-declaration', 'only a Joker is declared as a rank');
  if (!allowed(rank)) fail('wrong-card', `${card} is not ${what}`);
  return rank;
}

function opponent(c: Ctx, target: Seat): PlayerState {
  const t = c.tx.state.players[target];
  if (!t || target === c.seat || !t.alive) fail('bad-target', `seat ${target} is not a living opponent`);
  return t;
}

// ---- deciders

/** §Setting Up: every contender puts one card down; highest starts, ties play off again; played cards are replaced. */
function playOffCard(c: Ctx, cmd: CommandOf<'PlayOffCard'>): void {
  if (c.tx.state.phase !== 'playoff') fail('wrong-step', 'the play-off is over');
  inHand(c, cmd.card);
  c.tx.emit({ type: 'PlayOffCardChosen', seat: c.seat, card: cmd.card });
  const po = c.tx.state.playoff;
  if (!po) return;
  const cards: { seat: Seat; card: Card }[] = [];
  for (const seat of po.contenders) {
    const card = po.chosen[seat];
    if (card === null || card === undefined) return; // someone has yet to put a card down
    cards.push({ seat, card });
  }
  c.tx.emit({ type: 'PlayOffRevealed', cards });
  for (const { seat } of cards) draw(c.tx, seat, 1, 'replace');
  const worth = (card: Card) => (isJoker(card) ? KING + 1 : rankOf(card));
  const best = Math.max(...cards.map((x) => worth(x.card)));
  const [first, ...tied] = cards.filter((x) => worth(x.card) === best).map((x) => x.seat);
  if (first === undefined) return;
  if (tied.length > 0) {
    c.tx.emit({ type: 'PlayOffStarted', contenders: [first, ...tied] });
    return;
  }
  c.tx.emit({ type: 'FirstPlayerChosen', seat: first });
  startTurn(c.tx, first, c.random);
}

/**
 * §Playing a Passage Card: 10 first on the cell, then each card one lower next to a dead end, or a branch of the
 * current lowest value off the card beneath it (see openSlots). Laying a 2 escapes (§Winning).
 * §Pitch Black: face down and any card at all; the position still has to be a legal one, and the escape waits for the
 * window after it.
 */
function playPassage(c: Ctx, cmd: CommandOf<'PlayPassage'>): void {
  cardPlay(c, cmd.card);
  const s = c.tx.state;
  const { value } =
    openSlots(c.me).find((x) => x.parent === cmd.parent) ?? fail('illegal-passage', `no passage may be laid on node ${cmd.parent} now`);
  const dark = pitchBlack(s.options);
  if (!dark) playedAs(s, cmd.card, isJoker(cmd.card) ? value : undefined, (r) => r === value, `a ${value}`);
  const node = c.me.nextNode;
  c.tx.emit({ type: 'PassagePlayed', seat: c.seat, card: cmd.card, parent: cmd.parent, node, value, faceDown: dark });
  if (value === 2 && !dark) c.tx.emit({ type: 'GameWon', seat: c.seat, how: 'escaped' });
  else openWindow(c.tx, 'play', c.seat, dark && value === 2 ? { seat: c.seat, node } : null);
}

/** §Cave-in: a card of the value of an opponent's last passage collapses it; both go to the discard pile. */
function caveIn(c: Ctx, cmd: CommandOf<'CaveIn'>): void {
  cardPlay(c, cmd.card);
  const s = c.tx.state;
  const last = lastPassage(opponent(c, cmd.target)) ?? fail('no-passage', `seat ${cmd.target} has no passage to collapse`);
  playedAs(s, cmd.card, isJoker(cmd.card) ? last.value : undefined, (r) => r === last.value, `a ${last.value}`);
  c.tx.emit({ type: 'CaveInPlayed', seat: c.seat, card: cmd.card, target: cmd.target, node: last.id });
  // §Jokers Wild: the owner of a Joker passage (in Pitch Black, of any passage) chooses first.
  if (needsJokerChoice(s, cmd.target, last.id)) c.tx.emit({ type: 'PromptOpened', kind: 'joker-save', seat: cmd.target });
  else collapsePassage(c.tx, c.seat, cmd.target, last, cmd.card);
}

/**
 * §Cave-in: `target` loses its passage to the card `by` (or, §Jokers Wild, the card `saved` from hand instead), and the
 * window after the cave-in opens, with its player as the one not asked.
 */
function collapsePassage(tx: Tx, caver: Seat, target: Seat, node: PassageNode, by: Card, saved?: Card): void {
  tx.emit({
    type: 'PassageCollapsed',
    target,
    node: node.id,
    lost: saved ?? node.card,
    saved: saved !== undefined,
    by,
    // The card lost stays hidden when it lay face down, or when discards are dark.
    faceDown: (saved === undefined && node.faceDown) || darkDiscards(tx.state.options),
  });
  openWindow(tx, 'play', caver, null);
}

/** §Creature: a Jack, Queen or King attacks an opponent's last passage, once that opponent has laid a 10. */
function attack(c: Ctx, cmd: CommandOf<'Attack'>): void {
  cardPlay(c, cmd.card);
  const value = playedAs(c.tx.state, cmd.card, cmd.as, (r) => r >= JACK && r <= KING, 'a creature');
  const target = opponent(c, cmd.target);
  if (!target.leftCell) fail('still-in-cell', `seat ${cmd.target} has not left the cell yet`);
  c.tx.emit({ type: 'CreatureAttacked', seat: c.seat, card: cmd.card, value, target: cmd.target, node: lastPassage(target)?.id ?? null });
  openWindow(c.tx, 'attack', c.seat, null);
}

/** §Graverobber: played for its power, it lets its player take one card from the discard pile (after any Counter Attack). */
function useGraverobber(c: Ctx, cmd: CommandOf<'UseGraverobber'>): void {
  cardPlay(c, cmd.card);
  playedAs(c.tx.state, cmd.card, isJoker(cmd.card) ? JACK : undefined, (r) => r === JACK, 'a Graverobber (Jack)');
  c.tx.emit({ type: 'PowerUsed', seat: c.seat, card: cmd.card, power: 'graverobber', target: null, ask: null });
  openWindow(c.tx, 'power', c.seat, null);
}

/** §Myrmiddon: played for its power, it asks one opponent for a card of a named rank, a Joker included when in play. */
function useMyrmiddon(c: Ctx, cmd: CommandOf<'UseMyrmiddon'>): void {
  cardPlay(c, cmd.card);
  playedAs(c.tx.state, cmd.card, isJoker(cmd.card) ? QUEEN : undefined, (r) => r === QUEEN, 'a Myrmiddon (Queen)');
  opponent(c, cmd.target);
  if (!askableRanks(c.tx.state).includes(cmd.ask)) fail('bad-ask', 'there are no Jokers in play to ask for');
  c.tx.emit({ type: 'PowerUsed', seat: c.seat, card: cmd.card, power: 'myrmiddon', target: cmd.target, ask: cmd.ask });
  openWindow(c.tx, 'power', c.seat, null);
}

/**
 * §Aces: any living player, at any time from the first turn on, awaited or not; it is not the turn's card. It goes
 * into the open response window, or opens one; every Ace of a window resolves when it closes, the last played first.
 */
function playAce(c: Ctx, cmd: CommandOf<'PlayAce'>): void {
  if (!acesOpen(c.tx.state)) fail('wrong-step', 'Aces are played from the first turn on');
  inHand(c, cmd.card);
  playedAs(c.tx.state, cmd.card, isJoker(cmd.card) ? ACE : undefined, (r) => r === ACE, 'an Ace');
  if (!c.tx.state.window) openWindow(c.tx, 'ace', c.seat, null);
  c.tx.emit({ type: 'AcePlayed', seat: c.seat, card: cmd.card });
}

/** Response windows (see rulings): passing; the last pass closes the window and resolves what is pending. */
function pass(c: Ctx): void {
  if (!c.tx.state.window) fail('wrong-step', 'there is nothing to pass on');
  c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
  closeWindowIfDone(c.tx);
}

/** §Counter Attack 1/2/3: a matching creature cancels a power; a further one re-instates it, and so on. */
function interrupt(c: Ctx, cmd: CommandOf<'Interrupt'>): void {
  const s = c.tx.state;
  const power = (s.window?.kind === 'power' && s.power) || fail('wrong-step', 'there is no power to interrupt');
  if (!counters(s.options, power.kind)) fail('no-counter-attack', `Counter Attack is not in play for the ${power.kind}`);
  inHand(c, cmd.card);
  const rank = power.kind === 'graverobber' ? JACK : QUEEN;
  playedAs(s, cmd.card, isJoker(cmd.card) ? rank : undefined, (r) => r === rank, `a ${rankName(rank)}`);
  c.tx.emit({ type: 'PowerInterrupted', seat: c.seat, card: cmd.card });
}

/**
 * §Pitch Black: demand to see an opponent's dungeon, on your turn or in the window after a passage or cave-in, staking
 * your own (see accusationRefusal). A cheat loses the whole dungeon; otherwise the accuser loses his own.
 */
function accuse(c: Ctx, cmd: CommandOf<'Accuse'>): void {
  const s = c.tx.state;
  const refusal = accusationRefusal(s, c.me, cmd.target);
  if (refusal) fail(...refusal);
  const target = opponent(c, cmd.target);
  const cheated = target.dungeon.some(isCheat);
  c.tx.emit({
    type: 'DungeonRevealed',
    seat: cmd.target,
    by: c.seat,
    passages: target.dungeon.map((n) => ({ node: n.id, value: n.value, card: n.card })),
    cheated,
  });
  const loser = cheated ? target : c.me;
  c.tx.emit({ type: 'CardsDiscarded', seat: loser.seat, from: 'dungeon', cards: loser.dungeon.map((n) => n.card), faceDown: true });
  if (s.window) {
    c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
    closeWindowIfDone(c.tx);
  }
}

/** §Creature: beat it with passages totalling its value, an equal or stronger creature, or a 2 against a King. */
function fight(c: Ctx, cmd: CommandOf<'Fight'>): void {
  promptFor(c, 'defend');
  const s = c.tx.state;
  const combat = s.combat ?? fail('wrong-step', 'there is no creature to fight');
  const cards = cmd.cards.map((x) => x.card);
  if (new Set(cards).size !== cards.length) fail('bad-defence', 'a card may be used once');
  for (const card of cards) inHand(c, card);
  const used: CombatCard[] = cmd.cards.map((x) => ({
    card: x.card,
    value: playedAs(s, x.card, x.as, (r) => r >= 2 && r <= KING, 'a fighting card'),
  }));
  if (!beats(used, combat.value)) fail('bad-defence', `those cards do not beat a creature of ${combat.value} (with no card to spare)`);
  c.tx.emit({ type: 'CreatureDefeated', seat: c.seat, cards: used, creature: combat.card });
}

/** §Retreat: give up the attacked passage; attacked in the cell, retreating means being slain. */
function retreat(c: Ctx): void {
  promptFor(c, 'defend');
  const s = c.tx.state;
  const passage = c.me.dungeon.find((n) => n.id === s.combat?.node);
  if (passage) {
    const faceDown = passage.faceDown || darkDiscards(s.options);
    c.tx.emit({ type: 'Retreated', seat: c.seat, node: passage.id, card: passage.card, faceDown });
    return;
  }
  c.tx.emit({ type: 'PlayerSlain', seat: c.seat });
  checkLastAlive(c.tx);
}

/** The pending Myrmiddon, for its answers. */
function myrmiddon(c: Ctx) {
  const power = c.tx.state.power;
  if (power?.kind !== 'myrmiddon' || power.target === null || power.ask === null) fail('wrong-step', 'no Myrmiddon is pending');
  return { ...power, target: power.target, ask: power.ask };
}

/** §Myrmiddon: the fished opponent hands over a card of the rank asked. */
function giveCard(c: Ctx, cmd: CommandOf<'GiveCard'>): void {
  promptFor(c, 'answer');
  inHand(c, cmd.card);
  const power = myrmiddon(c);
  if (rankOf(cmd.card) !== power.ask) fail('wrong-rank', `${cmd.card} is not the rank asked for`);
  c.tx.emit({ type: 'CardGiven', from: c.seat, to: power.seat, card: cmd.card });
  c.tx.emit({ type: 'PowerFinished', seat: power.seat, to: 'discard' });
}

/**
 * §Myrmiddon: the fished opponent says no, truly or not. Whether it is true is fixed now, from the hand as it is
 * (ruling): an Ace drawn or played before the look cannot change it. A Joker never counts as the rank asked unless a
 * Joker was asked for.
 */
function denyCard(c: Ctx): void {
  promptFor(c, 'answer');
  const power = myrmiddon(c);
  const truthful = !c.me.hand.some((card) => rankOf(card) === power.ask);
  c.tx.emit({ type: 'CardDenied', seat: c.seat, truthful });
  c.tx.emit({ type: 'PromptOpened', kind: 'look', seat: power.seat });
}

/** §Myrmiddon: the fisher looks. Truth costs the fisher the hand; a lie costs the liar the card and the hand. */
function demandLook(c: Ctx): void {
  promptFor(c, 'look');
  const s = c.tx.state;
  const power = myrmiddon(c);
  const truthful = power.truthful ?? fail('wrong-step', 'there is no denial to check');
  c.tx.emit({ type: 'HandRevealed', seat: power.target, to: c.seat, cards: [...(s.players[power.target]?.hand ?? [])] });
  c.tx.emit({ type: 'AnswerChecked', seat: power.target, truthful });
  if (truthful) {
    if (c.me.hand.length > 0)
      c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [...c.me.hand], faceDown: darkDiscards(s.options) });
    c.tx.emit({ type: 'PowerFinished', seat: c.seat, to: 'discard' });
  } else if (s.options.suicideQueen) {
    c.tx.emit({ type: 'PromptOpened', kind: 'suicide', seat: power.target });
  } else {
    punishLiar(c.tx, power.target, power.seat, power.ask, true);
  }
}

/** §Myrmiddon, §Suicide Queen: the liar hands over a card of the rank asked (if still held) and discards the rest. */
function punishLiar(tx: Tx, liar: Seat, asker: Seat, ask: number, handOver: boolean): void {
  const hand = tx.state.players[liar]?.hand ?? [];
  const asked = hand.find((card) => rankOf(card) === ask);
  if (handOver && asked !== undefined) tx.emit({ type: 'CardGiven', from: liar, to: asker, card: asked });
  const rest = tx.state.players[liar]?.hand ?? [];
  if (rest.length > 0)
    tx.emit({ type: 'CardsDiscarded', seat: liar, from: 'hand', cards: [...rest], faceDown: darkDiscards(tx.state.options) });
  tx.emit({ type: 'PowerFinished', seat: asker, to: 'discard' });
}

/** §Myrmiddon: the fisher takes the denial as given. */
function acceptAnswer(c: Ctx): void {
  promptFor(c, 'look');
  c.tx.emit({ type: 'PowerFinished', seat: c.seat, to: 'discard' });
}

/** §Suicide Queen: the caught liar chooses between handing the card over and throwing the whole hand away. */
function resolveLie(c: Ctx, cmd: CommandOf<'ResolveLie'>): void {
  promptFor(c, 'suicide');
  const power = myrmiddon(c);
  punishLiar(c.tx, c.seat, power.seat, power.ask, cmd.handOver);
}

/** The cave-in waiting on this seat's Jokers Wild choice, and the passage it hits. */
function pendingCollapse(c: Ctx) {
  const collapse = c.tx.state.collapse ?? fail('wrong-step', 'no cave-in is pending');
  const node = c.me.dungeon.find((n) => n.id === collapse.node) ?? fail('wrong-step', 'the passage is gone');
  return { collapse, node };
}

/** §Jokers Wild: keep a Joker passage that is caving in by discarding a card of its value from hand. */
function saveJoker(c: Ctx, cmd: CommandOf<'SaveJoker'>): void {
  promptFor(c, 'joker-save');
  const { collapse, node } = pendingCollapse(c);
  if (!isJoker(node.card)) fail('not-a-joker', 'only a Joker passage can be saved');
  inHand(c, cmd.card);
  if (rankOf(cmd.card) !== node.value) fail('wrong-rank', `save a ${node.value} passage with a ${node.value}`);
  collapsePassage(c.tx, collapse.seat, c.seat, node, collapse.card, cmd.card);
}

/** §Cave-in (Jokers Wild): let the passage go. */
function loseJoker(c: Ctx): void {
  promptFor(c, 'joker-save');
  const { collapse, node } = pendingCollapse(c);
  collapsePassage(c.tx, collapse.seat, c.seat, node, collapse.card);
}

/** §Graverobber: take the card of your choice from the discard pile (seen secretly in the Black variants). */
function takeFromDiscard(c: Ctx, cmd: CommandOf<'TakeFromDiscard'>): void {
  promptFor(c, 'pick');
  if (!c.tx.state.discard.includes(cmd.card)) fail('not-in-discard', `${cmd.card} is not in the discard pile`);
  c.tx.emit({ type: 'CardTaken', seat: c.seat, card: cmd.card });
  c.tx.emit({ type: 'PowerFinished', seat: c.seat, to: 'limbo' });
}

/** §On your turn 3: over five cards at the end of the turn, discard one at a time down to five. */
function discard(c: Ctx, cmd: CommandOf<'Discard'>): void {
  promptFor(c, 'discard');
  inHand(c, cmd.card);
  c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [cmd.card], faceDown: darkDiscards(c.tx.state.options) });
  if (c.me.hand.length - 1 <= 5) finishTurn(c.tx, c.seat, c.random);
}

/**
 * §On your turn: end the turn. §On your turn 2: not while the turn's card could still be played (unless the
 * optionalPlay option says playing is optional). The hand limit applies now, then the next living player's turn starts.
 */
function endTurn(c: Ctx): void {
  mainStep(c);
  if (mustPlay(c.tx.state, c.me)) fail('must-play', 'you can play a card, so you must before ending your turn');
  const excess = c.me.hand.length - 5;
  if (excess > 0) c.tx.emit({ type: 'HandLimitReached', seat: c.seat, excess });
  else finishTurn(c.tx, c.seat, c.random);
}
