// The heuristic bot: ventures and takes the initiative now and then, hits the weakest opponent in combat and with
// targeted rooms, avoids rooms that cost it, and keeps its life; it decides from its seat's turn (view, legal commands).
import type { BotTurn, CommandTemplate, Random } from '@delve/kernel';
import type { CommandOf, VentureCommand } from '../commands';
import { ownCost, roomOf, topmostRoom } from '../content';
import type { VentureView } from '../viewSchema';

/** The option scoring highest, the first on a tie; undefined for none. */
function best<T>(options: readonly T[], score: (option: T) => number): T | undefined {
  return options.reduce<T | undefined>((top, o) => (top === undefined || score(o) > score(top) ? o : top), undefined);
}

/** A template's command with its free amount set. */
const filled = (template: CommandTemplate, amount: Record<string, number>): VentureCommand =>
  ({ type: template.type, ...template.fixed, ...amount }) as VentureCommand;

/** The bot's command for its seat's turn, or null when the table does not wait for it. It never concedes. */
export function heuristicBot(turn: BotTurn<VentureView, VentureCommand>, random: Random): VentureCommand | null {
  const { seat, view, legal, templates } = turn;
  if (!view.awaiting.includes(seat)) return null;
  const of = <T extends VentureCommand['type']>(type: T) => legal.filter((c): c is CommandOf<T> => c.type === type);
  const me = view.players[seat];
  const weakest = best(
    view.players.filter((p) => p.inGame && p.seat !== seat),
    (p) => -p.life,
  );

  const dungeon = best(of('ChooseDungeon'), (c) => -ownCost(roomOf(c.dungeon, topmostRoom(c.dungeon))?.effects ?? []));
  if (dungeon) return dungeon;
  const here = me?.dungeon?.id;
  const room = best(of('ChooseRoom'), (c) => (here ? -ownCost(roomOf(here, c.room)?.effects ?? []) : 0));
  if (room) return room;
  const legend = of('ChooseLegend')[0];
  if (legend) return legend;

  const answers = of('AnswerUnless');
  if (answers.length > 0) {
    const loss = view.stack.at(-1)?.effects?.find((e) => e.kind === 'unless');
    const lethal = loss?.kind === 'unless' && (me?.life ?? 0) <= loss.lifeLoss + 2;
    return answers.find((c) => c.pay === lethal && c.token === undefined) ?? answers[0] ?? null;
  }

  const mine = (token: number | undefined) => view.tokens.find((t) => t.id === token)?.controller === seat;
  const resolve = best(of('ResolveTop'), (c) => {
    const target = c.targetPlayer === undefined ? 0 : c.targetPlayer === weakest?.seat ? 10 : c.targetPlayer === seat ? -10 : 0;
    const counters = c.targetToken === undefined ? 0 : mine(c.targetToken) ? 2 : -2;
    return target + counters + Object.keys(c.distribute ?? {}).length - 3 * (c.sacrifice?.length ?? 0);
  });
  if (resolve) return resolve;
  const revealed = templates.find((t) => t.type === 'ResolveTop');
  if (revealed) return filled(revealed, { revealedManaValue: random.int(13) });

  // Its own turn with an empty stack.
  if (view.step === 'main1') {
    const roll = random.int(6);
    if (roll < 3) return of('Venture').find((c) => c.undercity === undefined) ?? null;
    if (roll === 3 && view.initiative !== seat) return of('TakeInitiative')[0] ?? null;
  }
  if (view.step === 'combat-damage' && weakest) {
    const hit = templates.find((t) => t.type === 'ReportCombatDamage' && t.fixed.player === weakest.seat && !t.fixed.firstStrike);
    if (hit) return filled(hit, { amount: 1 + random.int(5) });
  }
  return of('AdvanceStep')[0] ?? of('PassTurn')[0] ?? null;
}
