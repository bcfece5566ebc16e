// QUEST CARDS: a completed quest, its rewards (and the Play reward's free play), and the Global Quests that replace
// completed ones. Attempting quests is in quests.ts.
import type { Random, Seat } from '@delve/kernel';
import type { Reward } from '../content/index';
import type { DungeoneerState } from '../state';
import { checkPartyGoal } from './campaign';
import { applyEffects } from './effects';
import { track, closePrompt, openPrompt } from './steps';
import { inHand, promptFor } from './guards';
import { design, heroDesign, heroOf, playerOf, questDesign } from './table';
import type { Tx } from './tx';

type S = DungeoneerState;

/** QUEST CARDS: three completed quests win the game. */
export const QUESTS_TO_WIN = 3;

/**
 * Turn over new Global Quests while the quest deck has them: one is always face up; CAMPAIGN ADVENTURES, Set-Up: the
 * Dungeonlord always keeps two available.
 */
export function revealGlobal(tx: Tx): void {
  const wanted = tx.state.options.campaign ? 2 : 1;
  for (let next = tx.state.questDeck[0]; next !== undefined && tx.state.globalQuests.length < wanted; next = tx.state.questDeck[0])
    tx.emit({ type: 'GlobalQuestRevealed', quest: next });
}

/**
 * QUEST CARDS: a completed quest goes face down into the Inventory; a completed Global Quest is replaced; three win
 * (CAMPAIGN ADVENTURES: the party's goal instead). An Artifact quest becomes its Artifact instead of giving a reward;
 * otherwise the reward is collected in order.
 */
export function completeQuest(tx: Tx, random: Random, seat: Seat, quest: string): void {
  const global = tx.state.globalQuests.includes(quest);
  tx.emit({ type: 'QuestCompleted', seat, quest });
  if (global) revealGlobal(tx);
  if (tx.state.options.campaign ? checkPartyGoal(tx) : playerOf(tx.state, seat).completed.length >= QUESTS_TO_WIN) {
    if (!tx.state.winners) tx.emit({ type: 'GameWon', winners: [seat], how: 'quests' });
    return;
  }
  const q = questDesign(quest);
  if (!q.artifact) giveRewards(tx, random, seat, q.reward);
}

/** Quest rewards in order: Level, Life, Glory and Peril at once; Play, Deck and Pile ask the player (a prompt). */
export function giveRewards(tx: Tx, random: Random, seat: Seat, rewards: readonly Reward[]): void {
  for (const [i, r] of rewards.entries()) {
    const h = heroOf(tx.state, seat);
    if ('level' in r) {
      const level = Math.min(heroDesign(h.id).levels.length, h.level + r.level);
      if (level > h.level) tx.emit({ type: 'LevelGained', seat, level });
    } else if ('life' in r) applyEffects(tx, random, seat, [{ heal: r.life }]);
    else if ('glory' in r) track(tx, seat, r.glory, 0);
    else if ('peril' in r) track(tx, seat, 0, r.peril);
    else {
      const [reward, cardKind] =
        'play' in r ? (['play', r.play] as const) : 'deck' in r ? (['deck', r.deck] as const) : (['pile', r.pile] as const);
      openPrompt(tx, { kind: 'reward', seat, reward, cardKind, rest: [...rewards.slice(i + 1)] });
      return;
    }
  }
}

/** After a reward prompt: a searched deck is reshuffled, then the remaining rewards follow. */
export function finishReward(tx: Tx, random: Random, seat: Seat): void {
  const p = promptFor(tx.state, seat, 'reward');
  if (p.reward === 'deck') tx.emit({ type: 'AdventureDeckShuffled', reason: 'search', order: random.shuffle(tx.state.deck) });
  closePrompt(tx);
  giveRewards(tx, random, seat, p.rest);
}

/** The free play of a Play reward, if one is open for this kind of card. */
export function freePlay(s: S, seat: Seat, card: string): boolean {
  const p = s.prompt;
  if (p?.kind !== 'reward' || p.seat !== seat || p.reward !== 'play') return false;
  inHand(s, seat, card);
  return design(card).kind === p.cardKind;
}
