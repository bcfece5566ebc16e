// legalCommands: every command a seat may send now, awaited or not (an off-turn Ace), each accepted by decide as is.
import type { Seat } from '@delve/kernel';
import type { DungeonCommand } from './commands';
import { counters, jokersWild, pitchBlack } from './options';
import { ACE, isJoker, JACK, playableAs, QUEEN, rankOf, type Card } from './rules/cards';
import { defences } from './rules/combat';
import { cardPlays, mustPlay } from './rules/plays';
import { accusationRefusal, acesOpen } from './rules/moments';
import { awaiting } from './rules/table';
import type { DungeonState, PlayerState } from './state';

const unique = (cards: readonly Card[]): Card[] => [...new Set(cards)];

/** What `seat` may send now: the answers the game waits for from it, and the Aces it may play at any time. */
export function legalCommands(state: DungeonState, seat: Seat): DungeonCommand[] {
  const me = state.players[seat];
  if (!me?.alive) return [];
  const awaited = awaiting(state).includes(seat);
  if (state.phase === 'playoff') return awaited ? unique(me.hand).map((card) => ({ type: 'PlayOffCard', card })) : [];
  const out = awaited ? awaitedCommands(state, me) : [];
  if (acesOpen(state)) {
    const wild = jokersWild(state.options);
    for (const card of unique(me.hand)) if (playableAs(card, ACE, wild)) out.push({ type: 'PlayAce', card });
  }
  return out;
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

/** A canonical key for a command, so that the same Fight with its cards in another order compares equal. */
export function commandKey(command: DungeonCommand): string {
  if (command.type === 'Fight') return JSON.stringify({ ...command, cards: [...command.cards].sort((a, b) => (a.card < b.card ? -1 : 1)) });
  const sorted = Object.fromEntries(Object.entries(command).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify(sorted);
}
