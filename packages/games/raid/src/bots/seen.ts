// What a seat can rebuild of the state from its own view: hidden cards stay "?", so nothing secret can leak into bots.
import { cardDef } from '../content/index';
import { HIDDEN } from '../rules/board';
import type { AllyState, GearState, RaiderState, RaidState } from '../state';
import type { RaidView } from '../viewSchema';

const hidden = (n: number): string[] => Array.from({ length: Math.max(0, n) }, () => HIDDEN);
const ally = (a: RaidView['dungeon']['allies'][number]): AllyState => ({
  id: a.id,
  damage: a.damage,
  exhausted: a.exhausted,
  atkBonus: a.atkBonus,
  enteredTurn: a.enteredTurn,
});
const gear = (g: { id: string; exhausted: boolean } | null): GearState | null => (g ? { id: g.id, exhausted: g.exhausted } : null);

/**
 * A state-shaped copy of `view` for code written against the state (legalCommands, the bots). Hidden cards are "?"
 * and decks are as long as the real ones. Deciding on it is not meaningful; listing the seat's options is.
 */
export function stateFromView(v: RaidView): RaidState {
  const cards: Record<string, string> = {};
  const note = (c: { id: string; card: string } | null | undefined) => {
    if (c && c.id !== HIDDEN) cards[c.id] = c.card;
  };
  const d = v.dungeon;
  [...d.knownTop, ...d.graveyard, ...d.allies, ...d.destroyed, d.weapon, d.armor, v.dungeonTurn?.revealed, ...v.resolving].forEach(note);
  for (const r of v.raiders)
    [...(r.hand ?? []), ...r.graveyard, ...(r.resources.cards ?? []), ...r.allies, r.weapon, r.armor, r.talent].forEach(note);
  const base: Omit<RaidState, 'raiders'> = {
    options: { ...v.options, classes: [...v.options.classes] },
    seats: v.raiders.length,
    phase: v.phase,
    cards,
    first: v.first,
    dungeon: {
      id: d.id,
      level: d.hero.level,
      enrage: d.hero.enrage,
      knownTop: d.knownTop.map((c) => c.id),
      damageDealt: d.damageDealt,
      hero: { damage: d.hero.damage, exhausted: d.hero.exhausted, atkBonus: d.hero.atkBonus },
      allies: d.allies.map(ally),
      weapon: gear(d.weapon),
      armor: gear(d.armor),
      deck: [...d.knownTop.map((c) => c.id), ...hidden(d.deckCount - d.knownTop.length)],
      graveyard: d.graveyard.map((c) => c.id),
    },
    turn: v.turn,
    dungeonTurns: v.dungeonTurns,
    marked: v.marked,
    roll: v.roll,
    dturn: v.dungeonTurn && {
      flipsDue: v.dungeonTurn.flipsDue,
      flipsDone: v.dungeonTurn.flipsDone,
      revealed: v.dungeonTurn.revealed?.id ?? null,
      attacked: [...v.dungeonTurn.attacked],
    },
    attack: v.attack,
    resolving: v.resolving.map((c) => c.id),
    window: v.window,
    prompt: v.prompt,
    destroyed: d.destroyed.map((c) => c.id),
    result: v.result,
  };
  const raiders = v.raiders.map((r): RaiderState => {
    const talent = r.talent?.id ?? null;
    const own = r.resources.cards;
    const resources: GearState[] = own
      ? own.map((g) => ({ id: g.id, exhausted: g.exhausted }))
      : [
          ...hidden(r.resources.ready).map((id) => ({ id, exhausted: false })),
          ...hidden(r.resources.count - r.resources.ready).map((id) => ({ id, exhausted: true })),
        ];
    const talentDef = r.talent ? cardDef(r.talent.card) : null;
    const talentHealth = talentDef?.type === 'talent' ? (talentDef.aura.heroHealth ?? 0) : 0;
    return {
      seat: r.seat,
      classId: r.classId,
      heroCard: r.hero.card,
      heroHealth: r.hero.health - talentHealth,
      handSize: r.handSize,
      alive: r.alive,
      hand: r.hand ? r.hand.map((c) => c.id) : hidden(r.handCount),
      resources,
      talent,
      mulligan: r.mulligan,
      hero: { damage: r.hero.damage, exhausted: r.hero.exhausted, atkBonus: r.hero.atkBonus },
      allies: r.allies.map(ally),
      weapon: gear(r.weapon),
      armor: gear(r.armor),
      deck: hidden(r.deckCount),
      graveyard: r.graveyard.map((c) => c.id),
    };
  });
  return { ...base, raiders };
}
