// The bots: both only ever send legal commands, the server bots play from a seat's turn alone, and each is as strong as
// the module records (the heuristic one wins most 2-player games), which the win-rate bench measures.
import t from 'tap';
import { randomFor } from '@delve/kernel';
import { dungeon, heuristicBot, randomBot, commandKey } from '../src/index';
import { botsChoose, botTurn, playout } from '@delve/kernel/testing';
import { winRate } from '../bench/winrate';

t.test('bots: every command either bot sends is one of the legal commands', async (t) => {
  let checked = 0;
  for (const variant of ['standard', 'pitch-black'] as const) {
    playout(dungeon, {
      options: { variant, counterAttack: 3 },
      seats: 3,
      seed: `bots:${variant}`,
      choose: botsChoose(dungeon, [heuristicBot, randomBot, heuristicBot]),
      maxSteps: 3000,
      onStep: ({ before, command, seat }) => {
        if (!command || seat === null) return;
        const keys = dungeon.legalCommands(before, seat).map(commandKey);
        if (!keys.includes(commandKey(command))) t.fail(`not legal: ${JSON.stringify(command)}`);
        checked++;
      },
    });
  }
  t.ok(checked > 100, `${checked} commands checked`);
});

t.test('bots: they answer null when the seat has nothing to do', async (t) => {
  const view = dungeon.view(dungeon.initialState({}, 2), { kind: 'seat', seat: 0 });
  t.equal(randomBot(view, 0, randomFor('x', 0)), null);
  t.equal(heuristicBot(view, 0, randomFor('x', 0)), null);
});

t.test('bots: the strength each server bot publishes is what the win-rate bench measures (200 standard 2-player games)', async (t) => {
  const { wins, games, unfinished } = winRate(200);
  t.equal(unfinished, 0, 'every game finished');
  const [heuristic, random] = dungeon.bots ?? [];
  t.equal(heuristic?.strength.winRate, wins / games, `heuristic: ${wins} wins, a clear majority`);
  t.equal(random?.strength.winRate, (games - wins) / games, `random: ${games - wins} wins`);
  t.ok(wins / games > 0.55, 'the heuristic bot beats the random one');
});

t.test('bots: the server bots, the default first, play a seat from its turn (view, legal commands) alone and never concede', async (t) => {
  const bots = dungeon.bots ?? [];
  t.same(
    bots.map((b) => b.name),
    ['heuristic', 'random'],
  );
  for (const bot of bots) {
    t.ok(bot.strength.games > 0 && bot.strength.winRate >= 0 && bot.strength.winRate <= 1, `${bot.name}: a measured strength`);
    let moves = 0;
    const result = playout(dungeon, {
      options: { variant: 'jokers-wild', counterAttack: 3 },
      seats: 3,
      seed: `server-bot:${bot.name}`,
      maxSteps: 4000,
      choose: (state, random) => {
        const seat = random.pick(dungeon.status(state).awaiting);
        // Exactly what a client playing the seat gets: nothing of the state but the seat's view.
        const turn = botTurn(dungeon, state, seat);
        const command = bot.play(turn, random);
        if (!command || !turn.legal.some((c) => commandKey(c) === commandKey(command)))
          throw new Error(`${bot.name}: ${JSON.stringify(command)}`);
        if (command.type === 'Concede') throw new Error(`${bot.name} conceded`);
        moves++;
        return { seat, command };
      },
    });
    t.ok(result.finished, `${bot.name} plays a three-seat game to the end (${moves} moves)`);
  }
});
