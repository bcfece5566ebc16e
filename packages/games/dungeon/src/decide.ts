// decide: guards shared by every command, then one named function per command, each enforcing the rules it cites.
import type { DecideContext } from '@delve/kernel';
import type { DungeonCommand } from './commands';
import type { DungeonEvent } from './events';
import { awaiting } from './rules/table';
import { Tx, type Ctx } from './rules/tx';
import { fail } from './rules/fail';
import type { DungeonState } from './state';
import { acceptAnswer, demandLook, denyCard, giveCard, resolveLie, takeFromDiscard, useGraverobber, useMyrmiddon } from './rules/powers';
import { accuse, interrupt, pass, playAce } from './rules/windows';
import { attack, fight, retreat } from './rules/combat';
import { caveIn, loseJoker, playPassage, saveJoker } from './rules/digging';
import { discard, endTurn, playOffCard } from './rules/turn';
import { concede } from './rules/concession';

/** Check the command against the rules and return the events it causes. Throws RuleViolation. */
export function decide(command: DungeonCommand, state: DungeonState, ctx: DecideContext): DungeonEvent[] {
  if (ctx.actor.kind !== 'seat') fail('not-a-seat', 'only seated players send dungeon commands');
  const seat = ctx.actor.seat;
  if (state.phase === 'over') fail('game-over', 'the game is over');
  if (state.phase === 'lobby') fail('not-started', 'the cards have not been dealt yet');
  const me = state.players[seat] ?? fail('not-a-seat', `there is no seat ${seat}`);
  if (!me.alive) fail('dead', 'slain players take no further part');
  // An Ace (§Aces) and a concession (ruling) are the commands a seat may send whether or not the game waits for it.
  if (command.type !== 'PlayAce' && command.type !== 'Concede' && !awaiting(state).includes(seat)) {
    if (state.phase === 'play' && !state.window && !state.prompt) fail('not-your-turn', 'it is not your turn');
    fail('not-awaited', 'the game is not waiting for you now');
  }
  const c: Ctx = { tx: new Tx(state), seat, me, random: ctx.random };
  switch (command.type) {
    case 'PlayOffCard':
      playOffCard(c, command);
      break;
    case 'PlayPassage':
      playPassage(c, command);
      break;
    case 'CaveIn':
      caveIn(c, command);
      break;
    case 'Attack':
      attack(c, command);
      break;
    case 'UseGraverobber':
      useGraverobber(c, command);
      break;
    case 'UseMyrmiddon':
      useMyrmiddon(c, command);
      break;
    case 'PlayAce':
      playAce(c, command);
      break;
    case 'Pass':
      pass(c);
      break;
    case 'Interrupt':
      interrupt(c, command);
      break;
    case 'Accuse':
      accuse(c, command);
      break;
    case 'Fight':
      fight(c, command);
      break;
    case 'Retreat':
      retreat(c);
      break;
    case 'GiveCard':
      giveCard(c, command);
      break;
    case 'DenyCard':
      denyCard(c);
      break;
    case 'DemandLook':
      demandLook(c);
      break;
    case 'AcceptAnswer':
      acceptAnswer(c);
      break;
    case 'ResolveLie':
      resolveLie(c, command);
      break;
    case 'SaveJoker':
      saveJoker(c, command);
      break;
    case 'LoseJoker':
      loseJoker(c);
      break;
    case 'TakeFromDiscard':
      takeFromDiscard(c, command);
      break;
    case 'Discard':
      discard(c, command);
      break;
    case 'EndTurn':
      endTurn(c);
      break;
    case 'Concede':
      concede(c);
      break;
    default: {
      const _exhaustive: never = command;
      fail('unknown-command', `unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
  return c.tx.events;
}
