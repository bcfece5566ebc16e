// legalCommands: every command a seat may send now, awaited or not (an off-turn Ace), each accepted by decide as is; and
// the commands the runtime sends for a seat whose time ran out (its least harmful move, or its concession).
import type { Seat } from '@delve/kernel';
import type { CommandOf, DungeonCommand } from './commands';
import { counters, jokersWild, pitchBlack } from './options';
import { ACE, isJoker, JACK, playableAs, QUEEN, rankOf, type Card } from './rules/cards';
import { defences } from './rules/combat';
import { cardPlays, mustPlay } from './rules/plays';
import { openSlots, worthKeeping } from './rules/passages';
import { accusationRefusal, acesOpen } from './rules/moments';
import { awaiting } from './rules/table';
import type { DungeonState, PlayerState } from './state';

const unique = (cards: readonly Card[]): Card[] => [...new Set(cards)];

/** The concession, last in every list: a living player may leave at any time from the deal on (see rulings). */
const CONCEDE: DungeonCommand = { type: 'Concede' };

/**
 * What `seat` may send now: the answers the game waits for from it, the Aces it may play at any time, and conceding.
 */
export function legalCommands(state: DungeonState, seat: Seat): DungeonCommand[] {
  const me = state.players[seat];
  if (!me?.alive || (state.phase !== 'playoff' && state.phase !== 'play')) return [];
  const awaited = awaiting(state).includes(seat);
  if (state.phase === 'playoff')
    return [...(awaited ? unique(me.hand).map((card): DungeonCommand => ({ type: 'PlayOffCard', card })) : []), CONCEDE];
  const out = awaited ? awaitedCommands(state, me) : [];
  if (acesOpen(state)) {
    const wild = jokersWild(state.options);
    for (const card of unique(me.hand)) if (playableAs(card, ACE, wild)) out.push({ type: 'PlayAce', card });
  }
  return [...out, CONCEDE];
}

/** The commands that answer what the game waits for from `me`: a window, a prompt, or its own turn. */
function awaitedCommands(state: DungeonState, me: PlayerState): DungeonCommand[] {
  const hand = unique(me.hand);
  const wild = jokersWild(state.options);
  const accusations = (): DungeonCommand[] =>
    state.players.filter((p) => !accusationRefusal(state, me, p.seat)).map((p): DungeonCommand => ({ type: 'Accuse', target: p.seat }));

  if (state.window) {
    const out: DungeonCommand[] = [{ type: 'Pass' }];
    const power = state.power;
    if (state.window.kind === 'power' && power && counters(state.options, power.kind)) {
      const rank = power.kind === 'graverobber' ? JACK : QUEEN;
      for (const card of hand) if (playableAs(card, rank, wild)) out.push({ type: 'Interrupt', card });
    }
    return [...out, ...accusations()];
  }

  const prompt = state.prompt;
  if (prompt) {
    switch (prompt.kind) {
      case 'defend': {
        const fights = (state.combat ? defences(me.hand, state.combat.value, wild) : []).map((set): DungeonCommand => ({
          type: 'Fight',
          cards: set.map((c) => (isJoker(c.card) ? { card: c.card, as: c.value } : { card: c.card })),
        }));
        return [...fights, { type: 'Retreat' }];
      }
      case 'answer':
        return [
          ...hand.filter((card) => rankOf(card) === state.power?.ask).map((card): DungeonCommand => ({ type: 'GiveCard', card })),
          { type: 'DenyCard' },
        ];
      case 'look':
        return [{ type: 'DemandLook' }, { type: 'AcceptAnswer' }];
      case 'suicide':
        return [
          { type: 'ResolveLie', handOver: true },
          { type: 'ResolveLie', handOver: false },
        ];
      case 'joker-save': {
        const node = me.dungeon.find((n) => n.id === state.collapse?.node);
        const saves = node && isJoker(node.card) ? hand.filter((card) => rankOf(card) === node.value) : [];
        return [...saves.map((card): DungeonCommand => ({ type: 'SaveJoker', card })), { type: 'LoseJoker' }];
      }
      case 'pick':
        return unique(state.discard).map((card) => ({ type: 'TakeFromDiscard', card }));
      case 'discard':
        return hand.map((card) => ({ type: 'Discard', card }));
    }
  }

  // The seat's own turn.
  const plays = state.turn?.played ? [] : cardPlays(state, me);
  return [...plays, ...(pitchBlack(state.options) ? accusations() : []), ...(mustPlay(state, me) ? [] : [{ type: 'EndTurn' } as const])];
}

/** The command of `options` whose cost is lowest (the first on a tie), or undefined when there is none. */
function leastCostly<C extends DungeonCommand>(options: readonly C[], cost: (c: C) => number): C | undefined {
  return options.reduce<C | undefined>((best, c) => (best === undefined || cost(c) < cost(best) ? c : best), undefined);
}

/**
 * The least harmful legal command for an awaited `seat` whose time ran out (docs/rulings/dungeon.md, Timeouts), or
 * null when the game waits for nothing from it. It keeps the seat's dungeon and life before its hand and makes no
 * choice the text leaves optional: a window is passed; a creature is fought with the cards least worth keeping, and
 * retreated from only without a defence; a Myrmiddon gets the truth (the card if held); a denial is accepted; a caught
 * liar hands the card over (the standard outcome); a Joker passage is saved when it can be; a Graverobber takes the
 * card most worth keeping; a play-off card or a discard is the card least worth keeping; and on its turn the seat
 * ends the turn, after playing the card it must (§On your turn 2): a passage of its own if it can, else the honest
 * play that gives up the card least worth keeping.
 */
export function timeoutCommand(state: DungeonState, seat: Seat): DungeonCommand | null {
  const me = state.players[seat];
  if (!me || !awaiting(state).includes(seat)) return null;
  const legal = legalCommands(state, seat);
  const of = <T extends DungeonCommand['type']>(type: T) => legal.filter((c): c is CommandOf<T> => c.type === type);
  const keep = (card: Card): number => worthKeeping(card, me);
  const spent = (c: DungeonCommand): number => ('card' in c ? keep(c.card) : 0);
  if (state.phase === 'playoff') return leastCostly(of('PlayOffCard'), spent) ?? null;
  if (state.window) return { type: 'Pass' };
  switch (state.prompt?.kind) {
    case 'defend':
      return leastCostly(of('Fight'), (f) => f.cards.reduce((sum, x) => sum + keep(x.card), 0)) ?? { type: 'Retreat' };
    case 'answer':
      return leastCostly(of('GiveCard'), spent) ?? { type: 'DenyCard' };
    case 'look':
      return { type: 'AcceptAnswer' };
    case 'suicide':
      return { type: 'ResolveLie', handOver: true };
    case 'joker-save':
      return leastCostly(of('SaveJoker'), spent) ?? { type: 'LoseJoker' };
    case 'pick':
      return leastCostly(of('TakeFromDiscard'), (c) => -keep(c.card)) ?? null;
    case 'discard':
      return leastCostly(of('Discard'), spent) ?? null;
    case undefined:
      break;
  }
  if (!mustPlay(state, me)) return { type: 'EndTurn' };
  const honest = cardPlays(state, me, true);
  const depth = (c: DungeonCommand): number =>
    c.type === 'PlayPassage' ? (openSlots(me).find((slot) => slot.parent === c.parent)?.value ?? 11) : 11;
  return (
    leastCostly(
      honest.filter((c) => c.type === 'PlayPassage'),
      depth,
    ) ??
    leastCostly(honest, spent) ??
    null
  );
}

/** The command by which `seat` concedes (see rulings): Concede, for any living player from the deal until the end. */
export function concession(state: DungeonState, seat: Seat): DungeonCommand | null {
  return legalCommands(state, seat).some((c) => c.type === 'Concede') ? CONCEDE : null;
}

/** A canonical key for a command, so that the same Fight with its cards in another order compares equal. */
export function commandKey(command: DungeonCommand): string {
  if (command.type === 'Fight') return JSON.stringify({ ...command, cards: [...command.cards].sort((a, b) => (a.card < b.card ? -1 : 1)) });
  const sorted = Object.fromEntries(Object.entries(command).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify(sorted);
}
