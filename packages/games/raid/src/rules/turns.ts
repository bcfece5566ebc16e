// Turn order and the turn's steps, and response windows: who is asked, re-asking after a response, closing.
import type { Random, Seat } from '@delve/kernel';
import { heroRef, type Owner, type RaidState } from '../state';
import { auraOf, hasKeyword, livingRaiders, readyResources } from './board';
import { draw, resolveEffects, settle } from './effects';
import type { Tx } from './tx';

/**
 * Who plays after `from`: the raiders in seat order (clockwise), then the Dungeon, then the raiders again; destroyed
 * raiders are skipped. The first turn goes to the raiders (Novice) or the Dungeon (the other modes).
 */
export function nextOwner(s: RaidState, from: Owner): Owner {
  const living = livingRaiders(s).map((r) => r.seat);
  if (from === null) return living[0] ?? null;
  return living.find((seat) => seat > from) ?? null;
}

/**
 * Start a turn. The Dungeon's turn goes on through its automaton. A raider's: ready every card, resolve the talent's
 * start-of-turn effects, then draw one card (every turn, the raid's very first included: see docs/rulings/raid.md).
 */
export function startTurn(tx: Tx, owner: Owner, random: Random): void {
  const number = (tx.state.turn?.number ?? 0) + 1;
  tx.emit({ type: 'TurnStarted', seat: owner, number });
  if (owner === null) return;
  tx.emit({ type: 'CardsReadied', seat: owner });
  const talent = tx.state.raiders[owner]?.talent;
  const turnStart = auraOf(tx.state, owner).turnStart ?? [];
  if (talent && turnStart.length > 0) resolveEffects(tx, owner, turnStart, null, talent, random, false);
  if (tx.state.result) return;
  draw(tx, owner, 1, 'turn');
}

/** End the turn in progress and start the next side's. */
export function endTurn(tx: Tx, random: Random): void {
  const from = tx.state.turn?.seat ?? null;
  tx.emit({ type: 'TurnEnded', seat: from });
  startTurn(tx, nextOwner(tx.state, from), random);
}

/**
 * Raiders asked in a response window, judged on what everyone can see: a raider with cards in hand and a ready
 * resource (every raider card costs at least 1), and, when the Dungeon attacks its hero, the MARKED raider with a
 * ready Protector.
 */
export function responders(s: RaidState, kind: 'flip' | 'attack'): Seat[] {
  return livingRaiders(s)
    .filter((r) => (r.hand.length > 0 && readyResources(r) > 0) || (kind === 'attack' && protectors(s, r.seat).length > 0))
    .map((r) => r.seat);
}

/** The seat's ready Protector allies that may take the attack in progress (aimed at its hero, not yet redirected). */
export function protectors(s: RaidState, seat: Seat): string[] {
  const a = s.attack;
  const r = s.raiders[seat];
  if (!a || a.by !== null || a.target !== heroRef(seat) || !r?.alive) return [];
  return r.allies.filter((x) => !x.exhausted && hasKeyword(s, x.id, 'protector')).map((x) => x.id);
}

/** Open (or, after a response, re-open) a window; when nobody can respond, it does not open, or it closes. */
export function openWindow(tx: Tx, kind: 'flip' | 'attack'): void {
  const awaiting = responders(tx.state, kind);
  if (awaiting.length > 0) tx.emit({ type: 'WindowOpened', kind, awaiting });
  else if (tx.state.window) tx.emit({ type: 'WindowClosed' });
}

/** The raiders a window still waits for. */
export function windowAwaiting(s: RaidState): Seat[] {
  const w = s.window;
  if (!w) return [];
  return w.awaiting.filter((seat) => !w.passed.includes(seat) && s.raiders[seat]?.alive);
}

/** After a raider's command: a raider destroyed on its own turn hands the turn on. */
export function afterRaiderCommand(tx: Tx, random: Random): void {
  settle(tx);
  const s = tx.state;
  if (s.result || s.window || s.phase !== 'play') return;
  const seat = s.turn?.seat;
  if (seat !== null && seat !== undefined && !s.raiders[seat]?.alive) {
    if (s.prompt) return;
    endTurn(tx, random);
  }
}
