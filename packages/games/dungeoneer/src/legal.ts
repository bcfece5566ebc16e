// legalCommands: candidate commands for a seat, kept when the decider's own check accepts them (exact by design).
import { RuleViolation, type Seat } from '@delve/kernel';
import { MAX_BOOST, type CommandOf, type DungeoneerCommand } from './commands';
import { STATS } from './content/index';
import { checkActivate, checkPlayBoon, checkReadyTreasure, checkUpkeep, checkUseAbility } from './rules/cardplay';
import {
  checkAssignPeril,
  checkChallengeMonster,
  checkPlayBane,
  checkPlayEncounter,
  checkResolveEncounters,
  checkStow,
} from './rules/dungeonlord';
import { inGame, setUp } from './rules/guards';
import { checkChallengeHero, checkClimbOut, checkExplore, checkMove, checkOpenDoor, checkPlaceMap } from './rules/hero';
import { DIRECTIONS, legalPlacements } from './rules/map';
import { checkAttemptQuest, checkChallengeQuestMonster, checkDrop, checkPickUp, checkTakeCard } from './rules/quests';
import { buildPlacements, checkBuyCard } from './rules/campaign';
import { checkLoot } from './rules/defeat';
import { checkChallengePack, checkDefend, checkMovePack } from './rules/pack';
import { checkKeepSecret } from './rules/reveal';
import { design, isAlive, mapDesign, questDesign } from './rules/table';
import { checkDiscard, checkEndPhase, checkPass } from './rules/turn';
import type { DungeoneerState } from './state';
import { awaiting } from './status';
import { HIDDEN } from './view';

type S = DungeoneerState;

/** Each command's check: throws the RuleViolation its decider would, and nothing once it passes. */
const CHECKS: { [K in DungeoneerCommand['type']]: (s: S, seat: Seat, cmd: CommandOf<K>) => unknown } = {
  Upkeep: checkUpkeep,
  PlayEncounter: checkPlayEncounter,
  PlayBane: checkPlayBane,
  ResolveEncounters: (s, seat) => checkResolveEncounters(s, seat),
  PlayBoon: checkPlayBoon,
  ReadyTreasure: checkReadyTreasure,
  Activate: checkActivate,
  UseAbility: (s, seat) => checkUseAbility(s, seat),
  Pass: (s, seat) => checkPass(s, seat),
  ChallengeHero: checkChallengeHero,
  ChallengeMonster: (s, seat) => checkChallengeMonster(s, seat),
  ChallengeQuestMonster: checkChallengeQuestMonster,
  Stow: checkStow,
  Discard: checkDiscard,
  AssignPeril: checkAssignPeril,
  EndPhase: (s, seat) => checkEndPhase(s, seat),
  PlaceMap: checkPlaceMap,
  Move: checkMove,
  OpenDoor: checkOpenDoor,
  ClimbOut: (s, seat) => checkClimbOut(s, seat),
  Explore: (s, seat) => checkExplore(s, seat),
  AttemptQuest: checkAttemptQuest,
  PickUpComponent: checkPickUp,
  DropComponent: checkDrop,
  TakeCard: checkTakeCard,
  KeepSecret: checkKeepSecret,
  Loot: checkLoot,
  MovePack: checkMovePack,
  Defend: checkDefend,
  ChallengePack: checkChallengePack,
  BuyCard: (s, seat) => checkBuyCard(s, seat),
  // Anyone still at the table may concede once play has begun: the guards every command passes are the whole check.
  Concede: () => undefined,
};

/** Whether `decide` would accept `cmd` from `seat` now. */
export function accepts(s: S, seat: Seat, cmd: DungeoneerCommand): boolean {
  try {
    inGame(s, seat);
    setUp(s, cmd.type);
    (CHECKS[cmd.type] as (s: S, seat: Seat, cmd: DungeoneerCommand) => unknown)(s, seat, cmd);
    return true;
  } catch (error) {
    if (error instanceof RuleViolation) return false;
    throw error;
  }
}

/**
 * Everything worth asking `accepts` about for `seat` in the situation at hand: what the open prompt asks of it, what
 * its own phase allows, and what may be done any time. Listing by situation keeps doomed candidates (and the cost of
 * their rejections) out; `accepts` still has the last word. A Malevolent Force and a campaign's Dungeonlord play no
 * hero, so only the Dungeonlord's part is listed for them.
 */
function candidates(s: S, seat: Seat): DungeoneerCommand[] {
  const p = s.players[seat];
  if (!p) return [];
  const h = isAlive(s, seat) ? p.hero : null;
  const out: DungeoneerCommand[] = [];
  const hand = p.hand.map((card) => ({ card, d: design(card) }));
  const others = s.players.filter((o) => o.seat !== seat && isAlive(s, o.seat));
  const readyTreasures = () =>
    hand.flatMap(({ card, d }): DungeoneerCommand[] =>
      d.kind === 'treasure'
        ? [
            { type: 'ReadyTreasure', card, use: false },
            { type: 'ReadyTreasure', card, use: true },
          ]
        : [],
    );
  // Any time: Anytime cards, Inventory abilities, the hero's ability (and, having beaten a Trap with Looting, Treasures).
  for (const { card, d } of hand) {
    if (d.kind === 'boon' && h) out.push({ type: 'PlayBoon', card });
    if (d.kind === 'bane' && d.timing === 'anytime') for (const o of others) out.push({ type: 'PlayBane', card, target: o.seat });
  }
  if (h) {
    for (const card of [...h.boons, ...h.treasures, ...p.completed]) out.push({ type: 'Activate', card });
    out.push({ type: 'UseAbility' });
    if (s.options.looting && s.turn?.trapBeaten.includes(seat)) out.push(...readyTreasures());
  }
  const prompt = s.prompt;
  if (prompt) {
    out.push({ type: 'Pass' });
    switch (prompt.kind) {
      case 'upkeep':
        for (const card of prompt.cards) out.push({ type: 'Upkeep', card, pay: true }, { type: 'Upkeep', card, pay: false });
        break;
      case 'challenge-back':
        for (const form of STATS) out.push({ type: 'ChallengeMonster', form });
        break;
      case 'stow':
        for (const card of prompt.cards) out.push({ type: 'Stow', card, to: 'hand' }, { type: 'Stow', card, to: 'pack' });
        break;
      case 'trim-pack':
        for (const { card } of p.pack) out.push({ type: 'Discard', card });
        break;
      case 'trim-treasures':
        for (const card of h?.treasures ?? []) out.push({ type: 'Discard', card });
        break;
      case 'assign-peril':
        for (const o of s.players) out.push({ type: 'AssignPeril', seat: o.seat });
        break;
      case 'place-map':
        if (prompt.seat === seat) for (const at of legalPlacements(s.map, mapDesign(prompt.card))) out.push({ type: 'PlaceMap', ...at });
        break;
      case 'lay-map':
        if (prompt.seat === seat)
          for (const card of p.mapHand)
            for (const at of legalPlacements(s.map, mapDesign(card))) out.push({ type: 'PlaceMap', ...at, card });
        break;
      case 'build':
        if (prompt.seat === seat)
          for (const card of prompt.cards)
            for (const at of buildPlacements(s, mapDesign(card), prompt.last)) out.push({ type: 'PlaceMap', ...at, card });
        break;
      case 'reward':
        if (prompt.seat !== seat) break;
        if (prompt.reward === 'play') out.push(...readyTreasures());
        else {
          for (const card of new Set(prompt.reward === 'deck' ? s.deck : s.discard))
            if (card !== HIDDEN && design(card).kind === prompt.cardKind) out.push({ type: 'TakeCard', card });
        }
        break;
      case 'secret-quest':
        for (const quest of p.secretQuests) out.push({ type: 'KeepSecret', quest });
        break;
      case 'spoils':
        out.push(...readyTreasures());
        break;
      case 'respond':
        for (const [index, e] of (s.combat?.encounters ?? []).entries()) if (e.from === 'pack') out.push({ type: 'Defend', index });
        break;
    }
    return out;
  }
  if (s.turn?.seat !== seat) return out;
  switch (s.turn.phase) {
    case 'dungeonlord': {
      out.push({ type: 'ResolveEncounters' }, { type: 'EndPhase' });
      if (p.packAt) for (const direction of DIRECTIONS) out.push({ type: 'MovePack', direction });
      for (const { card, d } of hand)
        if (d.kind === 'bane' && d.timing === 'dungeonlord') for (const o of others) out.push({ type: 'PlayBane', card, target: o.seat });
      if (s.turn.encountersDone || (s.combat && s.combat.stage !== 'declare')) break;
      // The campaign's Dungeonlord may add its own Peril; a Wandering Pack's monsters attack for free.
      const pooled = s.options.campaign ? p.peril : 0;
      const inPack = new Set(p.pack.map((m) => m.card));
      for (const card of [...p.hand, ...inPack]) {
        const d = design(card);
        if (d.kind !== 'monster' && d.kind !== 'threat') continue;
        const free = s.options.wanderingPack && inPack.has(card);
        for (const o of others) {
          if (!free && o.peril + pooled < d.cost) continue;
          if (d.kind === 'threat') out.push({ type: 'PlayEncounter', card, target: o.seat });
          else for (const form of STATS) if (d.attacks[form]?.standard) out.push({ type: 'PlayEncounter', card, target: o.seat, form });
        }
      }
      break;
    }
    case 'hero': {
      if (!h) break;
      out.push({ type: 'EndPhase' }, { type: 'ClimbOut' }, { type: 'Explore' });
      for (const direction of DIRECTIONS) out.push({ type: 'Move', direction }, { type: 'OpenDoor', direction });
      out.push(...readyTreasures());
      for (const o of others)
        if (o.hero && o.hero.x === h.x && o.hero.y === h.y)
          for (const form of STATS) {
            out.push({ type: 'ChallengeHero', seat: o.seat, form });
            for (const component of o.carrying) out.push({ type: 'ChallengeHero', seat: o.seat, form, component });
          }
      for (const o of s.players)
        if (o.seat !== seat && o.packAt && o.packAt.x === h.x && o.packAt.y === h.y)
          for (const { card } of o.pack) for (const form of STATS) out.push({ type: 'ChallengePack', seat: o.seat, card, form });
      for (const quest of s.turn.attacked) for (const form of STATS) out.push({ type: 'ChallengeQuestMonster', quest, form });
      const quests = [...p.quests, ...p.secretQuests, ...s.globalQuests];
      for (const quest of quests) {
        const q = questDesign(quest);
        if (q.type !== 'chance') out.push({ type: 'AttemptQuest', quest });
        else
          for (let boost = 0; boost <= Math.min(MAX_BOOST, Math.floor(p.glory / (q.boost ?? 1))); boost++)
            out.push({ type: 'AttemptQuest', quest, boost });
      }
      for (const quest of new Set([...quests, ...s.components.map((c) => c.quest)])) out.push({ type: 'PickUpComponent', quest });
      for (const quest of p.carrying) out.push({ type: 'DropComponent', quest });
      for (const l of s.loot) if (l.x === h.x && l.y === h.y) out.push({ type: 'Loot', card: l.card });
      break;
    }
    case 'discard':
      out.push({ type: 'EndPhase' }, { type: 'BuyCard' });
      for (const card of [...p.hand, ...(h?.treasures ?? []), ...p.pack.map((m) => m.card)]) out.push({ type: 'Discard', card });
      break;
    default:
      break;
  }
  return out;
}

const CONCEDE: DungeoneerCommand = { type: 'Concede' };

/** Every command `seat` may send now, each accepted by `decide` as it is; conceding comes last, after every way to play on. */
export function legalCommands(s: S, seat: Seat): DungeoneerCommand[] {
  if (!s.started || s.winners) return [];
  // Most candidates are refused, and a refusal's stack trace is most of its cost: nobody reads it here.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return [...candidates(s, seat), CONCEDE].filter((cmd) => accepts(s, seat, cmd));
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * What the game waits for from an awaited seat whose time ran out (docs/rulings/dungeoneer.md, Time running out): the
 * least harmful of its legal commands, by preference. Pass what is offered (a response, a challenge back, a reward);
 * end a phase (resolving the Encounters played first); return upkept cards to hand rather than pay; stow monsters in
 * hand; keep the first secret quest; place a Map card where it first fits; give Peril to the player with least; discard
 * the card worth least (the first of its hand). Null when the seat is not awaited.
 */
export function timeoutCommand(s: S, seat: Seat): DungeoneerCommand | null {
  if (!awaiting(s).includes(seat)) return null;
  const legal = legalCommands(s, seat).filter((c) => c.type !== 'Concede');
  const peril = (c: DungeoneerCommand) => (c.type === 'AssignPeril' ? (s.players[c.seat]?.peril ?? 0) : 0);
  const preferred: ((c: DungeoneerCommand) => boolean)[] = [
    (c) => c.type === 'Pass',
    (c) => c.type === 'EndPhase',
    (c) => c.type === 'ResolveEncounters',
    (c) => c.type === 'Upkeep' && !c.pay,
    (c) => c.type === 'Stow' && c.to === 'hand',
    (c) => c.type === 'KeepSecret',
    (c) => c.type === 'PlaceMap',
    (c) => c.type === 'AssignPeril',
    (c) => c.type === 'Discard',
  ];
  for (const prefer of preferred) {
    const found = legal.filter(prefer);
    if (found.length > 0) return [...found].sort((a, b) => peril(a) - peril(b))[0] ?? null;
  }
  return legal[0] ?? null;
}

/** docs/rulings/dungeoneer.md, Conceding: a seat still at the table concedes with Concede once play has begun; else null. */
export function concession(s: S, seat: Seat): DungeoneerCommand | null {
  return accepts(s, seat, CONCEDE) ? CONCEDE : null;
}
