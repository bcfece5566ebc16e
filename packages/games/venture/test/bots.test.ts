// The server bots: each plays a seat from its turn alone (view, legal commands, templates), never concedes, and is as
// strong as the module records, which the win-rate bench measures.
import t from 'tap';
import { playout, botTurn } from '@delve/kernel/testing';
import { venture } from '../src/index';
import { winRate } from '../bench/winrate';
import { matchesTemplate } from './support';

t.test('bots: the server bots, the default first, play a table to its end from their turns and never concede', async (t) => {
  const bots = venture.bots ?? [];
  t.same(
    bots.map((b) => b.name),
    ['heuristic', 'random'],
  );
  for (const bot of bots) {
    let moves = 0;
    const result = playout(venture, {
      options: { baldursGateWilderness: true },
      seats: 3,
      seed: `server-bot:${bot.name}`,
      maxSteps: 4000,
      choose: (state, random) => {
        const seat = random.pick(venture.status(state).awaiting);
        const turn = botTurn(venture, state, seat);
        const command = bot.play(turn, random);
        const allowed =
          command !== null &&
          (turn.legal.some((c) => JSON.stringify(c) === JSON.stringify(command)) ||
            turn.templates.some((tpl) => matchesTemplate(command, tpl)));
        if (!allowed || command.type === 'LeaveGame') throw new Error(`${bot.name}: ${JSON.stringify(command)}`);
        moves++;
        return { seat, command };
      },
    });
    t.ok(result.finished, `${bot.name} plays a three-player table to the end (${moves} moves)`);
  }
});

t.test('bots: the strength each server bot publishes is what the win-rate bench measures (200 two-player games)', async (t) => {
  const measured = winRate(200);
  t.equal(measured.unfinished, 0, 'every game ends');
  const [heuristic, random] = venture.bots ?? [];
  t.equal(heuristic?.strength.winRate, measured.wins / measured.games, `heuristic: ${measured.wins} wins`);
  t.equal(random?.strength.winRate, measured.losses / measured.games, `random: ${measured.losses} wins`);
});
