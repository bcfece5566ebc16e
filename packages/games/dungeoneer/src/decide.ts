// decide: the guard every command passes, then one named decider per command, then play goes on by itself.
import type { DecideContext } from '@delve/kernel';
import type { DungeoneerCommand } from './commands';
import type { DungeoneerEvent } from './events';
import { activate, playBoon, readyTreasure, upkeep, useAbility } from './rules/cardplay';
import { assignPeril, challengeMonster, playBane, playEncounter, resolveEncounters, stow } from './rules/dungeonlord';
import { buyCard } from './rules/campaign';
import { concede } from './rules/concession';
import { lootTreasure } from './rules/defeat';
import { proceed } from './rules/flow';
import { inGame, setUp } from './rules/guards';
import { challengeHero, climbOut, explore, move, openDoor, placeMap } from './rules/hero';
import { challengePack, defend, movePack } from './rules/pack';
import { attemptQuest, challengeQuestMonster, dropComponent, pickUpComponent, takeCard } from './rules/quests';
import { keepSecret } from './rules/reveal';
import { discard, endPhase, pass } from './rules/turn';
import { Tx, type Ctx } from './rules/tx';
import { fail } from './rules/fail';
import type { DungeoneerState } from './state';

/** Check the command against the rules and return the events it causes. Throws RuleViolation. */
export function decide(command: DungeoneerCommand, state: DungeoneerState, ctx: DecideContext): DungeoneerEvent[] {
  if (ctx.actor.kind !== 'seat') return fail('not-a-seat', 'only seated players send Dungeoneer commands');
  const seat = ctx.actor.seat;
  inGame(state, seat);
  setUp(state, command.type);
  const c: Ctx = { tx: new Tx(state), seat, random: ctx.random };
  switch (command.type) {
    case 'Upkeep':
      upkeep(c, command);
      break;
    case 'PlayEncounter':
      playEncounter(c, command);
      break;
    case 'PlayBane':
      playBane(c, command);
      break;
    case 'ResolveEncounters':
      resolveEncounters(c);
      break;
    case 'PlayBoon':
      playBoon(c, command);
      break;
    case 'ReadyTreasure':
      readyTreasure(c, command);
      break;
    case 'Activate':
      activate(c, command);
      break;
    case 'UseAbility':
      useAbility(c);
      break;
    case 'Pass':
      pass(c);
      break;
    case 'ChallengeHero':
      challengeHero(c, command);
      break;
    case 'ChallengeMonster':
      challengeMonster(c, command);
      break;
    case 'ChallengeQuestMonster':
      challengeQuestMonster(c, command);
      break;
    case 'Stow':
      stow(c, command);
      break;
    case 'Discard':
      discard(c, command);
      break;
    case 'AssignPeril':
      assignPeril(c, command);
      break;
    case 'EndPhase':
      endPhase(c);
      break;
    case 'PlaceMap':
      placeMap(c, command);
      break;
    case 'Move':
      move(c, command);
      break;
    case 'OpenDoor':
      openDoor(c, command);
      break;
    case 'ClimbOut':
      climbOut(c);
      break;
    case 'Explore':
      explore(c);
      break;
    case 'AttemptQuest':
      attemptQuest(c, command);
      break;
    case 'PickUpComponent':
      pickUpComponent(c, command);
      break;
    case 'DropComponent':
      dropComponent(c, command);
      break;
    case 'TakeCard':
      takeCard(c, command);
      break;
    case 'KeepSecret':
      keepSecret(c, command);
      break;
    case 'Loot':
      lootTreasure(c, command);
      break;
    case 'MovePack':
      movePack(c, command);
      break;
    case 'Defend':
      defend(c, command);
      break;
    case 'ChallengePack':
      challengePack(c, command);
      break;
    case 'BuyCard':
      buyCard(c);
      break;
    case 'Concede':
      concede(c);
      break;
    default: {
      const _exhaustive: never = command;
      return fail('unknown-command', `unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
  proceed(c.tx, c.random);
  return c.tx.events;
}
