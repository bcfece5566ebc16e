// evolve: applies one event to the state by copying the path to what changed. Total: never throws, never draws.
import type { Seat } from '@delve/kernel';
import { adventureCard } from './content/index';
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
  questsBuried: c.questsBuried !== undefined ? c.questsBuried : s.questsBuried,
  globalQuests: c.globalQuests !== undefined ? c.globalQuests : s.globalQuests,
  components: c.components !== undefined ? c.components : s.components,
  loot: c.loot !== undefined ? c.loot : s.loot,
  perilDeck: c.perilDeck !== undefined ? c.perilDeck : s.perilDeck,
  perilDiscard: c.perilDiscard !== undefined ? c.perilDiscard : s.perilDiscard,
  questWounds: c.questWounds !== undefined ? c.questWounds : s.questWounds,
  heroPool: c.heroPool !== undefined ? c.heroPool : s.heroPool,
  winners: c.winners !== undefined ? c.winners : s.winners,
});
const withPlayer = (p: P, c: Partial<P>): P => ({
  seat: p.seat,
  hero: c.hero !== undefined ? c.hero : p.hero,
  defeated: c.defeated !== undefined ? c.defeated : p.defeated,
  left: c.left !== undefined ? c.left : p.left,
  force: c.force !== undefined ? c.force : p.force,
  hand: c.hand !== undefined ? c.hand : p.hand,
  pack: c.pack !== undefined ? c.pack : p.pack,
  packAt: c.packAt !== undefined ? c.packAt : p.packAt,
  packMoves: c.packMoves !== undefined ? c.packMoves : p.packMoves,
  glory: c.glory !== undefined ? c.glory : p.glory,
  peril: c.peril !== undefined ? c.peril : p.peril,
  quests: c.quests !== undefined ? c.quests : p.quests,
  secretQuests: c.secretQuests !== undefined ? c.secretQuests : p.secretQuests,
  completed: c.completed !== undefined ? c.completed : p.completed,
  carrying: c.carrying !== undefined ? c.carrying : p.carrying,
  mapHand: c.mapHand !== undefined ? c.mapHand : p.mapHand,
  defeats: c.defeats !== undefined ? c.defeats : p.defeats,
  achieved: c.achieved !== undefined ? c.achieved : p.achieved,
  origin: c.origin !== undefined ? c.origin : p.origin,
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
  seat: c.seat !== undefined ? c.seat : t.seat,
  round: t.round,
  phase: c.phase !== undefined ? c.phase : t.phase,
  entered: c.entered !== undefined ? c.entered : t.entered,
  moved: c.moved !== undefined ? c.moved : t.moved,
  attempts: c.attempts !== undefined ? c.attempts : t.attempts,
  found: c.found !== undefined ? c.found : t.found,
  attacked: c.attacked !== undefined ? c.attacked : t.attacked,
  questDone: c.questDone !== undefined ? c.questDone : t.questDone,
  encountersDone: c.encountersDone !== undefined ? c.encountersDone : t.encountersDone,
  trapBeaten: c.trapBeaten !== undefined ? c.trapBeaten : t.trapBeaten,
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
const withCombat = (k: C, c: Partial<C>): C => ({
  seat: k.seat,
  stage: c.stage !== undefined ? c.stage : k.stage,
  encounters: c.encounters !== undefined ? c.encounters : k.encounters,
  peril: c.peril !== undefined ? c.peril : k.peril,
  victors: c.victors !== undefined ? c.victors : k.victors,
});
const combat = (s: S, f: (c: C) => C): S => (s.combat ? withState(s, { combat: f(s.combat) }) : s);
const encounter = (s: S, index: number, f: (e: E) => E): S =>
  combat(s, (c) => withCombat(c, { encounters: c.encounters.map((e, i) => (i === index ? f(e) : e)) }));
const promptCards = (s: S, card: string): S => prompt(s, (p) => ('cards' in p ? { ...p, cards: without(p.cards, card) as string[] } : p));
/** Campaign: Banes and Encounters belong to the Peril deck's pile, the rest to the Glory deck's. */
const perilous = (card: string): boolean => {
  const kind = adventureCard(card)?.kind;
  return kind === 'bane' || kind === 'monster' || kind === 'threat';
};
/**
 * A player's cards and quests leave play (a defeat, a concession): the cards go to the discard pile (encounters of the
 * combat among them are gone from it), the quests out of play face up, secret quests face down, with their components
 * and the wounds on their monsters.
 */
function outOfPlay(s: S, cards: readonly string[], quests: readonly string[], hidden: readonly string[]): S {
  const table =
    s.combat &&
    withCombat(s.combat, {
      encounters: s.combat.encounters.map((x) => (!x.gone && cards.includes(x.card) ? { ...x, gone: true } : x)),
    });
  const gone = [...quests, ...hidden];
  return withState(toDiscard(s, cards), {
    combat: table,
    questDiscard: quests.length > 0 ? [...s.questDiscard, ...quests] : s.questDiscard,
    questsBuried: hidden.length > 0 ? [...s.questsBuried, ...hidden] : s.questsBuried,
    components: gone.length > 0 ? s.components.filter((c) => !gone.includes(c.quest)) : s.components,
    questWounds: gone.length > 0 ? s.questWounds.filter((q) => !gone.includes(q.quest)) : s.questWounds,
  });
}

function toDiscard(s: S, cards: readonly string[]): S {
  if (s.options.campaign === null || cards.length === 0) return withState(s, { discard: [...s.discard, ...cards] });
  const peril = cards.filter(perilous);
  const glory = cards.filter((c) => !perilous(c));
  return withState(s, {
    ...(glory.length > 0 && { discard: [...s.discard, ...glory] }),
    ...(peril.length > 0 && { perilDiscard: [...s.perilDiscard, ...peril] }),
  });
}
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
        (acc, h) =>
          player(acc, h.seat, (p) =>
            withPlayer(p, {
              hero: newHero(h.hero, h.level, h.life),
              glory: e.glory,
              peril: e.peril,
              origin: { hero: h.hero, level: h.level, fallen: false },
            }),
          ),
        withState(s, { started: true, heroPool: e.pool }),
      );
    case 'QuestDeckShuffled':
      return withState(s, { questDeck: e.order });
    case 'QuestsDealt':
      // Secret Quest: dealt face down, into the hand; otherwise face up, in play.
      return e.quests.reduce<S>(
        (acc, q) =>
          player(withState(acc, { questDeck: withoutAll(acc.questDeck, q.cards) }), q.seat, (p) =>
            withPlayer(p, acc.options.secretQuest ? { secretQuests: q.cards } : { quests: q.cards }),
          ),
        s,
      );
    case 'GlobalQuestRevealed':
      return withState(s, { globalQuests: [...s.globalQuests, e.quest], questDeck: without(s.questDeck, e.quest) });
    case 'SecretQuestChosen':
    case 'QuestRevealed': {
      const shown = e.type === 'QuestRevealed' ? e.quest : e.revealed;
      const chosen = prompt(s, (p) => (p.kind === 'secret-quest' ? { ...p, seats: p.seats.filter((x) => x !== e.seat) } : p));
      const state = e.type === 'SecretQuestChosen' ? chosen : s;
      return player(state, e.seat, (p) => withPlayer(p, { secretQuests: without(p.secretQuests, shown), quests: [...p.quests, shown] }));
    }
    case 'MapStarted':
      return withState(s, { map: e.placed });
    case 'MapDeckShuffled':
      return withState(s, { mapDeck: e.order });
    case 'MapCardsDealt':
      return e.hands.reduce<S>(
        (acc, h) =>
          player(withState(acc, { mapDeck: withoutAll(acc.mapDeck, h.cards) }), h.seat, (p) => withPlayer(p, { mapHand: h.cards })),
        s,
      );
    case 'MapCardsPassed': {
      // Every pass is made at once: all cards leave their hands before any arrives.
      const given = e.passes.reduce<S>(
        (acc, x) => player(acc, x.from, (p) => withPlayer(p, { mapHand: withoutAll(p.mapHand, x.cards) })),
        s,
      );
      return e.passes.reduce<S>((acc, x) => player(acc, x.to, (p) => withPlayer(p, { mapHand: [...p.mapHand, ...x.cards] })), given);
    }
    case 'MapCardsReturned':
      return player(withState(s, { mapDeck: [...s.mapDeck, ...e.cards] }), e.seat, (p) =>
        withPlayer(p, { mapHand: withoutAll(p.mapHand, e.cards) }),
      );
    case 'AdventureDeckShuffled':
      if (e.deck === 'peril')
        return withState(s, e.reason === 'reshuffle' ? { perilDeck: e.order, perilDiscard: [] } : { perilDeck: e.order });
      return withState(s, e.reason === 'reshuffle' ? { deck: e.order, discard: [] } : { deck: e.order });
    case 'CardsDrawn': {
      const drawn = e.deck === 'peril' ? { perilDeck: withoutAll(s.perilDeck, e.cards) } : { deck: withoutAll(s.deck, e.cards) };
      return player(withState(s, drawn), e.seat, (p) => withPlayer(p, { hand: [...p.hand, ...e.cards] }));
    }
    case 'TreasuresCarried':
      return hero(withState(s, { deck: withoutAll(s.deck, e.cards) }), e.seat, (h) =>
        withHero(h, { treasures: [...h.treasures, ...e.cards] }),
      );
    case 'InitiativeRolled':
    case 'AttackRolled':
      return s;
    case 'ThreatRolled': {
      // Looting: a hero who beats a Trap may play Treasures for the rest of the turn.
      const d = e.success && s.turn && !s.turn.trapBeaten.includes(e.seat) ? adventureCard(e.source) : undefined;
      return d?.kind === 'threat' && d.threat === 'trap' ? turn(s, (t) => withTurn(t, { trapBeaten: [...t.trapBeaten, e.seat] })) : s;
    }
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
          trapBeaten: [],
        },
        // Once-per-turn uses and turn-long boosts end for everyone when any turn begins, and so do Pack Movements.
        players: s.players.map((p) => {
          const fresh = p.hero && (p.hero.used.length > 0 || p.hero.boosts.length > 0);
          if (!fresh && p.packMoves === 0) return p;
          return withPlayer(p, { packMoves: 0, ...(fresh && p.hero && { hero: withHero(p.hero, { used: [], boosts: [] }) }) });
        }),
      });
    case 'PhaseBegan':
      // A campaign turn hands the active role from the Dungeonlord to each hero in turn; a new active player's turn
      // record starts afresh (what it entered, attempted and found).
      return turn(s, (t) =>
        e.seat === undefined || e.seat === t.seat
          ? withTurn(t, { phase: e.phase })
          : withTurn(t, {
              phase: e.phase,
              seat: e.seat,
              entered: [],
              moved: false,
              attempts: [],
              found: [],
              attacked: [],
              questDone: false,
            }),
      );
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
      const own = e.own ?? 0;
      const from = player(s, e.seat, (p) =>
        e.from === 'hand'
          ? withPlayer(p, { hand: without(p.hand, e.card), peril: p.peril - own })
          : withPlayer(p, { pack: p.pack.filter((m) => m.card !== e.card), peril: p.peril - own }),
      );
      const paid = glory(from, e.target, 0, own - e.cost);
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
      const c = paid.combat ?? { seat: e.seat, stage: 'declare' as const, encounters: [], peril: 0, victors: [] };
      return withState(paid, { combat: withCombat(c, { encounters: [...c.encounters, played] }) });
    }
    case 'BanePlayed':
      return glory(
        player(s, e.seat, (p) => withPlayer(p, { hand: without(p.hand, e.card), peril: p.peril - (e.own ?? 0) })),
        e.payer,
        0,
        (e.own ?? 0) - e.cost,
      );
    case 'BaneResolved':
      return e.attached === null ? toDiscard(s, [e.card]) : hero(s, e.attached, (h) => withHero(h, { curses: [...h.curses, e.card] }));
    case 'CombatStaged':
      return combat(s, (c) => withCombat(c, { stage: e.stage }));
    case 'ResponsePassed':
      return prompt(s, (p) => (p.kind === 'respond' || p.kind === 'spoils' ? { ...p, seats: p.seats.filter((x) => x !== e.seat) } : p));
    case 'EncounterResolved': {
      const resolved = encounter(s, e.index, (x) => ({ ...x, outcome: e.outcome }));
      const by = e.by;
      return by === undefined
        ? resolved
        : combat(resolved, (c) => (c.victors.includes(by) ? c : withCombat(c, { victors: [...c.victors, by] })));
    }
    case 'DefenderChosen':
      return encounter(s, e.index, (x) => ({ ...x, target: e.seat }));
    case 'PackMarkerPlaced':
      return player(s, e.seat, (p) => withPlayer(p, { packAt: { x: e.x, y: e.y } }));
    case 'PackMarkerRemoved':
      return player(s, e.seat, (p) => withPlayer(p, { packAt: null, packMoves: 0 }));
    case 'PackMovementsRolled':
      return player(s, e.seat, (p) => withPlayer(p, { packMoves: e.movements }));
    case 'PackMoved':
      return player(s, e.seat, (p) => withPlayer(p, { packAt: { x: e.x, y: e.y }, packMoves: p.packMoves - 1 }));
    case 'PackEngaged':
      return withState(s, { combat: { seat: e.seat, stage: 'fight', encounters: [], peril: 0, victors: [] } });
    case 'PackMonsterSlain':
      return combat(
        toDiscard(
          player(s, e.seat, (p) => withPlayer(p, { pack: p.pack.filter((m) => m.card !== e.card) })),
          [e.card],
        ),
        (c) => (c.victors.includes(e.by) ? c : withCombat(c, { victors: [...c.victors, e.by] })),
      );
    case 'PackMonsterWounded':
      return player(s, e.seat, (p) =>
        withPlayer(p, { pack: p.pack.map((m) => (m.card === e.card ? { card: m.card, wounds: e.wounds } : m)) }),
      );
    case 'TreasureLooted': {
      const at = s.loot.findIndex((l) => l.card === e.card);
      const lifted = at < 0 ? s : withState(s, { loot: [...s.loot.slice(0, at), ...s.loot.slice(at + 1)] });
      return hero(lifted, e.seat, (h) => withHero(h, { treasures: [...h.treasures, e.card] }));
    }
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
      return combat(s, (c) => withCombat(c, { peril: c.peril + e.amount }));
    case 'PerilAssigned':
      return prompt(
        glory(
          combat(s, (c) => withCombat(c, { peril: c.peril - 1 })),
          e.to,
          0,
          1,
        ),
        (p) => (p.kind === 'assign-peril' ? { ...p, points: p.points - 1 } : p),
      );
    case 'MapCardDrawn':
      return withState(s, { mapDeck: without(s.mapDeck, e.card) });
    case 'MapPlaced': {
      const placed = withState(s, { map: [...s.map, { card: e.card, x: e.x, y: e.y, rotation: e.rotation }] });
      // Revealed Map: from the player's Map cards; campaign Build: one of the drawn cards, the chain goes on from here.
      const laid = placed.players[e.seat]?.mapHand.includes(e.card)
        ? player(placed, e.seat, (p) => withPlayer(p, { mapHand: without(p.mapHand, e.card) }))
        : placed;
      return prompt(laid, (p) =>
        p.kind === 'build' ? { ...p, cards: without(p.cards, e.card) as string[], last: { x: e.x, y: e.y } } : p,
      );
    }
    case 'MapCardSetAside':
      return promptCards(withState(s, { mapDeck: [...s.mapDeck, e.card] }), e.card);
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
          ? withState(lifted, { globalQuests: without(lifted.globalQuests, e.quest) })
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
        withPlayer(p, {
          quests: without(p.quests, e.quest),
          carrying: without(p.carrying, e.quest),
          completed: [...p.completed, e.quest],
          achieved: [...p.achieved, e.quest],
        }),
      );
      const cleared = withState(done, {
        globalQuests: without(done.globalQuests, e.quest),
        questWounds: done.questWounds.filter((q) => q.quest !== e.quest),
        components: done.components.filter((c) => c.quest !== e.quest),
      });
      return turn(cleared, (t) => withTurn(t, { questDone: true }));
    }
    case 'LevelGained':
      return player(s, e.seat, (p) =>
        withPlayer(p, {
          ...(p.hero && { hero: withHero(p.hero, { level: e.level }) }),
          // A character's record follows the hero it was dealt, until that hero falls.
          ...(p.origin &&
            !p.origin.fallen &&
            p.hero?.id === p.origin.hero && { origin: { ...p.origin, level: Math.max(p.origin.level, e.level) } }),
        }),
      );
    case 'CardTaken': {
      const campaignPeril = s.options.campaign !== null && perilous(e.card);
      const from =
        e.from === 'deck'
          ? withState(s, campaignPeril ? { perilDeck: without(s.perilDeck, e.card) } : { deck: without(s.deck, e.card) })
          : withState(s, campaignPeril ? { perilDiscard: without(s.perilDiscard, e.card) } : { discard: without(s.discard, e.card) });
      return player(from, e.seat, (p) => withPlayer(p, { hand: [...p.hand, e.card] }));
    }
    case 'HeroDefeated': {
      const where = s.players[e.seat]?.hero;
      const keepsCards = e.fate === 'force';
      const keepsQuests = e.fate === 'respawn';
      const out = player(s, e.seat, (p) =>
        withPlayer(p, {
          defeated: true,
          force: e.fate === 'force',
          defeats: p.defeats + 1,
          origin: p.origin && p.hero?.id === p.origin.hero ? { ...p.origin, fallen: true } : p.origin,
          ...(!keepsCards && { hand: [], pack: [], packAt: null, packMoves: 0 }),
          ...(!keepsQuests && { quests: [], secretQuests: [], completed: [] }),
          carrying: [],
          hero: p.hero && withHero(p.hero, { life: 0, movements: 0, boons: [], treasures: [], curses: [], boosts: [] }),
        }),
      );
      const left = outOfPlay(out, e.cards, e.quests, e.hidden);
      return e.loot.length > 0 && where
        ? withState(left, { loot: [...left.loot, ...e.loot.map((card) => ({ card, x: where.x, y: where.y }))] })
        : left;
    }
    case 'PlayerConceded': {
      const out = player(s, e.seat, (p) =>
        withPlayer(p, {
          defeated: true,
          left: true,
          force: false,
          hand: [],
          pack: [],
          packAt: null,
          packMoves: 0,
          quests: [],
          secretQuests: [],
          completed: [],
          carrying: [],
          hero: p.hero && withHero(p.hero, { movements: 0, boons: [], treasures: [], curses: [], boosts: [] }),
        }),
      );
      return outOfPlay(out, e.cards, e.quests, e.hidden);
    }
    case 'HeroRespawned': {
      // The fallen hero's card goes back among the unused heroes; the new one is drawn from them (or, none being
      // left, is the fallen card itself, which then stays with the seat).
      const fallen = s.players[e.seat]?.hero?.id;
      const pool = without(s.heroPool, e.hero);
      return player(withState(s, { heroPool: fallen === undefined || fallen === e.hero ? pool : [...pool, fallen] }), e.seat, (p) =>
        withPlayer(p, { defeated: false, hero: newHero(e.hero, e.level, e.life), glory: e.glory, peril: e.peril }),
      );
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
