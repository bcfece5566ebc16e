// OPTIONAL ADVANCED RULES, Wandering Pack: moving the Pack, free attacks on heroes entering its space, challenges
// against it, and heroes choosing whom to defend (the marker itself: packMarker.ts).
import type { Random, Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { MonsterCard } from '../content/index';
import type { Coord, DungeoneerState } from '../state';
import { monsterFight } from './combat';
import { checkChallenge, hasHero, ownPhase, promptFor } from './guards';
import { crossable, placedAt, sameCoord, stepFrom } from './map';
import { design, heroOf, playerOf, standing } from './table';
import type { Ctx, Tx } from './tx';
import { fail } from './fail';
import { bestForm, packsAt } from './packMarker';

type S = DungeoneerState;

/**
 * Wandering Pack: in the Dungeonlord Phase the Pack moves one space per Movement of its half-die roll. It ignores
 * the Threats of doors (locked and trapped doors alike) but never passes a Wall; not while encounters are resolving.
 */
export function checkMovePack(s: S, seat: Seat, cmd: CommandOf<'MovePack'>): Coord {
  ownPhase(s, seat, 'dungeonlord');
  const p = playerOf(s, seat);
  if (!s.options.wanderingPack || !p.packAt) return fail('no-pack', 'you have no Pack on the map');
  if (s.combat && s.combat.stage !== 'declare') fail('encounters-pending', 'the Pack waits while the encounters resolve');
  if (p.packMoves < 1) fail('no-movement', 'the Pack has no Movement left this phase');
  const to = stepFrom(p.packAt, cmd.direction);
  if (!placedAt(s.map, to)) fail('no-space', 'there is no space that way');
  if (!crossable(s.map, p.packAt, cmd.direction)) fail('wall', 'a Wall blocks the way');
  return to;
}

/** Decides MovePack: OPTIONAL ADVANCED RULES, Wandering Pack (Movements). */
export function movePack(c: Ctx, cmd: CommandOf<'MovePack'>): void {
  const to = checkMovePack(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'PackMoved', seat: c.seat, x: to.x, y: to.y, side: cmd.direction });
}

/**
 * Wandering Pack, Response: a hero in the Pack's space may take on the defence against one of the Pack's monsters
 * attacking there; the Dungeonlord only decides the order of attack.
 */
export function checkDefend(s: S, seat: Seat, cmd: CommandOf<'Defend'>): void {
  const p = promptFor(s, seat, 'respond');
  if (p.bane) fail('not-asked', 'a Bane is answered, not defended against');
  const e = s.combat?.encounters[cmd.index];
  if (!e || e.outcome !== 'pending' || e.from !== 'pack' || !s.options.wanderingPack)
    return fail('bad-target', 'defend against a Pack monster still waiting to attack');
  if (e.target === seat || s.combat?.seat === seat) fail('bad-target', 'you already defend against it, or it is your own');
  if (!sameCoord(heroOf(s, seat), e)) fail('wrong-space', 'only heroes in the Pack’s space defend against it');
}

/** Decides Defend: OPTIONAL ADVANCED RULES, Wandering Pack (Response step). */
export function defend(c: Ctx, cmd: CommandOf<'Defend'>): void {
  checkDefend(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'DefenderChosen', index: cmd.index, seat: c.seat });
}

/**
 * Wandering Pack: a hero who tries to enter a space shared with another player's Pack takes one free attack from each
 * monster in it, each in its strongest standard form (ruling), before it can enter. Returns whether the hero may go
 * on into the space (it is still standing and its turn was not cut short).
 */
export function packEntry(tx: Tx, random: Random, seat: Seat, to: Coord): boolean {
  const defeats = playerOf(tx.state, seat).defeats;
  const goesOn = () => standing(tx.state, seat, defeats) && !tx.state.winners && tx.state.turn?.seat === seat;
  for (const owner of packsAt(tx.state, to, seat)) {
    tx.emit({ type: 'PackEngaged', seat: owner, hero: seat, how: 'entry' });
    for (const { card } of [...playerOf(tx.state, owner).pack]) {
      if (!goesOn()) return false;
      const form = bestForm(design(card) as MonsterCard);
      if (form) monsterFight(tx, random, { kind: 'pack', seat: owner, card }, seat, form, 'monster');
    }
  }
  return goesOn();
}

/**
 * Wandering Pack: the Pack is treated as a hero, so it can be challenged (HERO PHASE, Challenge: once a turn, 1
 * Movement, in its space). The challenger names the monster it fights; the monster defends in the chosen form.
 */
export function checkChallengePack(s: S, seat: Seat, cmd: CommandOf<'ChallengePack'>): void {
  ownPhase(s, seat, 'hero');
  hasHero(s, seat);
  const owner = s.players[cmd.seat];
  if (!s.options.wanderingPack || cmd.seat === seat || !owner?.packAt || !owner.pack.some((m) => m.card === cmd.card))
    fail('bad-target', 'challenge a monster of another player’s Pack');
  if (!sameCoord(heroOf(s, seat), owner.packAt as Coord)) fail('wrong-space', 'you must be in the Pack’s space');
  checkChallenge(s, seat);
}

/** Decides ChallengePack: OPTIONAL ADVANCED RULES, Wandering Pack; HERO PHASE, Challenge. */
export function challengePack(c: Ctx, cmd: CommandOf<'ChallengePack'>): void {
  checkChallengePack(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'PackEngaged', seat: cmd.seat, hero: c.seat, how: 'challenge' });
  c.tx.emit({ type: 'Challenged', seat: c.seat, target: { kind: 'pack', seat: cmd.seat, card: cmd.card }, form: cmd.form, cost: 1 });
  monsterFight(c.tx, c.random, { kind: 'pack', seat: cmd.seat, card: cmd.card }, c.seat, cmd.form, 'hero');
}
