// Per-viewer views of the state and redaction of events: the only place hidden information is removed.
import type { Seat, Viewer } from '@delve/kernel';
import { classDef, dungeonDef } from './content/index';
import type { CardRef, RaidEvent } from './events';
import { allyCanAttack, atkOf, defOf, hasKeyword, healthOf, HIDDEN, levelDef, readyResources } from './rules/board';
import { nextDungeonStep, upcomingAttackers } from './rules/dungeon';
import { achievements } from './rules/result';
import { achievementText, auraText, cardText, levelUpText } from './rules/text';
import { status } from './status';
import { DUNGEON_HERO, heroRef, type AllyState, type CardId, type GearState, type RaiderState, type RaidState } from './state';
import type { CardView, RaidView } from './viewSchema';

export type { RaidView, CardView, AllyView, RaiderView } from './viewSchema';

const seatOf = (viewer: Viewer): Seat | null => (viewer.kind === 'seat' ? viewer.seat : null);

function cardView(s: RaidState, id: CardId): CardView {
  const def = defOf(s, id);
  return { id, card: def.id, name: def.name, type: def.type, cost: id.startsWith('d') ? 0 : def.cost, text: cardText(def) };
}

const gearView = (s: RaidState, g: GearState | null) => (g ? { ...cardView(s, g.id), exhausted: g.exhausted } : null);

function allyView(s: RaidState, a: AllyState) {
  const def = defOf(s, a.id);
  return {
    ...cardView(s, a.id),
    atk: atkOf(s, a.id),
    health: healthOf(s, a.id),
    damage: a.damage,
    exhausted: a.exhausted,
    atkBonus: a.atkBonus,
    enteredTurn: a.enteredTurn,
    keywords: def.type === 'ally' ? (['ferocity', 'protector', 'boss'] as const).filter((k) => hasKeyword(s, a.id, k)) : [],
    canAttack: allyCanAttack(s, a),
  };
}

function raiderView(s: RaidState, r: RaiderState, sees: boolean) {
  const cls = classDef(r.classId || 'guardian');
  const ref = heroRef(r.seat);
  return {
    seat: r.seat,
    classId: r.classId,
    className: cls.name,
    alive: r.alive,
    mulligan: r.mulligan,
    hero: {
      ref,
      card: r.heroCard,
      name: cls.hero.name,
      damage: r.hero.damage,
      health: healthOf(s, ref),
      atk: r.alive ? atkOf(s, ref) : 0,
      exhausted: r.hero.exhausted,
      atkBonus: r.hero.atkBonus,
    },
    handSize: r.handSize,
    handCount: r.hand.length,
    hand: sees ? r.hand.map((id) => cardView(s, id)) : null,
    deckCount: r.deck.length,
    graveyard: r.graveyard.map((id) => cardView(s, id)),
    resources: {
      count: r.resources.length,
      ready: readyResources(r),
      cards: sees ? r.resources.map((g) => ({ ...cardView(s, g.id), exhausted: g.exhausted })) : null,
    },
    allies: r.allies.map((a) => allyView(s, a)),
    weapon: gearView(s, r.weapon),
    armor: gearView(s, r.armor),
    talent: r.talent ? cardView(s, r.talent) : null,
  };
}

/**
 * The raid as `viewer` may see it: its own hand and resources (every one for the audit), other hands and all decks
 * as counts, the Dungeon's face-down cards hidden until flipped; the MARKED hero, levels, damage and the Dungeon's
 * next actions public.
 */
export function view(s: RaidState, viewer: Viewer): RaidView {
  const me = seatOf(viewer);
  const all = viewer.kind === 'audit';
  const d = s.dungeon;
  const dd = dungeonDef(d.id);
  const st = status(s);
  const dturn = s.dturn;
  return {
    you: me,
    phase: s.phase,
    step: st.phase,
    awaiting: [...st.awaiting],
    options: { ...s.options, classes: [...s.options.classes] },
    first: s.first,
    turn: s.turn,
    dungeonTurns: s.dungeonTurns,
    marked: s.marked,
    roll: s.roll,
    dungeon: {
      id: d.id,
      name: dd.name,
      hero: {
        ref: DUNGEON_HERO,
        card: dd.hero.id,
        name: dd.hero.name,
        damage: d.hero.damage,
        health: healthOf(s, DUNGEON_HERO),
        atk: atkOf(s, DUNGEON_HERO),
        exhausted: d.hero.exhausted,
        atkBonus: d.hero.atkBonus,
        level: d.level,
        flip: levelDef(s).flip,
        enrage: d.enrage,
        powers: auraText(levelDef(s).aura, 'the Dungeon'),
        levelUp: levelUpText(levelDef(s)),
      },
      levels: dd.hero.levels.map((l, i) => ({
        level: i + 1,
        flip: l.flip,
        atk: l.atk,
        health: l.health,
        levelUp: levelUpText(l),
        powers: auraText(l.aura, 'the Dungeon'),
      })),
      deckCount: d.deck.length,
      knownTop: d.knownTop.map((id) => cardView(s, id)),
      graveyard: d.graveyard.map((id) => cardView(s, id)),
      allies: d.allies.map((a) => allyView(s, a)),
      weapon: gearView(s, d.weapon),
      armor: gearView(s, d.armor),
      damageDealt: d.damageDealt,
      destroyed: s.destroyed.map((id) => cardView(s, id)),
    },
    dungeonTurn: dturn && {
      flipsDue: dturn.flipsDue,
      flipsDone: dturn.flipsDone,
      revealed: dturn.revealed ? cardView(s, dturn.revealed) : null,
      attacked: [...dturn.attacked],
    },
    next: { step: nextStepAfterRaiders(s), attackOrder: upcomingAttackers(s) },
    raiders: s.raiders.map((r) => raiderView(s, r, all || r.seat === me)),
    attack: s.attack,
    window: s.window,
    prompt: s.prompt,
    resolving: s.resolving.map((id) => cardView(s, id)),
    achievements: achievements(s).map(({ achievement, earned }) => ({
      id: achievement.id,
      name: achievement.name,
      text: achievementText(achievement.condition),
      xp: achievement.xp,
      earned,
    })),
    result: s.result,
    winners: st.winners ? [...st.winners] : null,
  };
}

/** The Dungeon's step once the open window closes: what the automaton does next by its fixed rules. */
function nextStepAfterRaiders(s: RaidState): string | null {
  if (s.result || s.phase !== 'play' || s.turn?.seat !== null) return null;
  return nextDungeonStep({ ...s, window: null })?.type ?? null;
}

const HIDDEN_CARD: CardRef = { id: HIDDEN, card: HIDDEN };
const hide = (cards: readonly CardRef[]): CardRef[] => cards.map(() => HIDDEN_CARD);

/** What `viewer` may see of `event` (`state` is the state before it). Nothing is dropped: hidden cards become "?". */
export function redact(event: RaidEvent, viewer: Viewer, _state: RaidState): RaidEvent | null {
  if (viewer.kind === 'audit') return event;
  const me = seatOf(viewer);
  switch (event.type) {
    case 'DeckBuilt':
      return { ...event, cards: hide(event.cards) };
    case 'DeckShuffled':
      return { ...event, order: event.order.map(() => HIDDEN) };
    case 'CardsDrawn':
      return event.seat === me ? event : { ...event, cards: hide(event.cards) };
    case 'ResourcePlaced':
      return event.seat === me ? event : { ...event, card: HIDDEN_CARD };
    default:
      return event;
  }
}
