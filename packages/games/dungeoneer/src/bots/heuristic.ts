// The heuristic bot: heads for its quests and completes them, arms itself, and aims the Dungeonlord at the leader.
import type { Random, Seat } from '@delve/kernel';
import type { CommandOf, DungeoneerCommand } from '../commands';
import { STATS, type AdventureCard, type Effect, type Stat } from '../content/index';
import { legalCommands } from '../legal';
import { crossable, distances, DIRECTIONS, spaceOf, stepFrom } from '../rules/map';
import { combatScore } from '../rules/stats';
import { design, heroDesign, questDesign } from '../rules/table';
import type { Coord, DungeoneerState } from '../state';
import type { DungeoneerView } from '../viewSchema';
import { stateFromView } from './seen';

type S = DungeoneerState;
type Of<T extends DungeoneerCommand['type']> = CommandOf<T>;

/** How much a card in hand is worth keeping (higher: keep). */
function worth(card: AdventureCard): number {
  switch (card.kind) {
    case 'treasure':
      return 6 + card.modifiers.length;
    case 'boon':
      return card.permanent ? 6 : 4;
    case 'monster':
      return 3 + Math.max(...STATS.map((f) => card.attacks[f]?.score ?? 0)) / 2;
    case 'threat':
      return 2;
    case 'bane':
      return 2;
  }
}

/** How close an opponent is to winning: completed quests first, then level and Glory. */
const threat = (s: S, seat: Seat): number => {
  const p = s.players[seat];
  return p && p.hero && !p.defeated ? p.completed.length * 100 + p.hero.level * 10 + p.glory : -1;
};

/** Where the bot wants to be for each quest it may attempt: the space to stand in, as a coordinate, when known. */
function goals(s: S, seat: Seat): Coord[] {
  const p = s.players[seat];
  if (!p) return [];
  const out: Coord[] = [];
  for (const quest of [...p.quests, ...p.secretQuests, ...s.globalQuests]) {
    const q = questDesign(quest);
    let card = q.space;
    if (q.type === 'escort' && !p.carrying.includes(quest)) {
      const lying = s.components.find((c) => c.quest === quest);
      const carried = s.players.some((o) => o.carrying.includes(quest));
      if (lying) {
        out.push({ x: lying.x, y: lying.y });
        continue;
      }
      if (carried) continue;
      card = q.from ?? q.space;
    }
    const at = spaceOf(s.map, card);
    if (at) out.push(at);
  }
  return out;
}

/** The first step towards the nearest goal, or null when none is reachable. */
function stepTowards(s: S, from: Coord, targets: readonly Coord[]): { direction: (typeof DIRECTIONS)[number]; distance: number } | null {
  let best: { direction: (typeof DIRECTIONS)[number]; distance: number } | null = null;
  for (const direction of DIRECTIONS) {
    const next = stepFrom(from, direction);
    if (!crossable(s.map, from, direction)) continue;
    const d = distances(s.map, next);
    for (const t of targets) {
      const far = d.get(`${t.x},${t.y}`);
      if (far !== undefined && (best === null || far < best.distance)) best = { direction, distance: far };
    }
  }
  return best;
}

/** A command that restores Life: a healing Boon, a potion, an Inventory or hero ability that heals. */
function healing(s: S, seat: Seat, legal: readonly DungeoneerCommand[]): DungeoneerCommand | undefined {
  const heals = (effects: readonly Effect[] | undefined) => (effects ?? []).some((e) => 'heal' in e);
  const hero = s.players[seat]?.hero;
  return legal.find((c) => {
    if (c.type === 'PlayBoon') {
      const d = design(c.card);
      return d.kind === 'boon' && !d.permanent && heals(d.effects);
    }
    if (c.type === 'ReadyTreasure') return c.use;
    if (c.type === 'UseAbility') return hero !== undefined && hero !== null && heals(heroDesign(hero.id).ability.effects);
    if (c.type === 'Activate') {
      const d = hero?.treasures.includes(c.card) || hero?.boons.includes(c.card) ? design(c.card) : undefined;
      const ability = d && (d.kind === 'boon' || d.kind === 'treasure') ? d.ability : questDesign(c.card).artifact?.ability;
      return heals(ability?.effects);
    }
    return false;
  });
}

/** Wandering Pack: a step that brings the Pack nearer the closest hero it does not share a space with, if any. */
function packStep(s: S, seat: Seat, moves: readonly Of<'MovePack'>[]): Of<'MovePack'> | undefined {
  const at = s.players[seat]?.packAt;
  if (!at || moves.length === 0) return undefined;
  const heroes = s.players.filter((p) => p.seat !== seat && !p.defeated && p.hero).map((p) => p.hero as Coord);
  if (heroes.some((h) => h.x === at.x && h.y === at.y)) return undefined;
  const far = (c: Coord) => Math.min(...heroes.map((h) => distances(s.map, c).get(`${h.x},${h.y}`) ?? 99));
  const best = [...moves].sort((a, b) => far(stepFrom(at, a.direction)) - far(stepFrom(at, b.direction)))[0];
  return best && far(stepFrom(at, best.direction)) < far(at) ? best : undefined;
}

/** A bot that plays to win, from its seat's view alone; null when the seat has nothing to do. */
export function heuristicBot(view: DungeoneerView, seat: Seat, random: Random): DungeoneerCommand | null {
  const s = stateFromView(view);
  // It plays on: conceding is never its move.
  const legal: DungeoneerCommand[] = legalCommands(s, seat).filter((c) => c.type !== 'Concede');
  if (legal.length === 0) return null;
  const me = s.players[seat];
  if (!me) return legal[0] ?? null;
  // A Malevolent Force or a campaign's Dungeonlord plays no hero: only the Dungeonlord's part below applies to it.
  const h = !me.defeated && me.hero ? me.hero : null;
  const of = <T extends DungeoneerCommand['type']>(type: T) => legal.filter((c): c is Of<T> => c.type === type);
  const first = <T extends DungeoneerCommand['type']>(type: T): Of<T> | undefined => of(type)[0];
  const pass = first('Pass') ?? first('EndPhase') ?? legal[0] ?? null;
  const opponents = s.players.filter((p) => p.seat !== seat && !p.defeated && p.hero).map((p) => p.seat);
  const leader = [...opponents].sort((a, b) => threat(s, b) - threat(s, a))[0];
  const prompt = s.prompt;
  const heal = healing(s, seat, legal);
  if (heal && h && h.life <= 3) return heal;

  if (prompt) {
    switch (prompt.kind) {
      case 'upkeep':
        return of('Upkeep').find((c) => c.pay) ?? first('Upkeep') ?? pass;
      case 'respond': {
        const mine = s.combat?.encounters.filter((e) => e.target === seat && e.outcome === 'pending') ?? [];
        const ward = of('PlayBoon').find((c) => design(c.card).id === 'warding-sign');
        if (ward && (prompt.bane !== null || mine.some((e) => design(e.card).kind === 'monster'))) return ward;
        const melee = mine.some((e) => e.form === 'melee');
        const focus = of('PlayBoon').find((c) => design(c.card).id === 'battle-focus');
        if (focus && melee) return focus;
        return pass;
      }
      case 'challenge-back': {
        // Only when the odds favour the hero: a counter-hit costs Life and hands the Dungeonlord Peril.
        const e = s.combat?.encounters[prompt.encounter];
        if (!e || !h || h.life <= 2) return pass;
        const d = design(e.card);
        const edge = (f: Stat) => combatScore(s, seat, f) - (d.kind === 'monster' ? (d.attacks[f]?.score ?? 0) : 0);
        const form = [...STATS].sort((a, b) => edge(b) - edge(a))[0] as Stat;
        return edge(form) >= 1 ? { type: 'ChallengeMonster', form } : pass;
      }
      case 'stow':
        return of('Stow').find((c) => c.to === (me.pack.length < 3 ? 'pack' : 'hand')) ?? first('Stow') ?? pass;
      case 'trim-pack':
      case 'trim-treasures':
        return [...of('Discard')].sort((a, b) => worth(design(a.card)) - worth(design(b.card)))[0] ?? pass;
      // Peril is what opponents spend on you: give it to the player the bot wants to attack next turn.
      case 'assign-peril':
        return of('AssignPeril').find((c) => c.seat === leader) ?? of('AssignPeril').find((c) => c.seat !== seat) ?? pass;
      case 'place-map':
      case 'lay-map':
      case 'build': {
        // Grow the dungeon near the hero, so new rooms (and quest spaces) are close.
        const places = of('PlaceMap');
        if (!h) return places[random.int(places.length)] ?? pass;
        const near = distances(s.map, h);
        const cost = (c: Of<'PlaceMap'>) =>
          Math.min(...DIRECTIONS.map((d) => near.get(`${stepFrom(c, d).x},${stepFrom(c, d).y}`) ?? 99)) + random.int(2) / 10;
        return [...places].sort((a, b) => cost(a) - cost(b))[0] ?? pass;
      }
      case 'reward':
        return (
          first('ReadyTreasure') ??
          of('PlayBoon')[0] ??
          [...of('TakeCard')].sort((a, b) => worth(design(b.card)) - worth(design(a.card)))[0] ??
          pass
        );
      case 'spoils':
        return of('ReadyTreasure').find((c) => !c.use) ?? of('PlayBoon').find((c) => design(c.card).kind === 'boon') ?? pass;
      case 'secret-quest':
        return first('KeepSecret') ?? pass;
    }
  }

  const phase = s.turn?.phase;
  if (phase === 'dungeonlord') {
    const encounters = of('PlayEncounter');
    const score = (c: Of<'PlayEncounter'>) => {
      const d = design(c.card);
      const victim = c.target === leader ? 5 : 0;
      if (d.kind !== 'monster' || !c.form) return victim + 1;
      return victim + (d.attacks[c.form]?.score ?? 0) - combatScore(s, c.target, c.form);
    };
    // Encounters are played one at a time; each pick is the best match of monster form against hero score.
    const best = [...encounters].sort((a, b) => score(b) - score(a))[0];
    if (best && score(best) >= 0) return best;
    const bane = of('PlayBane').find((c) => c.target === leader);
    if (bane) return bane;
    const hunt = packStep(s, seat, of('MovePack'));
    if (hunt) return hunt;
    return first('ResolveEncounters') ?? first('EndPhase') ?? pass;
  }
  if (phase === 'discard' && s.options.campaign) {
    // A campaign hero buys cards while it has Glory to spare; the Dungeonlord's discard is optional.
    const buy = first('BuyCard');
    if (buy && me.glory >= 2 && me.hand.length < 4) return buy;
    return first('EndPhase') ?? pass;
  }
  if (phase === 'hero' && h) {
    const attempt = of('AttemptQuest');
    for (const c of attempt) {
      const q = questDesign(c.quest);
      if (q.type === 'sacrifice' && h.life <= (q.price?.life ?? 0) + 1) continue;
      if (q.type === 'chance') {
        // Buy just enough +1s that a 4 or better succeeds; more Glory is better kept for gear.
        const need = Math.max(0, (q.check?.target ?? 6) - 4);
        const boosts = attempt.filter((x) => x.quest === c.quest).map((x) => x.boost ?? 0);
        const boost = Math.min(need, Math.max(...boosts));
        return { type: 'AttemptQuest', quest: c.quest, boost };
      }
      if ((q.type === 'slay' || q.type === 'search' || q.type === 'threat') && h.life <= 2) continue;
      return c;
    }
    const strike = of('ChallengeQuestMonster').sort((a, b) => combatScore(s, seat, b.form) - combatScore(s, seat, a.form))[0];
    if (strike && h.life >= 2) return strike;
    const duel = of('ChallengeHero').find(
      (c) => c.component !== undefined || combatScore(s, seat, c.form) - combatScore(s, c.seat, c.form) >= 2,
    );
    if (duel && h.life >= 3) return duel;
    const pick = first('PickUpComponent') ?? first('Loot');
    if (pick) return pick;
    const gear = of('ReadyTreasure').find((c) => !c.use && design(c.card).kind === 'treasure');
    if (gear) return gear;
    const skill = of('PlayBoon').find((c) => {
      const d = design(c.card);
      return d.kind === 'boon' && (d.permanent || (h.life < 4 && d.effects.some((e) => 'heal' in e)));
    });
    if (skill) return skill;
    const potion = of('ReadyTreasure').find((c) => c.use && h.life <= 3);
    if (potion) return potion;
    if (first('ClimbOut')) return first('ClimbOut') as Of<'ClimbOut'>;
    const targets = goals(s, seat);
    // Standing on a goal with nothing left to try there this turn: wait for the next turn rather than wander off.
    if (targets.some((t) => t.x === h.x && t.y === h.y)) return first('EndPhase') ?? pass;
    const step = stepTowards(s, h, targets);
    if (step) {
      const move = of('Move').find((c) => c.direction === step.direction);
      if (move) return move;
      const open = of('OpenDoor').find((c) => c.direction === step.direction);
      if (open) return open;
    }
    if (targets.length < 2 && first('Explore')) return first('Explore') as Of<'Explore'>;
    return first('EndPhase') ?? pass;
  }
  if (phase === 'discard') return [...of('Discard')].sort((a, b) => worth(design(a.card)) - worth(design(b.card)))[0] ?? pass;
  return pass;
}
