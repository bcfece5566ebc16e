// Conceding (a ruling: the rule text has no concession): the player leaves the game for good, as a defeated player of
// the standard game does, whatever optional rules are in force; the game ends when too few players are left.
import type { Seat } from '@delve/kernel';
import type { DungeoneerState } from '../state';
import { checkDungeonlordGoal } from './campaign';
import { settlePrompt } from './defeat';
import { closePrompt } from './steps';
import { passTurn } from './turnEnd';
import { atTable, dungeonlordSeat, heroSeats, isAlive, livingSeats, playerOf } from './table';
import type { Ctx, Tx } from './tx';

type S = DungeoneerState;

/** Every Adventure card a conceding player discards: hand, Pack, Inventory and curses, its encounters on the table. */
function cardsOf(s: S, seat: Seat): string[] {
  const p = playerOf(s, seat);
  const h = isAlive(s, seat) ? p.hero : null;
  const cards = [...p.hand, ...p.pack.map((m) => m.card), ...(h ? [...h.boons, ...h.treasures, ...h.curses] : [])];
  if (s.turn?.seat === seat && s.combat) cards.push(...s.combat.encounters.filter((e) => !e.gone).map((e) => e.card));
  const prompt = s.prompt;
  if (prompt?.kind === 'respond' && prompt.bane?.seat === seat) cards.push(prompt.bane.card);
  return cards;
}

/**
 * docs/rulings/dungeoneer.md, Conceding. Once play has begun a player still at the table may leave it for good: as a
 * defeated player of the standard game (HERO CARDS, Defeat) it discards all its cards and is out, and so are its
 * quests, whatever optional rule would otherwise keep it in (no Respawn, no Malevolent Force, no Looting: its hero
 * takes its Treasures with it). A choice waiting on it is settled, its own turn ends, and the game ends when its
 * leaving decides it (see `decided`).
 */
export function concede(c: Ctx): void {
  const { tx, seat, random } = c;
  const s = tx.state;
  const p = playerOf(s, seat);
  const wasActive = s.turn?.seat === seat;
  tx.emit({ type: 'PlayerConceded', seat, cards: cardsOf(s, seat), quests: [...p.quests, ...p.completed], hidden: [...p.secretQuests] });
  settlePrompt(tx, seat);
  if (decided(tx) || !wasActive) return;
  if (tx.state.combat) tx.emit({ type: 'CombatEnded' });
  closePrompt(tx);
  // A campaign's Reset goes on by itself to the next hero; any other phase of its own turn hands the turn on.
  if (!(tx.state.options.campaign && tx.state.turn?.phase === 'reset')) passTurn(tx, random, seat, 0);
}

/**
 * Whether the player's leaving ends the game (ruling). A campaign: without its Dungeonlord the heroes still at the
 * table win as a party; a hero player who left counts towards the Dungeonlord's Goal. Otherwise: one player left wins
 * (even under Respawn, with nobody left to play against); under Malevolent Force, with no hero left the forces still at
 * the table win together, since none of them felled the last hero.
 */
function decided(tx: Tx): boolean {
  const s = tx.state;
  if (s.winners) return true;
  const table = s.players.filter((p) => atTable(s, p.seat)).map((p) => p.seat);
  const dl = dungeonlordSeat(s);
  if (dl !== null) {
    if (table.includes(dl)) return checkDungeonlordGoal(tx);
    tx.emit({ type: 'GameWon', winners: heroSeats(s).filter((seat) => table.includes(seat)), how: 'party' });
    return true;
  }
  if (table.length <= 1) {
    tx.emit({ type: 'GameWon', winners: table, how: 'last-standing' });
    return true;
  }
  if (s.options.malevolentForce && livingSeats(s).length === 0) {
    tx.emit({ type: 'GameWon', winners: table, how: 'malevolent' });
    return true;
  }
  return false;
}
