// TURN CYCLE, Hero Phase on the map: moving through doors, pits and spikes, locked doors and the cusp, climbing
// out, exploring, placing Map cards, and challenging another hero.
import type { Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { Direction, DungeoneerState } from '../state';
import { buildPlacements, settleBuild } from './campaign';
import { heroFight } from './combat';
import { spend, closePrompt, drawMap, interrupted } from './steps';
import { threatCheck, wound } from './effects';
import { checkChallenge, ownPhase, payMovements, promptFor } from './guards';
import { crossable, doorOpen, exitOf, placedAt, placementProblem, sameCoord, stepFrom } from './map';
import { packEntry } from './pack';
import { nextLayer } from './reveal';
import { heroOf, isAlive, mapDesign, playerOf } from './table';
import type { Ctx } from './tx';
import { fail } from './fail';

type S = DungeoneerState;

/** The edge the hero wants to cross: there must be a space beyond, and no Wall on either side. */
function edge(s: S, seat: Seat, side: Direction) {
  const h = heroOf(s, seat);
  const here = placedAt(s.map, h);
  if (!here || !placedAt(s.map, stepFrom(h, side))) return fail('no-space', 'there is no space that way');
  if (!crossable(s.map, h, side)) fail('wall', 'a Wall blocks the way (a door facing a Wall is blocked too)');
  return { h, exit: exitOf(here, side) };
}

/**
 * HERO PHASE, Move, and MAP CARDS, Obstacles: 1 Movement a space, through the exit of the space you leave. Open
 * doors pass freely; a Locked Door must be opened first; a Trapped Door is rolled against as you go (a failure wounds,
 * and you go through). A tipped hero must climb out first.
 */
export function checkMove(s: S, seat: Seat, cmd: CommandOf<'Move'>) {
  ownPhase(s, seat, 'hero');
  if (heroOf(s, seat).tipped) fail('tipped', 'your hero is tipped: climb out first');
  payMovements(s, seat, 1);
  const e = edge(s, seat, cmd.direction);
  if (e.exit.kind === 'locked' && !doorOpen(s, e.h, cmd.direction)) fail('door-locked', 'the door is locked: open it first');
  return e;
}

/**
 * The steps of a move in the order of MISCELLANEOUS, Priority Order: door, Movement spent, hero enters the space,
 * Glory and Peril generated (a space new this turn), then the room's Pit or Spikes. OPTIONAL ADVANCED RULES,
 * Wandering Pack: a hero trying to enter a Pack's space first takes a free attack from each of its monsters.
 */
export function move(c: Ctx, cmd: CommandOf<'Move'>): void {
  const { tx, seat, random } = c;
  const { h, exit } = checkMove(tx.state, seat, cmd);
  if (exit.kind === 'trapped' && !doorOpen(tx.state, h, cmd.direction)) {
    if (!threatCheck(tx, random, seat, exit.check, 'door')) wound(tx, random, seat, 1);
    if (interrupted(tx, seat)) return;
    tx.emit({ type: 'DoorOpened', x: h.x, y: h.y, side: cmd.direction });
  }
  spend(tx, seat);
  const to = stepFrom(h, cmd.direction);
  if (!packEntry(tx, random, seat, to)) return;
  tx.emit({ type: 'HeroMoved', seat, x: to.x, y: to.y, side: cmd.direction });
  const space = mapDesign(placedAt(tx.state.map, to)?.card ?? '');
  if (!tx.state.turn?.entered.some((c) => sameCoord(c, to)))
    tx.emit({ type: 'SpaceCollected', seat, x: to.x, y: to.y, glory: space.glory, peril: space.peril });
  const f = space.feature;
  if (f?.kind === 'pit' && !threatCheck(tx, random, seat, f.check, 'pit')) tx.emit({ type: 'HeroTipped', seat, tipped: true });
  if (f?.kind === 'spikes' && !threatCheck(tx, random, seat, f.check, 'spikes')) wound(tx, random, seat, 1);
}

/**
 * HERO PHASE, Open Locked Door: a success is free, a failure costs 1 Movement, and the door opens either way. Spending
 * your last Movement on it leaves you on the cusp: the door stays open for everyone until you go through.
 */
export function checkOpenDoor(s: S, seat: Seat, cmd: CommandOf<'OpenDoor'>) {
  ownPhase(s, seat, 'hero');
  if (heroOf(s, seat).tipped) fail('tipped', 'your hero is tipped: climb out first');
  const e = edge(s, seat, cmd.direction);
  if (e.exit.kind !== 'locked') return fail('not-locked', 'there is no locked door that way');
  if (doorOpen(s, e.h, cmd.direction)) fail('already-open', 'that door is already open');
  payMovements(s, seat, 1);
  return { h: e.h, check: e.exit.check };
}

/** Decides OpenDoor: HERO PHASE, Open Locked Door, and MAP CARDS, Locked Door (the cusp). */
export function openDoor(c: Ctx, cmd: CommandOf<'OpenDoor'>): void {
  const { tx, seat, random } = c;
  const { h, check } = checkOpenDoor(tx.state, seat, cmd);
  const ok = threatCheck(tx, random, seat, check, 'door');
  tx.emit({ type: 'DoorOpened', x: h.x, y: h.y, side: cmd.direction });
  if (ok) return;
  spend(tx, seat);
  if (heroOf(tx.state, seat).movements === 0) tx.emit({ type: 'HeroOnCusp', seat, side: cmd.direction });
}

/** MAP CARDS, Pits, and GLOSSARY, Tipped: untipping costs 1 Movement. */
export function checkClimbOut(s: S, seat: Seat): void {
  ownPhase(s, seat, 'hero');
  if (!heroOf(s, seat).tipped) fail('not-tipped', 'your hero is standing');
  payMovements(s, seat, 1);
}

/** Decides ClimbOut: MAP CARDS, Pits; GLOSSARY, Tipped. */
export function climbOut(c: Ctx): void {
  checkClimbOut(c.tx.state, c.seat);
  spend(c.tx, c.seat);
  c.tx.emit({ type: 'HeroTipped', seat: c.seat, tipped: false });
}

/** HERO PHASE, Explore: 1 Movement to draw and place another Map card (CAMPAIGN ADVENTURES: the Dungeonlord builds). */
export function checkExplore(s: S, seat: Seat): void {
  ownPhase(s, seat, 'hero');
  if (s.options.campaign) fail('wrong-phase', 'in a campaign adventure the Dungeonlord builds the map');
  payMovements(s, seat, 1);
  if (s.mapDeck.length === 0) fail('map-deck-empty', 'the Map deck is empty');
}

/** Decides Explore: HERO PHASE, Explore. */
export function explore(c: Ctx): void {
  checkExplore(c.tx.state, c.seat);
  spend(c.tx, c.seat);
  drawMap(c.tx, c.seat, 'explore');
}

/**
 * THE MAP, Placing Map Cards (see placementProblem for the model of legal placements): the drawn card; with Revealed
 * Map one of the player's own Map cards; in a campaign Build one of the drawn cards, connected as Build requires.
 */
export function checkPlaceMap(s: S, seat: Seat, cmd: CommandOf<'PlaceMap'>): string {
  const p = s.prompt;
  const illegal = (problem: string): never => fail('illegal-placement', `(${cmd.x}, ${cmd.y}) turned ${cmd.rotation}: ${problem}`);
  if (p?.kind === 'lay-map' || p?.kind === 'build') {
    promptFor(s, seat, p.kind);
    const card = cmd.card ?? fail('card-needed', 'name the Map card you place');
    if (!(p.kind === 'lay-map' ? playerOf(s, seat).mapHand : p.cards).includes(card))
      fail('not-in-hand', `${card} is not among your Map cards`);
    const problem = placementProblem(s.map, mapDesign(card), cmd);
    if (problem) illegal(problem);
    if (p.kind === 'build' && !buildPlacements(s, mapDesign(card), p.last).some((b) => sameCoord(b, cmd) && b.rotation === cmd.rotation))
      illegal(
        p.last ? 'it must connect to the card placed before it' : 'it must connect to a hero’s space, or come as close to one as it can',
      );
    return card;
  }
  const drawn = promptFor(s, seat, 'place-map');
  if (cmd.card !== undefined) fail('no-choice', `the drawn card, ${drawn.card}, is the one placed: name no card`);
  const problem = placementProblem(s.map, mapDesign(drawn.card), cmd);
  if (problem) illegal(problem);
  return drawn.card;
}

/** Decides PlaceMap: THE MAP, Placing Map Cards; Revealed Map; campaign Build. */
export function placeMap(c: Ctx, cmd: CommandOf<'PlaceMap'>): void {
  const card = checkPlaceMap(c.tx.state, c.seat, cmd);
  const kind = c.tx.state.prompt?.kind;
  c.tx.emit({ type: 'MapPlaced', seat: c.seat, card, x: cmd.x, y: cmd.y, rotation: cmd.rotation });
  if (kind === 'build') return settleBuild(c.tx);
  closePrompt(c.tx);
  if (kind === 'lay-map') nextLayer(c.tx, c.seat);
}

/**
 * HERO PHASE, Challenge: once a turn, 1 Movement, against a hero in your space — to wound, or to take an escort
 * component that hero carries (QUEST CARDS, Escort).
 */
export function checkChallengeHero(s: S, seat: Seat, cmd: CommandOf<'ChallengeHero'>): void {
  ownPhase(s, seat, 'hero');
  if (cmd.seat === seat || !isAlive(s, cmd.seat)) fail('bad-target', 'challenge another hero in the game');
  const me = heroOf(s, seat);
  if (!sameCoord(me, heroOf(s, cmd.seat))) fail('wrong-space', 'you must be in the same space');
  checkChallenge(s, seat);
  if (cmd.component !== undefined && !playerOf(s, cmd.seat).carrying.includes(cmd.component))
    fail('not-carrying', 'that hero does not carry that component');
}

/** Decides ChallengeHero: HERO PHASE, Challenge; QUEST CARDS, Escort. */
export function challengeHero(c: Ctx, cmd: CommandOf<'ChallengeHero'>): void {
  checkChallengeHero(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'Challenged', seat: c.seat, target: { kind: 'hero', seat: cmd.seat }, form: cmd.form, cost: 1 });
  heroFight(c.tx, c.random, c.seat, cmd.seat, cmd.form, cmd.component);
}
