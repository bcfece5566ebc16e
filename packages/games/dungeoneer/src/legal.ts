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
import { inGame } from './rules/guards';
import { checkChallengeHero, checkClimbOut, checkExplore, checkMove, checkOpenDoor, checkPlaceMap } from './rules/hero';
import { DIRECTIONS, legalPlacements } from './rules/map';
import { checkAttemptQuest, checkChallengeQuestMonster, checkDrop, checkPickUp, checkTakeCard } from './rules/quests';
import { design, mapDesign, questDesign } from './rules/table';
import { checkDiscard, checkEndPhase, checkPass } from './rules/turn';
import type { DungeoneerState } from './state';
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
};

/** Whether `decide` would accept `cmd` from `seat` now. */
export function accepts(s: S, seat: Seat, cmd: DungeoneerCommand): boolean {
  try {
    inGame(s, seat);
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
 * their rejections) out; `accepts` still has the last word.
 */
function candidates(s: S, seat: Seat): DungeoneerCommand[] {
  const p = s.players[seat];
  const h = p?.hero;
  if (!p || !h) return [];
  const out: DungeoneerCommand[] = [];
  const hand = p.hand.map((card) => ({ card, d: design(card) }));
  const others = s.players.filter((o) => o.seat !== seat && !o.defeated);
  const readyTreasures = () =>
    hand.flatMap(({ card, d }): DungeoneerCommand[] =>
      d.kind === 'treasure'
        ? [
            { type: 'ReadyTreasure', card, use: false },
            { type: 'ReadyTreasure', card, use: true },
          ]
        : [],
    );
  // Any time: Anytime cards, Inventory abilities, the hero's ability.
  for (const { card, d } of hand) {
    if (d.kind === 'boon') out.push({ type: 'PlayBoon', card });
    if (d.kind === 'bane' && d.timing === 'anytime') for (const o of others) out.push({ type: 'PlayBane', card, target: o.seat });
  }
  for (const card of [...h.boons, ...h.treasures, ...p.completed]) out.push({ type: 'Activate', card });
  out.push({ type: 'UseAbility' });
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
        for (const card of h.treasures) out.push({ type: 'Discard', card });
        break;
      case 'assign-peril':
        for (const o of s.players) out.push({ type: 'AssignPeril', seat: o.seat });
        break;
      case 'place-map':
        if (prompt.seat === seat) for (const at of legalPlacements(s.map, mapDesign(prompt.card))) out.push({ type: 'PlaceMap', ...at });
        break;
      case 'reward':
        if (prompt.seat !== seat) break;
        if (prompt.reward === 'play') out.push(...readyTreasures());
        else {
          for (const card of new Set(prompt.reward === 'deck' ? s.deck : s.discard))
            if (card !== HIDDEN && design(card).kind === prompt.cardKind) out.push({ type: 'TakeCard', card });
        }
        break;
      case 'respond':
        break;
    }
    return out;
  }
  if (s.turn?.seat !== seat) return out;
  switch (s.turn.phase) {
    case 'dungeonlord':
      out.push({ type: 'ResolveEncounters' }, { type: 'EndPhase' });
      for (const { card, d } of hand)
        if (d.kind === 'bane' && d.timing === 'dungeonlord') for (const o of others) out.push({ type: 'PlayBane', card, target: o.seat });
      if (s.turn.encountersDone || (s.combat && s.combat.stage !== 'declare')) break;
      for (const card of [...p.hand, ...p.pack.map((m) => m.card)]) {
        const d = design(card);
        if (d.kind !== 'monster' && d.kind !== 'threat') continue;
        for (const o of others) {
          if (o.peril < d.cost) continue;
          if (d.kind === 'threat') out.push({ type: 'PlayEncounter', card, target: o.seat });
          else for (const form of STATS) if (d.attacks[form]?.standard) out.push({ type: 'PlayEncounter', card, target: o.seat, form });
        }
      }
      break;
    case 'hero': {
      out.push({ type: 'EndPhase' }, { type: 'ClimbOut' }, { type: 'Explore' });
      for (const direction of DIRECTIONS) out.push({ type: 'Move', direction }, { type: 'OpenDoor', direction });
      out.push(...readyTreasures());
      for (const o of others)
        if (o.hero && o.hero.x === h.x && o.hero.y === h.y)
          for (const form of STATS) {
            out.push({ type: 'ChallengeHero', seat: o.seat, form });
            for (const component of o.carrying) out.push({ type: 'ChallengeHero', seat: o.seat, form, component });
          }
      for (const quest of s.turn.attacked) for (const form of STATS) out.push({ type: 'ChallengeQuestMonster', quest, form });
      const quests = [...p.quests, ...(s.globalQuest === null ? [] : [s.globalQuest])];
      for (const quest of quests) {
        const q = questDesign(quest);
        if (q.type !== 'chance') out.push({ type: 'AttemptQuest', quest });
        else {
          // Every affordable boost, up to the most the command schema accepts.
          const most = Math.min(MAX_BOOST, Math.floor(p.glory / (q.boost ?? 1)));
          for (let boost = 0; boost <= most; boost++) out.push({ type: 'AttemptQuest', quest, boost });
        }
      }
      for (const quest of new Set([...quests, ...s.components.map((c) => c.quest)])) out.push({ type: 'PickUpComponent', quest });
      for (const quest of p.carrying) out.push({ type: 'DropComponent', quest });
      break;
    }
    case 'discard':
      out.push({ type: 'EndPhase' });
      for (const card of [...p.hand, ...h.treasures, ...p.pack.map((m) => m.card)]) out.push({ type: 'Discard', card });
      break;
    default:
      break;
  }
  return out;
}

/** Every command `seat` may send now, each accepted by `decide` as it is. */
export function legalCommands(s: S, seat: Seat): DungeoneerCommand[] {
  if (!s.started || s.winners) return [];
  // Most candidates are refused, and a refusal's stack trace is most of its cost: nobody reads it here.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return candidates(s, seat).filter((cmd) => accepts(s, seat, cmd));
  } finally {
    Error.stackTraceLimit = limit;
  }
}
