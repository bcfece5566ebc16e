// Ending phases, the Discard/Draw discard and trimming over-full Packs and Treasures, and passing on a choice.
import type { Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { DungeoneerState } from '../state';
import { PACK_LIMIT } from './combat';
import { resolveBane } from './dungeonlord';
import { beginBuild, closePrompt, endHeroPhase, promptTrimIfOver } from './steps';
import { finishTurn } from './turnEnd';
import { ownPhase, ownTurn } from './guards';
import { finishReward } from './rewards';
import { treasureSlots } from './stats';
import { tidyPack } from './packMarker';
import { heroOf, isAlive, playerOf } from './table';
import type { Ctx } from './tx';
import { fail } from './fail';

type S = DungeoneerState;

/**
 * End the Dungeonlord Phase (once no Encounter is waiting to be resolved; with none played this skips them), the Hero
 * Phase, or — with an empty hand, where no discard is owed (ruling) — the Discard/Draw Phase. CAMPAIGN ADVENTURES,
 * Draw/Discard: the discard is optional there, for the Dungeonlord and the heroes alike.
 */
export function checkEndPhase(s: S, seat: Seat): void {
  const phase = ownTurn(s, seat);
  if (phase === 'dungeonlord' && s.combat) fail('encounters-pending', 'resolve the Encounters you played first');
  if (phase === 'discard' && !s.options.campaign && playerOf(s, seat).hand.length > 0)
    fail('must-discard', 'with cards in hand you must discard one');
  if (phase === 'reset' || phase === 'build') fail('wrong-phase', `the ${phase} phase ends by itself`);
}

/** Decides EndPhase: TURN CYCLE 2, 4 and 5 (see checkEndPhase). */
export function endPhase(c: Ctx): void {
  checkEndPhase(c.tx.state, c.seat);
  const phase = c.tx.state.turn?.phase;
  if (phase === 'dungeonlord') beginBuild(c.tx, c.seat);
  else if (phase === 'hero') endHeroPhase(c.tx, c.seat);
  else finishTurn(c.tx, c.random, c.seat);
}

type Zone = 'hand' | 'treasures' | 'pack';

/**
 * TURN CYCLE, Discard/Draw: exactly one discard — from hand, a readied Treasure, or a Pack monster — then the hand is
 * refilled and the turn passes. The same command trims a Pack over three and Treasures over the slots left.
 */
export function checkDiscard(s: S, seat: Seat, cmd: CommandOf<'Discard'>): Zone {
  const p = playerOf(s, seat);
  const inPack = p.pack.some((m) => m.card === cmd.card);
  const inTreasures = p.hero?.treasures.includes(cmd.card) ?? false;
  if (s.prompt?.kind === 'trim-pack' && s.prompt.seat === seat)
    return inPack ? 'pack' : fail('not-in-pack', `${cmd.card} is not in your Pack`);
  if (s.prompt?.kind === 'trim-treasures' && s.prompt.seat === seat)
    return inTreasures ? 'treasures' : fail('not-readied', `${cmd.card} is not a readied Treasure`);
  ownPhase(s, seat, 'discard');
  // CAMPAIGN ADVENTURES, Draw/Discard: the Dungeonlord may discard a card; a hero only a Treasure from its Inventory.
  const campaignHero = s.options.campaign !== null && isAlive(s, seat);
  if (p.hand.includes(cmd.card) && !campaignHero) return 'hand';
  if (inTreasures && isAlive(s, seat)) return 'treasures';
  if (inPack && !campaignHero) return 'pack';
  return fail('not-yours', `${cmd.card} is not a card you may discard now`);
}

/** Decides Discard: TURN CYCLE 5, Discard/Draw, and trimming a Pack or Treasures. */
export function discard(c: Ctx, cmd: CommandOf<'Discard'>): void {
  const { tx, seat, random } = c;
  const zone = checkDiscard(tx.state, seat, cmd);
  const trimming = tx.state.prompt?.kind;
  tx.emit({ type: 'CardsDiscarded', seat, cards: [cmd.card], from: zone });
  if (trimming === 'trim-pack') {
    if (playerOf(tx.state, seat).pack.length <= PACK_LIMIT) closePrompt(tx);
    return;
  }
  if (zone === 'pack') tidyPack(tx, seat);
  if (trimming === 'trim-treasures') {
    if (heroOf(tx.state, seat).treasures.length > treasureSlots(tx.state, seat)) return;
    closePrompt(tx);
    if (tx.state.turn?.phase === 'discard') finishTurn(tx, random, seat);
    return;
  }
  if (zone === 'treasures' && promptTrimIfOver(tx, seat)) return;
  finishTurn(tx, random, seat);
}

/**
 * Pass on the choice offered: stop responding (a Bane then takes effect), decline to challenge back, skip a reward,
 * be done with the Reward step's Treasures.
 */
export function checkPass(s: S, seat: Seat): void {
  const p = s.prompt;
  const mine =
    ((p?.kind === 'respond' || p?.kind === 'spoils') && p.seats.includes(seat)) ||
    ((p?.kind === 'challenge-back' || p?.kind === 'reward') && p.seat === seat);
  if (!mine) fail('nothing-to-pass', 'nothing is offered to you now');
}

/** Decides Pass: Response, challenge-back, reward and Reward-step choices declined. */
export function pass(c: Ctx): void {
  checkPass(c.tx.state, c.seat);
  const p = c.tx.state.prompt;
  if (p?.kind === 'reward') return finishReward(c.tx, c.random, c.seat);
  if (p?.kind === 'spoils') {
    c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
    if (p.seats.length === 1) closePrompt(c.tx);
    return;
  }
  if (p?.kind !== 'respond') return closePrompt(c.tx);
  c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
  if (p.seats.length > 1) return;
  closePrompt(c.tx);
  if (p.bane) resolveBane(c.tx, c.random, p.bane.seat, p.bane.card, p.bane.target);
}
