// decide: guards shared by every command, then one named function per command; ends in an exhaustive check.
import { sameJson, type DecideContext } from '@delve/kernel';
import { DUNGEON_COMMAND_TYPES, type RaidCommand } from './commands';
import type { RaidEvent } from './events';
import { markHero, nextDungeonStep, declareAttack, flipCard, resolveAttack, resolveFlip, startDungeonTurn } from './rules/dungeon';
import { settle } from './rules/effects';
import { afterRaiderCommand, endTurn } from './rules/turns';
import { Tx, type Ctx } from './rules/tx';
import { fail } from './rules/fail';
import type { RaidState } from './state';
import { attack, discard, finishTurn, pass, placeResource, playCard, protect } from './rules/raiders';
import { keepHand, mulligan } from './rules/opening';
import { concede } from './rules/concession';

/** Check the command against the rules and return the events it causes. Throws RuleViolation (`raid/<code>`). */
export function decide(command: RaidCommand, state: RaidState, ctx: DecideContext): RaidEvent[] {
  if (state.phase === 'over') return fail('game-over', 'the raid is over');
  if (state.phase === 'lobby') return fail('not-started', 'the raid has not been set up yet');
  const tx = new Tx(state);
  const fromDungeon = DUNGEON_COMMAND_TYPES.has(command.type);
  if (fromDungeon !== (ctx.actor.kind === 'automaton')) {
    return fromDungeon
      ? fail('dungeon-only', `the Dungeon plays itself: only its automaton sends ${command.type}`)
      : fail('raiders-only', `${command.type} is a raider's command`);
  }
  const seat = ctx.actor.kind === 'seat' ? ctx.actor.seat : -1;
  if (!fromDungeon) {
    const me = state.raiders[seat] ?? fail('not-a-seat', `there is no raider ${seat}`);
    if (!me.alive) return fail('destroyed', 'your hero has been destroyed: you take no further part');
  } else {
    // The automaton may only take the step the Dungeon's fixed rules give (rules/dungeon.ts).
    const step = nextDungeonStep(state);
    if (!step || !sameJson(step, command)) fail('not-the-dungeons-step', `the Dungeon's next step is ${step?.type ?? 'none'}`);
  }
  const c: Ctx = { tx, seat, random: ctx.random };
  switch (command.type) {
    case 'Mulligan':
      mulligan(c);
      break;
    case 'KeepHand':
      keepHand(c);
      break;
    case 'PlaceResource':
      placeResource(c, command);
      break;
    case 'PlayCard':
      playCard(c, command);
      break;
    case 'Attack':
      attack(c, command);
      break;
    case 'Protect':
      protect(c, command);
      break;
    case 'Pass':
      pass(c);
      break;
    case 'EndTurn':
      finishTurn(c);
      break;
    case 'Discard':
      discard(c, command);
      break;
    case 'Concede':
      concede(c);
      break;
    case 'StartDungeonTurn':
      startDungeonTurn(c);
      break;
    case 'MarkHero':
      markHero(tx, c.random);
      break;
    case 'FlipCard':
      flipCard(c);
      break;
    case 'ResolveFlip':
      resolveFlip(c);
      break;
    case 'DeclareAttack':
      declareAttack(c, command);
      break;
    case 'ResolveAttack':
      resolveAttack(c);
      break;
    case 'EndDungeonTurn':
      endTurn(tx, c.random);
      break;
    default: {
      const _exhaustive: never = command;
      return fail('unknown-command', `unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
  if (fromDungeon) settle(tx);
  else afterRaiderCommand(tx, c.random);
  return tx.events;
}

// ---- the opening: one optional mulligan each
