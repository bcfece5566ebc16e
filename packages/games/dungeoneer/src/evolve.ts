// evolve: applies one event to the state by copying the path to what changed. Total: never throws, never draws.
import type { Seat } from '@delve/kernel';
import type { DungeoneerEvent } from './events';
import type { DungeoneerState, HeroState, Prompt } from './state';

type S = DungeoneerState;
type P = S['players'][number];
type H = NonNullable<P['hero']>;
type T = NonNullable<S['turn']>;

// Every state, player, hero and turn object is built by one literal each, so they all share one hidden class: spread
// copies of objects from many code paths made V8's property copies megamorphic and folding several times slower.
const withState = (s: S, c: Partial<S>): S => ({
  options: c.options !== undefined ? c.options : s.options,
  seats: c.seats !== undefined ? c.seats : s.seats,
  started: c.started !== undefined ? c.started : s.started,
  players: c.players !== undefined ? c.players : s.players,
  first: c.first !== undefined ? c.first : s.first,
  turn: c.turn !== undefined ? c.turn : s.turn,
  prompt: c.prompt !== undefined ? c.prompt : s.prompt,
  combat: c.combat !== undefined ? c.combat : s.combat,
  deck: c.deck !== undefined ? c.deck : s.deck,
  discard: c.discard !== undefined ? c.discard : s.discard,
  mapDeck: c.mapDeck !== undefined ? c.mapDeck : s.mapDeck,
  map: c.map !== undefined ? c.map : s.map,
  doors: c.doors !== undefined ? c.doors : s.doors,
  questDeck: c.questDeck !== undefined ? c.questDeck : s.questDeck,
  questDiscard: c.questDiscard !== undefined ? c.questDiscard : s.questDiscard,
  globalQuest: c.globalQuest !== undefined ? c.globalQuest : s.globalQuest,
  components: c.components !== undefined ? c.components : s.components,
  questWounds: c.questWounds !== undefined ? c.questWounds : s.questWounds,
  heroPool: c.heroPool !== undefined ? c.heroPool : s.heroPool,
  winners: c.winners !== undefined ? c.winners : s.winners,
});
const withPlayer = (p: P, c: Partial<P>): P => ({
  seat: p.seat,
  hero: c.hero !== undefined ? c.hero : p.hero,
  defeated: c.defeated !== undefined ? c.defeated : p.defeated,
  hand: c.hand !== undefined ? c.hand : p.hand,
  pack: c.pack !== undefined ? c.pack : p.pack,
  glory: c.glory !== undefined ? c.glory : p.glory,
  peril: c.peril !== undefined ? c.peril : p.peril,
  quests: c.quests !== undefined ? c.quests : p.quests,
  completed: c.completed !== undefined ? c.completed : p.completed,
  carrying: c.carrying !== undefined ? c.carrying : p.carrying,
});
const withHero = (h: H, c: Partial<H>): H => ({
  id: h.id,
  level: c.level !== undefined ? c.level : h.level,
  life: c.life !== undefined ? c.life : h.life,
  x: c.x !== undefined ? c.x : h.x,
  y: c.y !== undefined ? c.y : h.y,
  cusp: c.cusp !== undefined ? c.cusp : h.cusp,
  tipped: c.tipped !== undefined ? c.tipped : h.tipped,
  movements: c.movements !== undefined ? c.movements : h.movements,
  boons: c.boons !== undefined ? c.boons : h.boons,
  treasures: c.treasures !== undefined ? c.treasures : h.treasures,
  curses: c.curses !== undefined ? c.curses : h.curses,
  boosts: c.boosts !== undefined ? c.boosts : h.boosts,
  used: c.used !== undefined ? c.used : h.used,
});
const withTurn = (t: T, c: Partial<T>): T => ({
  seat: t.seat,
  round: t.round,
  phase: c.phase !== undefined ? c.phase : t.phase,
  entered: c.entered !== undefined ? c.entered : t.entered,
  moved: c.moved !== undefined ? c.moved : t.moved,
  attempts: c.attempts !== undefined ? c.attempts : t.attempts,
  found: c.found !== undefined ? c.found : t.found,
  attacked: c.attacked !== undefined ? c.attacked : t.attacked,
  questDone: c.questDone !== undefined ? c.questDone : t.questDone,
  encountersDone: c.encountersDone !== undefined ? c.encountersDone : t.encountersDone,
});

/** `list` without the first occurrence of `item` (the same array when it is absent). */
export function without<T>(list: readonly T[], item: T): readonly T[] {
  const i = list.indexOf(item);
  return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)];
}
const withoutAll = <T>(list: readonly T[], items: readonly T[]): readonly T[] => items.reduce((l, x) => without(l, x), list);

const player = (s: S, seat: Seat, f: (p: P) => P): S => withState(s, { players: s.players.map((p) => (p.seat === seat ? f(p) : p)) });
const hero = (s: S, seat: Seat, f: (h: H) => H): S => player(s, seat, (p) => (p.hero ? withPlayer(p, { hero: f(p.hero) }) : p));
const turn = (s: S, f: (t: T) => T): S => (s.turn ? withState(s, { turn: f(s.turn) }) : s);
const prompt = (s: S, f: (p: Prompt) => Prompt): S => (s.prompt ? withState(s, { prompt: f(s.prompt as Prompt) as S['prompt'] }) : s);
type C = NonNullable<S['combat']>;
type E = C['encounters'][number];
const combat = (s: S, f: (c: C) => C): S => (s.combat ? withState(s, { combat: f(s.combat) }) : s);
const encounter = (s: S, index: number, f: (e: E) => E): S =>
  combat(s, (c) => ({ stage: c.stage, peril: c.peril, encounters: c.encounters.map((e, i) => (i === index ? f(e) : e)) }));
const promptCards = (s: S, card: string): S => prompt(s, (p) => ('cards' in p ? { ...p, cards: without(p.cards, card) as string[] } : p));
const toDiscard = (s: S, cards: readonly string[]): S => withState(s, { discard: [...s.discard, ...cards] });
const glory = (s: S, seat: Seat, g: number, r = 0): S => player(s, seat, (p) => withPlayer(p, { glory: p.glory + g, peril: p.peril + r }));

/** A fresh hero card on the Dungeon Entrance. */
function newHero(id: string, level: number, life: number): HeroState {
  return {
    id,
    level,
    life,
    x: 0,
    y: 0,
    cusp: null,
    tipped: false,
    movements: 0,
    boons: [],
    treasures: [],
    curses: [],
    boosts: [],
    used: [],
  };
}

/** Apply `event` to `state`. Impossible facts (an unknown seat) leave the state as it was. */
export function evolve(s: S, e: DungeoneerEvent): S {
  switch (e.type) {
    case 'HeroesAssigned':
      return e.heroes.reduce<S>(
        (acc, h) => player(acc, h.seat, (p) => withPlayer(p, { hero: newHero(h.hero, h.level, h.life), glory: e.glory, peril: e.peril })),
        withState(s, { started: true, heroPool: e.pool }),
      );
    case 'QuestDeckShuffled':
      return withState(s, { questDeck: e.order });
    case 'QuestsDealt':
      return e.quests.reduce<S>(
        (acc, q) =>
          player(withState(acc, { questDeck: withoutAll(acc.questDeck, q.cards) }), q.seat, (p) => withPlayer(p, { quests: q.cards })),
        s,
      );
    case 'GlobalQuestRevealed':
      return withState(s, { globalQuest: e.quest, questDeck: without(s.questDeck, e.quest) });
    case 'MapStarted':
      return withState(s, { map: e.placed });
    case 'MapDeckShuffled':
      return withState(s, { mapDeck: e.order });
    case 'AdventureDeckShuffled':
      return withState(s, e.reason === 'reshuffle' ? { deck: e.order, discard: [] } : { deck: e.order });
    case 'CardsDrawn':
      return player(withState(s, { deck: withoutAll(s.deck, e.cards) }), e.seat, (p) => withPlayer(p, { hand: [...p.hand, ...e.cards] }));
    case 'InitiativeRolled':
    case 'AttackRolled':
    case 'ThreatRolled':
      return s;
    case 'InitiativeWon':
      return withState(s, { first: e.seat });
    case 'TurnStarted':
      return withState(s, {
        doors: [],
        prompt: null,
        combat: null,
        turn: {
          seat: e.seat,
          round: e.round,
          phase: 'reset',
          entered: [],
          moved: false,
          attempts: [],
          found: [],
          attacked: [],
          questDone: false,
          encountersDone: false,
        },
        // Once-per-turn uses and turn-long boosts end for everyone when any turn begins.
        players: s.players.map((p) =>
          p.hero && (p.hero.used.length > 0 || p.hero.boosts.length > 0)
            ? withPlayer(p, { hero: withHero(p.hero, { used: [], boosts: [] }) })
            : p,
        ),
      });
    case 'PhaseBegan':
      return turn(s, (t) => withTurn(t, { phase: e.phase }));
    case 'PromptOpened':
      return withState(s, { prompt: e.prompt });
    case 'PromptClosed':
      return withState(s, { prompt: null });
    case 'UpkeepPaid':
      return promptCards(glory(s, e.seat, -e.glory), e.card);
    case 'CardReturned':
      return promptCards(
        player(s, e.seat, (p) =>
          withPlayer(p, {
            hand: [...p.hand, e.card],
            hero: p.hero && withHero(p.hero, { boons: without(p.hero.boons, e.card), treasures: without(p.hero.treasures, e.card) }),
          }),
        ),
        e.card,
      );
    case 'MovementsSet':
      return hero(s, e.seat, (h) => withHero(h, { movements: e.movements }));
    case 'EncounterPlayed': {
      const from = player(s, e.seat, (p) =>
        e.from === 'hand'
          ? withPlayer(p, { hand: without(p.hand, e.card) })
          : withPlayer(p, { pack: p.pack.filter((m) => m.card !== e.card) }),
      );
      const paid = glory(from, e.target, 0, -e.cost);
      const played: E = {
        card: e.card,
        from: e.from,
        target: e.target,
        form: e.form,
        x: e.x,
        y: e.y,
        wounds: e.wounds,
        outcome: 'pending',
        gone: false,
      };
      const c = paid.combat ?? { stage: 'declare' as const, encounters: [], peril: 0 };
      return withState(paid, { combat: { stage: c.stage, peril: c.peril, encounters: [...c.encounters, played] } });
    }
    case 'BanePlayed':
      return glory(
        player(s, e.seat, (p) => withPlayer(p, { hand: without(p.hand, e.card) })),
        e.payer,
        0,
        -e.cost,
      );
    case 'BaneResolved':
      return e.attached === null ? toDiscard(s, [e.card]) : hero(s, e.attached, (h) => withHero(h, { curses: [...h.curses, e.card] }));
    case 'CombatStaged':
      return combat(s, (c) => ({ stage: e.stage, peril: c.peril, encounters: c.encounters }));
    case 'ResponsePassed':
      return prompt(s, (p) => (p.kind === 'respond' ? { ...p, seats: p.seats.filter((x) => x !== e.seat) } : p));
    case 'EncounterResolved':
      return encounter(s, e.index, (x) => ({ ...x, outcome: e.outcome }));
    case 'EncounterDiscarded': {
      const card = s.combat?.encounters[e.index]?.card;
      return card === undefined
        ? s
        : toDiscard(
            encounter(s, e.index, (x) => ({ ...x, gone: true })),
            [card],
          );
    }
    case 'MonsterStowed':
      return promptCards(
        player(
          encounter(s, e.index, (x) => ({ ...x, gone: true })),
          e.seat,
          (p) =>
            e.to === 'hand'
              ? withPlayer(p, { hand: [...p.hand, e.card] })
              : withPlayer(p, { pack: [...p.pack, { card: e.card, wounds: e.wounds }] }),
        ),
        e.card,
      );
    case 'CombatEnded':
      return turn(withState(s, { combat: null }), (t) => withTurn(t, { encountersDone: true }));
    case 'HeroWounded':
    case 'HeroHealed':
      return hero(s, e.seat, (h) => withHero(h, { life: e.life }));
    case 'MonsterWounded':
      return encounter(s, e.index, (x) => ({ ...x, wounds: e.wounds }));
    case 'QuestMonsterWounded':
      return withState(s, { questWounds: [...s.questWounds.filter((q) => q.quest !== e.quest), { quest: e.quest, wounds: e.wounds }] });
    case 'TrackerChanged':
      return glory(s, e.seat, e.glory, e.peril);
    case 'BoostGained':
      return hero(s, e.seat, (h) => withHero(h, { boosts: [...h.boosts, { stat: e.stat, amount: e.amount }] }));
    case 'HeroTipped':
      return hero(s, e.seat, (h) => withHero(h, { tipped: e.tipped }));
    case 'HeroRecalled':
      return hero(s, e.seat, (h) => withHero(h, { x: 0, y: 0, cusp: null, tipped: false }));
    case 'CardsDiscarded': {
      const zoned = player(s, e.seat, (p) => {
        switch (e.from) {
          case 'hand':
            return withPlayer(p, { hand: withoutAll(p.hand, e.cards) });
          case 'pack':
            return withPlayer(p, { pack: p.pack.filter((m) => !e.cards.includes(m.card)) });
          default: {
            const zone = e.from;
            return p.hero ? withPlayer(p, { hero: withHero(p.hero, { [zone]: withoutAll(p.hero[zone], e.cards) }) }) : p;
          }
        }
      });
      return toDiscard(zoned, e.cards);
    }
    case 'PerilEarned':
      return combat(s, (c) => ({ stage: c.stage, peril: c.peril + e.amount, encounters: c.encounters }));
    case 'PerilAssigned':
      return prompt(
        glory(
          combat(s, (c) => ({ stage: c.stage, peril: c.peril - 1, encounters: c.encounters })),
          e.to,
          0,
          1,
        ),
        (p) => (p.kind === 'assign-peril' ? { ...p, points: p.points - 1 } : p),
      );
    case 'MapCardDrawn':
      return withState(s, { mapDeck: without(s.mapDeck, e.card) });
    case 'MapPlaced':
      return withState(s, { map: [...s.map, { card: e.card, x: e.x, y: e.y, rotation: e.rotation }] });
    case 'MapCardSetAside':
      return withState(s, { mapDeck: [...s.mapDeck, e.card] });
    case 'BoonPlayed': {
      const paid = player(s, e.seat, (p) => withPlayer(p, { hand: without(p.hand, e.card), glory: p.glory - e.cost }));
      return e.permanent ? hero(paid, e.seat, (h) => withHero(h, { boons: [...h.boons, e.card] })) : toDiscard(paid, [e.card]);
    }
    case 'TreasureReadied': {
      const paid = player(s, e.seat, (p) => withPlayer(p, { hand: without(p.hand, e.card), glory: p.glory - e.cost }));
      return e.use ? toDiscard(paid, [e.card]) : hero(paid, e.seat, (h) => withHero(h, { treasures: [...h.treasures, e.card] }));
    }
    case 'CardActivated': {
      const paid = player(s, e.seat, (p) =>
        withPlayer(p, {
          glory: p.glory - e.glory,
          hero:
            p.hero &&
            withHero(p.hero, {
              movements: p.hero.movements - e.movement,
              used: [...p.hero.used, e.card],
              ...(e.consumed ? { boons: without(p.hero.boons, e.card), treasures: without(p.hero.treasures, e.card) } : {}),
            }),
        }),
      );
      return e.consumed ? toDiscard(paid, [e.card]) : paid;
    }
    case 'AbilityUsed':
      return player(s, e.seat, (p) =>
        withPlayer(p, {
          glory: p.glory - e.glory,
          hero: p.hero && withHero(p.hero, { movements: p.hero.movements - e.movement, used: [...p.hero.used, 'ability'] }),
        }),
      );
    case 'DoorOpened':
      return withState(s, { doors: [...s.doors, { x: e.x, y: e.y, side: e.side }] });
    case 'HeroOnCusp':
      return hero(s, e.seat, (h) => withHero(h, { cusp: e.side }));
    case 'HeroMoved': {
      const moved = hero(s, e.seat, (h) => withHero(h, { x: e.x, y: e.y, cusp: null }));
      return moved.turn?.seat === e.seat ? turn(moved, (t) => withTurn(t, { moved: true })) : moved;
    }
    case 'SpaceCollected':
      return turn(glory(s, e.seat, e.glory, e.peril), (t) => withTurn(t, { entered: [...t.entered, { x: e.x, y: e.y }] }));
    case 'Challenged':
      return hero(s, e.seat, (h) => withHero(h, { movements: h.movements - e.cost, used: [...h.used, 'challenge'] }));
    case 'QuestAttempted':
      return turn(
        player(s, e.seat, (p) =>
          withPlayer(p, { glory: p.glory - e.paid, hero: p.hero && withHero(p.hero, { movements: p.hero.movements - e.cost }) }),
        ),
        (t) => (t.attempts.includes(e.quest) ? t : withTurn(t, { attempts: [...t.attempts, e.quest] })),
      );
    case 'QuestFound':
      return turn(s, (t) => withTurn(t, { found: [...t.found, e.quest] }));
    case 'QuestMonsterAttacked':
      return turn(s, (t) => withTurn(t, { attacked: [...t.attacked, e.quest] }));
    case 'ComponentPickedUp': {
      const lifted = e.from === 'ground' ? withState(s, { components: s.components.filter((c) => c.quest !== e.quest) }) : s;
      const released =
        e.owner === null
          ? withState(lifted, { globalQuest: lifted.globalQuest === e.quest ? null : lifted.globalQuest })
          : e.owner === e.seat
            ? lifted
            : player(lifted, e.owner, (p) => withPlayer(p, { quests: without(p.quests, e.quest), carrying: without(p.carrying, e.quest) }));
      return player(released, e.seat, (p) =>
        withPlayer(p, { quests: p.quests.includes(e.quest) ? p.quests : [...p.quests, e.quest], carrying: [...p.carrying, e.quest] }),
      );
    }
    case 'ComponentDropped':
      return player(withState(s, { components: [...s.components, { quest: e.quest, x: e.x, y: e.y }] }), e.seat, (p) =>
        withPlayer(p, { carrying: without(p.carrying, e.quest) }),
      );
    case 'QuestCompleted': {
      const done = player(s, e.seat, (p) =>
        withPlayer(p, { quests: without(p.quests, e.quest), carrying: without(p.carrying, e.quest), completed: [...p.completed, e.quest] }),
      );
      const cleared = withState(done, {
        globalQuest: done.globalQuest === e.quest ? null : done.globalQuest,
        questWounds: done.questWounds.filter((q) => q.quest !== e.quest),
        components: done.components.filter((c) => c.quest !== e.quest),
      });
      return turn(cleared, (t) => withTurn(t, { questDone: true }));
    }
    case 'LevelGained':
      return hero(s, e.seat, (h) => withHero(h, { level: e.level }));
    case 'CardTaken': {
      const from =
        e.from === 'deck' ? withState(s, { deck: without(s.deck, e.card) }) : withState(s, { discard: without(s.discard, e.card) });
      return player(from, e.seat, (p) => withPlayer(p, { hand: [...p.hand, e.card] }));
    }
    case 'HeroDefeated': {
      const out = player(s, e.seat, (p) =>
        withPlayer(p, {
          defeated: true,
          hand: [],
          pack: [],
          quests: [],
          completed: [],
          carrying: [],
          hero: p.hero && withHero(p.hero, { life: 0, movements: 0, boons: [], treasures: [], curses: [], boosts: [] }),
        }),
      );
      const table = out.combat && {
        stage: out.combat.stage,
        peril: out.combat.peril,
        encounters: out.combat.encounters.map((x) => (!x.gone && e.cards.includes(x.card) ? { ...x, gone: true } : x)),
      };
      return withState(out, {
        combat: table,
        discard: [...out.discard, ...e.cards],
        questDiscard: [...out.questDiscard, ...e.quests],
        components: out.components.filter((c) => !e.quests.includes(c.quest)),
        questWounds: out.questWounds.filter((q) => !e.quests.includes(q.quest)),
      });
    }
    case 'TurnEnded':
      return hero(s, e.seat, (h) => withHero(h, { movements: e.kept }));
    case 'GameWon':
      return withState(s, { winners: e.winners, prompt: null });
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}
