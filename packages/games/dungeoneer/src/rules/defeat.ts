// What a defeat does, by the rules in force: out of the game (HERO CARDS), a Malevolent Force, a Respawn; Looting's
// Treasures left on the map and picked up; and the game's end when a side's goal or the last survivor is reached.
import type { Random, Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { TreasureCard } from '../content/index';
import type { DungeoneerState } from '../state';
import { checkDungeonlordGoal } from './campaign';
import { spend, closePrompt, draw, HAND_SIZE } from './steps';
import { passTurn } from './turnEnd';
import { hasHero, ownPhase, payMovements } from './guards';
import { sameCoord } from './map';
import { heroSetup, treasureSlots } from './stats';
import { design, heroDesign, heroOf, livingSeats, playerOf } from './table';
import type { Ctx, Tx } from './tx';
import { fail } from './fail';

type S = DungeoneerState;

/** What becomes of a defeated hero's player: out (HERO CARDS, Defeat), a Malevolent Force, or a Respawn. */
const fateOf = (s: S): 'out' | 'force' | 'respawn' => (s.options.respawn ? 'respawn' : s.options.malevolentForce ? 'force' : 'out');

/**
 * HERO CARDS, Defeat, as the optional rules change it:
 * - out: every card of the player is discarded and the player is out;
 * - Malevolent Force: the hero is removed as usual, but the player keeps hand and Pack and plays on;
 * - Respawn: every card but the quests is discarded, and a new hero starts at the entrance (escort components the
 *   hero carried are dropped where it fell, ruling);
 * - Looting: the hero's Treasures stay in the space where it fell.
 * A prompt waiting on the player is settled; if it was the player's own turn, the turn ends at once.
 */
export function defeat(tx: Tx, random: Random, seat: Seat): void {
  const s = tx.state;
  const p = playerOf(s, seat);
  const h = heroOf(s, seat);
  const fate = fateOf(s);
  const wasActive = s.turn?.seat === seat;
  const prompt = s.prompt;
  const loot = s.options.looting ? [...h.treasures] : [];
  const inventory = [...h.boons, ...(s.options.looting ? [] : h.treasures), ...h.curses];
  const cards = fate === 'force' ? inventory : [...p.hand, ...inventory, ...p.pack.map((m) => m.card)];
  if (wasActive && s.combat) cards.push(...s.combat.encounters.filter((e) => !e.gone).map((e) => e.card));
  if (prompt?.kind === 'respond' && prompt.bane?.seat === seat) cards.push(prompt.bane.card);
  if (fate === 'respawn') for (const quest of p.carrying) tx.emit({ type: 'ComponentDropped', seat, quest, x: h.x, y: h.y });
  const kept = fate === 'respawn';
  tx.emit({
    type: 'HeroDefeated',
    seat,
    cards,
    quests: kept ? [] : [...p.quests, ...p.completed],
    hidden: kept ? [] : [...p.secretQuests],
    loot,
    fate,
  });
  settlePrompt(tx, seat);
  if (fate === 'respawn') respawn(tx, random, seat);
  if (gameOver(tx)) return;
  if (wasActive) {
    if (tx.state.combat) tx.emit({ type: 'CombatEnded' });
    closePrompt(tx);
    passTurn(tx, random, seat, 0);
  }
}

/**
 * A prompt that waited on a player who fell or left is settled: its window closes, or it stops waiting for that seat;
 * Map cards it held go under the Map deck.
 */
export function settlePrompt(tx: Tx, seat: Seat): void {
  const prompt = tx.state.prompt;
  if (!prompt) return;
  if (prompt.kind === 'respond') {
    const bane = prompt.bane;
    // A Bane whose player fell went out with the player's cards; one whose target fell has nothing left to hit.
    if (bane?.target === seat && bane.seat !== seat) tx.emit({ type: 'BaneResolved', card: bane.card, negated: true, attached: null });
    if (bane !== null) {
      if (bane.seat === seat || bane.target === seat) closePrompt(tx);
    } else if (prompt.seats.includes(seat)) {
      tx.emit({ type: 'ResponsePassed', seat });
      if (prompt.seats.length === 1) closePrompt(tx);
    }
  } else if (prompt.kind === 'spoils') {
    if (!prompt.seats.includes(seat)) return;
    tx.emit({ type: 'ResponsePassed', seat });
    if (prompt.seats.length === 1) closePrompt(tx);
  } else if (prompt.kind !== 'secret-quest' && prompt.seat === seat) {
    if (prompt.kind === 'place-map') tx.emit({ type: 'MapCardSetAside', card: prompt.card });
    // A campaign Dungeonlord who leaves mid-Build: the Map cards it drew go back under the deck too.
    if (prompt.kind === 'build') for (const card of prompt.cards) tx.emit({ type: 'MapCardSetAside', card });
    closePrompt(tx);
  }
}

/**
 * OPTIONAL ADVANCED RULES, Respawn: a new hero drawn at random from the unused ones (the fallen one goes back among
 * them), at level 1 on the Dungeon Entrance with 1 Glory and 1 Peril, and a new hand (one Glory card in a campaign,
 * as at its set-up). It gets its Movements at its next Reset Phase.
 */
function respawn(tx: Tx, random: Random, seat: Seat): void {
  const pool = tx.state.heroPool;
  const fallen = heroOf(tx.state, seat).id;
  const hero = heroDesign(pool.length > 0 ? random.pick(pool) : fallen);
  const start = heroSetup(hero);
  tx.emit({ type: 'HeroRespawned', seat, hero: start.hero, level: start.level, life: start.life, glory: 1, peril: 1 });
  draw(tx, random, seat, tx.state.options.campaign ? 1 : HAND_SIZE);
}

/**
 * Whether a defeat ended the game. CAMPAIGN ADVENTURES: the Dungeonlord's goal. Respawn: there is no last-survivor
 * win. Malevolent Force: the game ends only when no hero is left, won by the force whose turn it is (it felled the
 * last hero); a last survivor wins at the start of its own turn instead (see beginTurn). Otherwise (Set-Up): the last
 * surviving hero wins by default, nobody should no hero be left.
 */
function gameOver(tx: Tx): boolean {
  const s = tx.state;
  if (s.winners) return true;
  if (s.options.campaign) return checkDungeonlordGoal(tx);
  if (s.options.respawn) return false;
  const alive = livingSeats(s);
  if (s.options.malevolentForce) {
    if (alive.length > 0) return false;
    const active = s.turn?.seat;
    const force = active !== undefined && s.players[active]?.force === true;
    tx.emit({ type: 'GameWon', winners: force ? [active] : [], how: force ? 'malevolent' : 'last-standing' });
    return true;
  }
  if (alive.length > 1) return false;
  tx.emit({ type: 'GameWon', winners: alive, how: 'last-standing' });
  return true;
}

/**
 * OPTIONAL ADVANCED RULES, Looting: in its Hero Phase a hero may spend 1 Movement to pick up a Treasure lying in its
 * space, readied into its own Inventory — within its Treasure slots and never two of one category (ruling).
 */
export function checkLoot(s: S, seat: Seat, cmd: CommandOf<'Loot'>): void {
  ownPhase(s, seat, 'hero');
  hasHero(s, seat);
  const h = heroOf(s, seat);
  if (!s.loot.some((l) => l.card === cmd.card && sameCoord(l, h))) fail('not-there', `${cmd.card} is not lying in your space`);
  payMovements(s, seat, 1);
  if (h.treasures.length >= treasureSlots(s, seat)) fail('treasure-limit', `your hero has ${treasureSlots(s, seat)} Treasure slot(s)`);
  const category = (design(cmd.card) as TreasureCard).category;
  if (h.treasures.some((t) => (design(t) as TreasureCard).category === category))
    fail('duplicate-category', `you already have a ${category} readied`);
}

/** Decides Loot: OPTIONAL ADVANCED RULES, Looting. */
export function lootTreasure(c: Ctx, cmd: CommandOf<'Loot'>): void {
  checkLoot(c.tx.state, c.seat, cmd);
  const h = heroOf(c.tx.state, c.seat);
  spend(c.tx, c.seat);
  c.tx.emit({ type: 'TreasureLooted', seat: c.seat, card: cmd.card, x: h.x, y: h.y });
}
