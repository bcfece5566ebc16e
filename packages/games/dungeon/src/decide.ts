// decide: one named function per command, each enforcing the rules it cites; ends in an exhaustive check.
import { RuleViolation, type DecideContext, type Random, type Seat } from '@delve/kernel';
import type { CommandOf, DungeonCommand } from './commands';
import type { DungeonEvent } from './events';
import { counters, darkDiscards, jokersWild, pitchBlack } from './rules/options';
import type { DungeonState, PassageNode, PlayerState } from './state';
import { ACE, isJoker, JACK, KING, QUEEN, rankName, rankOf, type Card } from './rules/cards';
import { beats, type CombatCard } from './rules/combat';
import { isCheat, lastPassage, openSlots } from './rules/passages';
import { awaiting, needsJokerChoice, player, windowAwaiting } from './rules/table';
import { checkLastAlive, draw, finishTurn, startTurn, Tx } from './rules/tx';

const fail = (code: string, message: string): never => {
  throw new RuleViolation(`dungeon/${code}`, message);
};

/** Check the command against the rules and return the events it causes. Throws RuleViolation. */
export function decide(command: DungeonCommand, state: DungeonState, ctx: DecideContext): DungeonEvent[] {
  if (ctx.actor.kind !== 'seat') return fail('not-a-seat', 'only seated players send dungeon commands');
  const seat = ctx.actor.seat;
  if (state.phase === 'over') return fail('game-over', 'the game is over');
  if (state.phase === 'lobby') return fail('not-started', 'the cards have not been dealt yet');
  const me = state.players[seat];
  if (!me) return fail('not-a-seat', `there is no seat ${seat}`);
  if (!me.alive) return fail('dead', 'slain players take no further part');
  if (!awaiting(state).includes(seat)) {
    if (state.phase === 'play' && !state.window && !state.prompt) return fail('not-your-turn', 'it is not your turn');
    return fail('not-awaited', 'the game is not waiting for you now');
  }
  const tx = new Tx(state);
  const c = { tx, seat, me, random: ctx.random };
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
      return fail('unknown-command', `unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
  return tx.events;
}

interface Ctx {
  readonly tx: Tx;
  readonly seat: Seat;
  readonly me: PlayerState;
  readonly random: Random;
}

// ---- guards shared by the deciders

const s0 = (c: Ctx): DungeonState => c.tx.state;

function inHand(c: Ctx, card: Card): void {
  if (!c.me.hand.includes(card)) fail('card-not-in-hand', `${card} is not in your hand`);
}

/** The seat's own turn with nothing else pending. */
function mainStep(c: Ctx): void {
  const s = s0(c);
  if (s.phase !== 'play' || s.window || s.prompt) fail('wrong-step', 'that is only possible on your turn with nothing pending');
  if (s.turn?.seat !== c.seat) fail('not-your-turn', 'it is not your turn');
}

/** One card per turn (§Turn); Aces and interrupts do not count. */
function cardPlay(c: Ctx, card: Card): void {
  mainStep(c);
  if (s0(c).turn?.played) fail('already-played', 'you have already played your card this turn');
  inHand(c, card);
}

function promptFor(c: Ctx, kind: NonNullable<DungeonState['prompt']>['kind']): void {
  const p = s0(c).prompt;
  if (s0(c).window || !p || p.kind !== kind || p.seat !== c.seat) fail('wrong-step', `no ${kind} is asked of you now`);
}

/** The rank a card is played as: its own, or a declared rank for a Joker when Jokers are wild (§Jokers Wild). */
function playedAs(s: DungeonState, card: Card, as: number | undefined, allowed: (rank: number) => boolean, what: string): number {
  if (isJoker(card)) {
    if (!jokersWild(s.options)) fail('joker-not-wild', 'Jokers are only cells in the standard game');
    if (as === undefined || !allowed(as)) fail('bad-declaration', `declare a rank for the Joker that makes it ${what}`);
    return as as number;
  }
  const rank = rankOf(card);
  if (as !== undefined) fail('bad-declaration', 'only a Joker is declared as a rank');
  if (!allowed(rank)) fail('wrong-card', `${card} is not ${what}`);
  return rank;
}

function opponent(c: Ctx, target: Seat): PlayerState {
  const t = s0(c).players[target];
  if (!t || target === c.seat || !t.alive) fail('bad-target', `seat ${target} is not a living opponent`);
  return t as PlayerState;
}

// ---- deciders

/** §Setting Up: every contender puts one card down; highest starts, ties play off again; played cards are replaced. */
function playOffCard(c: Ctx, cmd: CommandOf<'PlayOffCard'>): void {
  if (s0(c).phase !== 'playoff') fail('wrong-step', 'the play-off is over');
  inHand(c, cmd.card);
  c.tx.emit({ type: 'PlayOffCardChosen', seat: c.seat, card: cmd.card });
  const po = c.tx.state.playoff;
  if (!po || po.contenders.some((seat) => po.chosen[seat] === null)) return;
  const cards = po.contenders.map((seat) => ({ seat, card: po.chosen[seat] as Card }));
  c.tx.emit({ type: 'PlayOffRevealed', cards });
  for (const { seat } of cards) draw(c.tx, seat, 1, c.random, 'replace');
  const worth = (card: Card) => (isJoker(card) ? KING + 1 : rankOf(card));
  const best = Math.max(...cards.map((x) => worth(x.card)));
  const top = cards.filter((x) => worth(x.card) === best).map((x) => x.seat);
  if (top.length > 1 || top[0] === undefined) {
    c.tx.emit({ type: 'PlayOffStarted', contenders: top });
    return;
  }
  c.tx.emit({ type: 'FirstPlayerChosen', seat: top[0] });
  startTurn(c.tx, top[0], c.random);
}

/**
 * §Playing a Passage Card: 10 first on the cell, then each card one lower next to a dead end, or a branch of
 * the current lowest value off the card beneath it (see openSlots). Laying a 2 escapes (§Winning).
 * §Pitch Black: face down and any card at all; the position still has to be a legal one.
 */
function playPassage(c: Ctx, cmd: CommandOf<'PlayPassage'>): void {
  cardPlay(c, cmd.card);
  const s = s0(c);
  const slot = openSlots(c.me).find((x) => x.parent === cmd.parent);
  if (!slot) fail('illegal-passage', `no passage may be laid on node ${cmd.parent} now`);
  const value = slot?.value ?? 0;
  const dark = pitchBlack(s.options);
  if (!dark) playedAs(s, cmd.card, isJoker(cmd.card) ? value : undefined, (r) => r === value, `a ${value}`);
  c.tx.emit({ type: 'PassagePlayed', seat: c.seat, card: cmd.card, parent: cmd.parent, node: c.me.nextNode, value, faceDown: dark });
  if (value === 2 && !dark) c.tx.emit({ type: 'GameWon', seat: c.seat, how: 'escaped' });
}

/** §Cave-in: a card of the value of an opponent's last passage collapses it; both go to the discard pile. */
function caveIn(c: Ctx, cmd: CommandOf<'CaveIn'>): void {
  cardPlay(c, cmd.card);
  const s = s0(c);
  const target = opponent(c, cmd.target);
  const last = lastPassage(target);
  if (!last) return fail('no-passage', `seat ${cmd.target} has no passage to collapse`);
  playedAs(s, cmd.card, isJoker(cmd.card) ? last.value : undefined, (r) => r === last.value, `a ${last.value}`);
  c.tx.emit({ type: 'CaveInPlayed', seat: c.seat, card: cmd.card, target: cmd.target, node: last.id });
  if (!needsJokerChoice(s, cmd.target, last.id)) collapsePassage(c.tx, s, cmd.target, last, cmd.card);
}

/** §Cave-in: `target` loses its passage `node` to the card `by`; the card stays hidden if it lay face down or discards are dark. */
function collapsePassage(tx: Tx, s: DungeonState, target: Seat, node: PassageNode, by: Card): void {
  tx.emit({
    type: 'PassageCollapsed',
    target,
    node: node.id,
    lost: node.card,
    saved: false,
    by,
    faceDown: node.faceDown || darkDiscards(s.options),
  });
}

/** §Creature: a Jack, Queen or King attacks an opponent's last passage, once that opponent has laid a 10. */
function attack(c: Ctx, cmd: CommandOf<'Attack'>): void {
  cardPlay(c, cmd.card);
  const s = s0(c);
  const value = playedAs(s, cmd.card, cmd.as, (r) => r >= JACK && r <= KING, 'a creature');
  const target = opponent(c, cmd.target);
  if (!target.leftCell) fail('still-in-cell', `seat ${cmd.target} has not left the cell yet`);
  c.tx.emit({ type: 'CreatureAttacked', seat: c.seat, card: cmd.card, value, target: cmd.target, node: lastPassage(target)?.id ?? null });
}

/** §Graverobber: played for its power, it lets its player take one card from the discard pile (after any Counter Attack). */
function useGraverobber(c: Ctx, cmd: CommandOf<'UseGraverobber'>): void {
  cardPlay(c, cmd.card);
  playedAs(s0(c), cmd.card, isJoker(cmd.card) ? JACK : undefined, (r) => r === JACK, 'a Graverobber (Jack)');
  c.tx.emit({ type: 'PowerUsed', seat: c.seat, card: cmd.card, power: 'graverobber', target: null, ask: null });
}

/** §Myrmiddon: played for its power, it asks one opponent for a card of a named rank. */
function useMyrmiddon(c: Ctx, cmd: CommandOf<'UseMyrmiddon'>): void {
  cardPlay(c, cmd.card);
  playedAs(s0(c), cmd.card, isJoker(cmd.card) ? QUEEN : undefined, (r) => r === QUEEN, 'a Myrmiddon (Queen)');
  opponent(c, cmd.target);
  c.tx.emit({ type: 'PowerUsed', seat: c.seat, card: cmd.card, power: 'myrmiddon', target: cmd.target, ask: cmd.ask });
}

/**
 * §Aces: on your turn, in your defence, or in any response window; it is not the turn's card. The window it
 * opens lets others answer with Aces; they resolve last played first, two cards each.
 */
function playAce(c: Ctx, cmd: CommandOf<'PlayAce'>): void {
  const s = s0(c);
  const ok = s.window
    ? windowAwaiting(s).includes(c.seat)
    : (!s.prompt && s.turn?.seat === c.seat) || (s.prompt?.kind === 'defend' && s.prompt.seat === c.seat);
  if (!ok) fail('wrong-step', 'an Ace may be played on your turn, in your defence or in a response window');
  inHand(c, cmd.card);
  playedAs(s, cmd.card, isJoker(cmd.card) ? ACE : undefined, (r) => r === ACE, 'an Ace');
  c.tx.emit({ type: 'AcePlayed', seat: c.seat, card: cmd.card });
}

/** Response windows (see rulings): passing; the last pass closes the window and resolves what is pending. */
function pass(c: Ctx): void {
  if (!s0(c).window) fail('wrong-step', 'there is nothing to pass on');
  c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
  maybeCloseWindow(c.tx, c.random);
}

function maybeCloseWindow(tx: Tx, random: Random): void {
  const w = tx.state.window;
  if (!w || windowAwaiting(tx.state).length > 0) return;
  for (const ace of [...w.aces].reverse()) {
    tx.emit({ type: 'AceResolved', seat: ace.seat, card: ace.card });
    draw(tx, ace.seat, 2, random, 'ace');
  }
  tx.emit({ type: 'WindowClosed', cancelled: w.kind === 'power' && w.interrupts.length % 2 === 1 });
  const escape = w.escape;
  if (escape && tx.state.players[escape.seat]?.dungeon.some((n) => n.id === escape.node))
    tx.emit({ type: 'GameWon', seat: escape.seat, how: 'escaped' });
}

/** §Counter Attack 1/2/3: a matching creature cancels a power; a further one re-instates it, and so on. */
function interrupt(c: Ctx, cmd: CommandOf<'Interrupt'>): void {
  const s = s0(c);
  if (s.window?.kind !== 'power' || !s.power) return fail('wrong-step', 'there is no power to interrupt');
  if (!counters(s.options, s.power.kind)) fail('no-counter-attack', `Counter Attack is not in play for the ${s.power.kind}`);
  inHand(c, cmd.card);
  const rank = s.power.kind === 'graverobber' ? JACK : QUEEN;
  playedAs(s, cmd.card, isJoker(cmd.card) ? rank : undefined, (r) => r === rank, `a ${rankName(rank)}`);
  c.tx.emit({ type: 'PowerInterrupted', seat: c.seat, card: cmd.card });
}

/**
 * §Pitch Black: demand to see an opponent's dungeon, on your turn or in the window after a passage or
 * cave-in. A cheat loses the whole dungeon; otherwise the accuser loses his own.
 */
function accuse(c: Ctx, cmd: CommandOf<'Accuse'>): void {
  const s = s0(c);
  if (!pitchBlack(s.options)) fail('not-pitch-black', 'accusations belong to Pitch Black');
  if (s.window ? s.window.kind !== 'play' : s.prompt || s.turn?.seat !== c.seat)
    fail('wrong-step', 'accuse on your turn or right after a passage or cave-in');
  const target = opponent(c, cmd.target);
  if (target.dungeon.length === 0) fail('no-passage', `seat ${cmd.target} has no passages to reveal`);
  const cheated = target.dungeon.some(isCheat);
  c.tx.emit({
    type: 'DungeonRevealed',
    seat: cmd.target,
    by: c.seat,
    passages: target.dungeon.map((n) => ({ node: n.id, value: n.value, card: n.card })),
    cheated,
  });
  const loser = cheated ? target : c.me;
  if (loser.dungeon.length > 0)
    c.tx.emit({ type: 'CardsDiscarded', seat: loser.seat, from: 'dungeon', cards: loser.dungeon.map((n) => n.card), faceDown: true });
  if (s.window) {
    c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
    maybeCloseWindow(c.tx, c.random);
  }
}

/** §Creature: beat it with passages totalling its value, an equal or stronger creature, or a 2 against a King. */
function fight(c: Ctx, cmd: CommandOf<'Fight'>): void {
  promptFor(c, 'defend');
  const s = s0(c);
  const cards = cmd.cards.map((x) => x.card);
  if (new Set(cards).size !== cards.length) fail('bad-defence', 'a card may be used once');
  for (const card of cards) inHand(c, card);
  const played: CombatCard[] = cmd.cards.map((x) => ({
    card: x.card,
    value: playedAs(s, x.card, x.as, (r) => r >= 2 && r <= KING, 'a fighting card'),
  }));
  const creature = s.combat?.value ?? 0;
  if (!beats(played, creature)) fail('bad-defence', `those cards do not beat a creature of ${creature} (with no card to spare)`);
  c.tx.emit({ type: 'CreatureDefeated', seat: c.seat, cards: played, creature: s.combat?.card ?? '' });
}

/** §Retreat: give up the attacked passage; attacked in the cell, retreating means being slain. */
function retreat(c: Ctx): void {
  promptFor(c, 'defend');
  const s = s0(c);
  const node = s.combat?.node ?? null;
  const passage = c.me.dungeon.find((n) => n.id === node);
  if (passage) {
    c.tx.emit({
      type: 'Retreated',
      seat: c.seat,
      node: passage.id,
      card: passage.card,
      faceDown: passage.faceDown || darkDiscards(s.options),
    });
    return;
  }
  c.tx.emit({ type: 'PlayerSlain', seat: c.seat });
  checkLastAlive(c.tx);
}

/** §Myrmiddon: the fished opponent hands over a card of the rank asked. */
function giveCard(c: Ctx, cmd: CommandOf<'GiveCard'>): void {
  promptFor(c, 'answer');
  inHand(c, cmd.card);
  const power = s0(c).power;
  if (!power || rankOf(cmd.card) !== power.ask) fail('wrong-rank', `${cmd.card} is not the rank asked for`);
  c.tx.emit({ type: 'CardGiven', from: c.seat, to: power?.seat ?? 0, card: cmd.card });
  c.tx.emit({ type: 'PowerFinished', seat: power?.seat ?? 0 });
}

/** §Myrmiddon: the fished opponent says no, truly or not. */
function denyCard(c: Ctx): void {
  promptFor(c, 'answer');
  c.tx.emit({ type: 'CardDenied', seat: c.seat });
}

/** §Myrmiddon: the fisher looks. Truth costs the fisher the hand; a lie costs the liar the card and the hand. */
function demandLook(c: Ctx): void {
  promptFor(c, 'look');
  const s = s0(c);
  const power = s.power;
  if (!power || power.target === null) return fail('wrong-step', 'nothing to look at');
  const hand = player(s, power.target).hand;
  const truthful = !hand.some((card) => rankOf(card) === power.ask);
  c.tx.emit({ type: 'HandRevealed', seat: power.target, to: c.seat, cards: [...hand] });
  c.tx.emit({ type: 'AnswerChecked', seat: power.target, truthful });
  if (truthful) {
    if (c.me.hand.length > 0)
      c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [...c.me.hand], faceDown: darkDiscards(s.options) });
    c.tx.emit({ type: 'PowerFinished', seat: c.seat });
  } else if (!s.options.suicideQueen) {
    punishLiar(c.tx, power.target, true);
  }
}

function punishLiar(tx: Tx, liar: Seat, handOver: boolean): void {
  const s = tx.state;
  const power = s.power;
  if (!power) return;
  const hand = player(s, liar).hand;
  const asked = hand.find((card) => rankOf(card) === power.ask);
  if (handOver && asked !== undefined) tx.emit({ type: 'CardGiven', from: liar, to: power.seat, card: asked });
  const rest = player(tx.state, liar).hand;
  if (rest.length > 0) tx.emit({ type: 'CardsDiscarded', seat: liar, from: 'hand', cards: [...rest], faceDown: darkDiscards(s.options) });
  tx.emit({ type: 'PowerFinished', seat: power.seat });
}

/** §Myrmiddon: the fisher takes the denial as given. */
function acceptAnswer(c: Ctx): void {
  promptFor(c, 'look');
  c.tx.emit({ type: 'PowerFinished', seat: c.seat });
}

/** §Suicide Queen: the caught liar chooses between handing the card over and throwing the whole hand away. */
function resolveLie(c: Ctx, cmd: CommandOf<'ResolveLie'>): void {
  promptFor(c, 'suicide');
  punishLiar(c.tx, c.seat, cmd.handOver);
}

/** §Jokers Wild: keep a Joker passage that is caving in by discarding a card of its value from hand. */
function saveJoker(c: Ctx, cmd: CommandOf<'SaveJoker'>): void {
  promptFor(c, 'joker-save');
  const s = s0(c);
  const col = s.collapse;
  const node = c.me.dungeon.find((n) => n.id === col?.node);
  if (!col || !node || !isJoker(node.card)) return fail('not-a-joker', 'only a Joker passage can be saved');
  inHand(c, cmd.card);
  if (rankOf(cmd.card) !== node.value) fail('wrong-rank', `save a ${node.value} passage with a ${node.value}`);
  c.tx.emit({
    type: 'PassageCollapsed',
    target: c.seat,
    node: node.id,
    lost: cmd.card,
    saved: true,
    by: col.card,
    faceDown: darkDiscards(s.options),
  });
}

/** §Cave-in (Jokers Wild): let the passage go. */
function loseJoker(c: Ctx): void {
  promptFor(c, 'joker-save');
  const s = s0(c);
  const col = s.collapse;
  const node = c.me.dungeon.find((n) => n.id === col?.node);
  if (!col || !node) return fail('wrong-step', 'no cave-in is pending');
  collapsePassage(c.tx, s, c.seat, node, col.card);
}

/** §Graverobber: take the card of your choice from the discard pile (seen secretly in the Black variants). */
function takeFromDiscard(c: Ctx, cmd: CommandOf<'TakeFromDiscard'>): void {
  promptFor(c, 'pick');
  if (!s0(c).discard.includes(cmd.card)) fail('not-in-discard', `${cmd.card} is not in the discard pile`);
  c.tx.emit({ type: 'CardTaken', seat: c.seat, card: cmd.card });
  c.tx.emit({ type: 'PowerFinished', seat: c.seat });
}

/** §Turn 3: over five cards at the end of the turn, discard one at a time down to five. */
function discard(c: Ctx, cmd: CommandOf<'Discard'>): void {
  promptFor(c, 'discard');
  inHand(c, cmd.card);
  c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [cmd.card], faceDown: darkDiscards(s0(c).options) });
  if (player(c.tx.state, c.seat).hand.length <= 5) finishTurn(c.tx, c.random);
}

/** §Turn: end the turn (playing a card is optional); the hand limit applies now, then the next living player draws. */
function endTurn(c: Ctx): void {
  mainStep(c);
  const excess = c.me.hand.length - 5;
  if (excess > 0) c.tx.emit({ type: 'HandLimitReached', seat: c.seat, excess });
  else finishTurn(c.tx, c.random);
}
