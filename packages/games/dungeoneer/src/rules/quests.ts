// QUEST CARDS: attempting each quest type, its monster, and escort components (completion and rewards: rewards.ts).
import type { Random, Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { QuestCard } from '../content/index';
import type { DungeoneerState } from '../state';
import { applyEffects, threatCheck, wound } from './effects';
import { monsterFight } from './combat';
import { checkChallenge, ownPhase, payGlory, payMovements, promptFor } from './guards';
import { spaceOf } from './map';
import { design, heroesAt, heroOf, playerOf, questDesign, questOwner } from './table';
import type { Ctx, Tx } from './tx';
import { fail } from './fail';
import { revealGlobal, completeQuest, finishReward } from './rewards';

type S = DungeoneerState;

/** The seat holds `quest` hidden in its hand (Secret Quest). */
const secretOf = (s: S, seat: Seat, quest: string): boolean => playerOf(s, seat).secretQuests.includes(quest);

/**
 * The seat may attempt `quest`: its own personal quest (a secret one too) or a Global Quest. Another player's secret
 * quest is refused exactly as a quest out of play is, so the refusal tells nothing.
 */
function ownQuest(s: S, seat: Seat, quest: string): QuestCard {
  const owner = questOwner(s, quest);
  if (owner !== seat && owner !== null && !secretOf(s, seat, quest))
    fail('not-your-quest', 'you may attempt your own quests and the Global Quest');
  return questDesign(quest);
}

/** OPTIONAL ADVANCED RULES, Secret Quest: a secret quest must be revealed when its holder attempts it. */
function reveal(tx: Tx, seat: Seat, quest: string): void {
  if (secretOf(tx.state, seat, quest)) tx.emit({ type: 'QuestRevealed', seat, quest });
}

/** The hero stands in the Map card space `card`. */
function standsIn(s: S, seat: Seat, card: string): boolean {
  const at = spaceOf(s.map, card);
  const h = heroOf(s, seat);
  return at !== undefined && at.x === h.x && at.y === h.y;
}

/**
 * QUEST CARDS, attempting: in your Hero Phase, in the quest's space, at most one completion per turn. One attempt a
 * turn is free, except: Chance costs 1 Movement an attempt (bonuses bought with Glory, declared before the roll);
 * Threat repeats for 1 Movement each; Search and Slay attempt once a turn (the monster attacks once a turn); an Escort
 * completes where its component is delivered.
 */
export function checkAttemptQuest(s: S, seat: Seat, cmd: CommandOf<'AttemptQuest'>): QuestCard {
  ownPhase(s, seat, 'hero');
  const q = ownQuest(s, seat, cmd.quest);
  if (!standsIn(s, seat, q.space)) fail('wrong-space', `${q.name} is attempted in its own space`);
  const t = s.turn;
  // One spelling per command: a Chance attempt states its bonus (0 for none); other quests take none.
  if (q.type !== 'chance' && cmd.boost !== undefined) fail('no-boost', 'only Chance quests take paid bonuses');
  if (q.type === 'chance' && cmd.boost === undefined) fail('boost-needed', 'state the bonus bought for this Chance roll (0 for none)');
  const boost = cmd.boost ?? 0;
  const again = t?.attempts.includes(q.id) ?? false;
  switch (q.type) {
    case 'chance':
      payMovements(s, seat, 1);
      payGlory(s, seat, boost * (q.boost ?? 1));
      break;
    case 'escort':
      if (!playerOf(s, seat).carrying.includes(q.id)) fail('no-component', 'deliver the escort component here to complete it');
      break;
    case 'threat':
      if (again) payMovements(s, seat, 1);
      break;
    case 'sacrifice': {
      if (again) fail('already-attempted', 'one attempt a turn');
      const price = q.price ?? { life: 0, glory: 0 };
      if (heroOf(s, seat).life <= price.life) fail('cannot-pay', `the price is ${price.life} Life and you would not survive it`);
      payGlory(s, seat, price.glory);
      break;
    }
    case 'search':
    case 'slay':
      if (again) fail('already-attempted', q.type === 'slay' ? 'the monster attacks once a turn' : 'one search a turn');
      break;
  }
  return q;
}

/** QUEST CARDS, each type's procedure. Completion sends the hero straight to Discard/Draw (through `proceed`). */
export function attemptQuest(c: Ctx, cmd: CommandOf<'AttemptQuest'>): void {
  const { tx, seat, random } = c;
  const q = checkAttemptQuest(tx.state, seat, cmd);
  const boost = cmd.boost ?? 0;
  const again = tx.state.turn?.attempts.includes(q.id) ?? false;
  const cost = q.type === 'chance' || (q.type === 'threat' && again) ? 1 : 0;
  const price = q.type === 'sacrifice' ? (q.price ?? { life: 0, glory: 0 }) : { life: 0, glory: 0 };
  reveal(tx, seat, q.id);
  tx.emit({ type: 'QuestAttempted', seat, quest: q.id, cost, paid: q.type === 'chance' ? boost * (q.boost ?? 1) : price.glory });
  const check = q.check ?? { stat: 'none' as const, target: 1 };
  switch (q.type) {
    case 'chance':
      if (threatCheck(tx, random, seat, check, q.id, boost)) completeQuest(tx, random, seat, q.id);
      return;
    case 'escort':
      return completeQuest(tx, random, seat, q.id);
    case 'sacrifice':
      wound(tx, random, seat, price.life);
      return completeQuest(tx, random, seat, q.id);
    case 'threat':
      if (threatCheck(tx, random, seat, check, q.id)) return completeQuest(tx, random, seat, q.id);
      // Failed attempts hit everyone in the space, like a Trap.
      for (const victim of heroesAt(tx.state, heroOf(tx.state, seat).x, heroOf(tx.state, seat).y)) applyEffects(tx, random, victim, q.fail);
      return;
    case 'search':
      if (!threatCheck(tx, random, seat, check, q.id)) return;
      tx.emit({ type: 'QuestFound', seat, quest: q.id });
      if (!q.monster) return completeQuest(tx, random, seat, q.id);
      return questMonsterAttacks(tx, random, seat, q);
    case 'slay':
      return questMonsterAttacks(tx, random, seat, q);
  }
}

/** QUEST CARDS, Slay: the quest monster makes the first attack, as a free Movement, once a turn. */
function questMonsterAttacks(tx: Tx, random: Random, seat: Seat, q: QuestCard): void {
  tx.emit({ type: 'QuestMonsterAttacked', seat, quest: q.id });
  monsterFight(tx, random, { kind: 'quest', quest: q.id }, seat, q.monster?.opens ?? 'melee', 'monster');
}

/** QUEST CARDS, Slay: after the quest monster has attacked, the hero may challenge it (1 Movement, once a turn). */
export function checkChallengeQuestMonster(s: S, seat: Seat, cmd: CommandOf<'ChallengeQuestMonster'>): QuestCard {
  ownPhase(s, seat, 'hero');
  const q = ownQuest(s, seat, cmd.quest);
  if (!s.turn?.attacked.includes(q.id)) fail('not-attacked', 'challenge a quest monster after it has attacked you this turn');
  if (!standsIn(s, seat, q.space)) fail('wrong-space', 'you must be in the monster’s space');
  checkChallenge(s, seat);
  return q;
}

/** Decides ChallengeQuestMonster: QUEST CARDS, Slay (and Search objectives). */
export function challengeQuestMonster(c: Ctx, cmd: CommandOf<'ChallengeQuestMonster'>): void {
  const q = checkChallengeQuestMonster(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'Challenged', seat: c.seat, target: { kind: 'quest', quest: q.id }, form: cmd.form, cost: 1 });
  monsterFight(c.tx, c.random, { kind: 'quest', quest: q.id }, c.seat, cmd.form, 'hero');
}

/** Where an escort component is: carried by a seat, lying at a position, or still at its pick-up space. */
export function componentAt(s: S, quest: string): { carrier: Seat } | { x: number; y: number } | 'source' {
  const carrier = s.players.find((p) => p.carrying.includes(quest));
  if (carrier) return { carrier: carrier.seat };
  const lying = s.components.find((c) => c.quest === quest);
  return lying ? { x: lying.x, y: lying.y } : 'source';
}

/**
 * QUEST CARDS, Escort: a free Movement to pick the component up at its pick-up space (your quest, or the Global
 * Quest, which then becomes yours), or to take one lying in your space (its quest comes with it, ruling).
 */
export function checkPickUp(s: S, seat: Seat, cmd: CommandOf<'PickUpComponent'>): 'source' | 'ground' {
  ownPhase(s, seat, 'hero');
  const q = questDesign(cmd.quest);
  const owner = secretOf(s, seat, q.id) ? seat : questOwner(s, q.id);
  if (owner === undefined) fail('not-in-play', `${q.name} is not in play`);
  if (q.type !== 'escort') fail('not-escort', `${q.name} has no component`);
  const where = componentAt(s, q.id);
  const h = heroOf(s, seat);
  if (where === 'source') {
    if (owner !== seat && owner !== null) fail('not-your-quest', 'only its holder picks a component up at its start');
    if (!standsIn(s, seat, q.from ?? '')) fail('wrong-space', 'the component waits at its pick-up space');
    return 'source';
  }
  if ('carrier' in where) fail('carried', 'someone carries it: challenge them for it');
  if (!('x' in where) || where.x !== h.x || where.y !== h.y) fail('wrong-space', 'the component is not in your space');
  return 'ground';
}

/** Decides PickUpComponent: QUEST CARDS, Escort (a Global escort becomes personal). */
export function pickUpComponent(c: Ctx, cmd: CommandOf<'PickUpComponent'>): void {
  const from = checkPickUp(c.tx.state, c.seat, cmd);
  // Picking up the component is the start of the attempt: a secret escort quest is revealed (ruling).
  reveal(c.tx, c.seat, cmd.quest);
  const owner = questOwner(c.tx.state, cmd.quest) ?? null;
  c.tx.emit({ type: 'ComponentPickedUp', seat: c.seat, quest: cmd.quest, from, owner });
  if (owner === null) revealGlobal(c.tx);
}

/** QUEST CARDS, Escort: a component is set down where the hero stands, for free. */
export function checkDrop(s: S, seat: Seat, cmd: CommandOf<'DropComponent'>): void {
  ownPhase(s, seat, 'hero');
  if (!playerOf(s, seat).carrying.includes(cmd.quest)) fail('not-carrying', 'you do not carry that component');
}

/** Decides DropComponent: QUEST CARDS, Escort. */
export function dropComponent(c: Ctx, cmd: CommandOf<'DropComponent'>): void {
  checkDrop(c.tx.state, c.seat, cmd);
  const h = heroOf(c.tx.state, c.seat);
  c.tx.emit({ type: 'ComponentDropped', seat: c.seat, quest: cmd.quest, x: h.x, y: h.y });
}

/** QUEST CARDS, rewards Deck and Pile: take a card of the named kind from the deck (then reshuffled) or discard pile. */
export function checkTakeCard(s: S, seat: Seat, cmd: CommandOf<'TakeCard'>): void {
  const p = promptFor(s, seat, 'reward');
  if (p.reward === 'play') fail('wrong-reward', 'this reward plays a card from your hand');
  const zone = p.reward === 'deck' ? s.deck : s.discard;
  if (!zone.includes(cmd.card)) fail('not-there', `${cmd.card} is not in the ${p.reward === 'deck' ? 'Adventure deck' : 'discard pile'}`);
  if (design(cmd.card).kind !== p.cardKind) fail('wrong-kind', `the reward is a ${p.cardKind}`);
}

/** Decides TakeCard: QUEST CARDS, rewards Deck and Pile. */
export function takeCard(c: Ctx, cmd: CommandOf<'TakeCard'>): void {
  checkTakeCard(c.tx.state, c.seat, cmd);
  const p = promptFor(c.tx.state, c.seat, 'reward');
  c.tx.emit({ type: 'CardTaken', seat: c.seat, card: cmd.card, from: p.reward === 'deck' ? 'deck' : 'pile', kind: p.cardKind });
  finishReward(c.tx, c.random, c.seat);
}
