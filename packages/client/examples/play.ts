// A complete Dungeon game through the typed client: two seats, each sending the first of its legal commands until
// the game ends. Run against a server (the condition resolves the client to its sources):
// DELVE_URL=http://127.0.0.1:3000 node --conditions=@delve/source --import tsx packages/client/examples/play.ts
import { DelveClient, type Command } from '@delve/client';

const client = new DelveClient({ baseUrl: process.env.DELVE_URL ?? 'http://127.0.0.1:3000' });

const dungeon = (await client.modules()).find((m) => m.name === 'dungeon');
if (!dungeon) throw new Error('this server does not run the dungeon module');
console.log(`${dungeon.title}, rules version ${dungeon.rulesVersion}, ${dungeon.seats.min}-${dungeon.seats.max} seats`);

const game = await client.createGame('dungeon', 2, { variant: 'standard' });
const seats = [await client.claimSeat('dungeon', game.id), await client.claimSeat('dungeon', game.id)];
console.log(`game ${game.id}: watch it at /watch/${game.id}`);

for (let turn = 0; ; turn++) {
  const summary = await client.game(game.id);
  if (summary.status !== 'active') {
    console.log(`${summary.status} after ${turn} commands; winners: ${JSON.stringify(summary.winners)}`);
    break;
  }
  const seat = seats[summary.awaiting[0]!]!;
  const { commands } = await seat.legal();
  // A DungeonCommand: the compiler knows its fields (card, parent, target…) from openapi.yaml.
  const command: Command<'dungeon'> = commands[0]!;
  const { view } = await seat.send(command, { idempotencyKey: `turn-${turn}` });
  if (turn % 50 === 0) console.log(`turn ${turn}: seat ${seat.seat} sent ${command.type}; deck ${view.deckCount}`);
}
