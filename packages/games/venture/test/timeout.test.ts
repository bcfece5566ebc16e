// Ruling 24 (timeouts): the least harmful move played for an awaited player whose time ran out, for every choice a
// venture table waits on; and ruling 23, conceding (104.3a), the module's concession.
import t from 'tap';
import { refusalOf } from '@delve/kernel/testing';
import { venture } from '../src/index';
import { concession, timeoutCommand } from '../src/legal';
import type { VentureState } from '../src/state';
import { PATHS, Table } from './support';

/** The timeout command for `seat`, when decide accepts it as that seat's own command. */
function accepted(state: VentureState, seat: number) {
  const command = timeoutCommand(state, seat);
  return command !== null && refusalOf(venture, state, seat, command) === null ? command : null;
}

t.test('309.2a / ruling 24: a venture waiting for a dungeon brings in the one whose topmost room costs its owner least', (t) => {
  const table = new Table(2);
  table.send(0, { type: 'Venture' });
  t.same(table.view().pending?.options, ['tomb-of-annihilation', 'lost-mine-of-phandelver', 'dungeon-of-the-mad-mage']);
  // Tomb of Annihilation's Trapped Entry costs every player a life; Lost Mine of Phandelver's entrance costs nothing.
  t.same(accepted(table.state, 0), { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' });
  t.equal(timeoutCommand(table.state, 1), null, 'the other player is not awaited');
  t.end();
});

t.test('309.5a / ruling 24: several arrows: the room that costs least (Veils of Fear’s 2 life, not Oubliette’s four losses)', (t) => {
  const table = new Table(2).walk(0, 'tomb-of-annihilation', ['trapped-entry']).drain();
  table.send(0, { type: 'Venture' });
  t.same(table.view().pending, { seat: 0, kind: 'room', options: ['veils-of-fear', 'oubliette'] });
  t.same(accepted(table.state, 0), { type: 'ChooseRoom', room: 'veils-of-fear' });
  t.end();
});

t.test('704.5j / ruling 24: of two The Atropal tokens, the oldest is kept (the other has only just been created)', (t) => {
  const table = new Table(2).walk(0, 'tomb-of-annihilation', PATHS.tombShort).drain();
  const oldest = table.view().tokens[0]?.id ?? 0;
  table.walk(0, 'tomb-of-annihilation', PATHS.tombShort);
  table.send(0, { type: 'ResolveTop' });
  t.equal(table.view().pending?.kind, 'legend');
  t.same(accepted(table.state, 0), { type: 'ChooseLegend', keep: oldest });
  t.end();
});

t.test('ruling 8 / ruling 24: an "unless" cost is left unpaid: the player loses the life', (t) => {
  const table = new Table(2).walk(0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear']);
  table.send(0, { type: 'ResolveTop' });
  t.equal(table.view().phase, 'answer-unless');
  t.same(accepted(table.state, 0), { type: 'AnswerUnless', pay: false });
  t.end();
});

t.test('309.4c / ruling 24: the top of the stack resolves naming no token, with an opponent as the target player', (t) => {
  const trap = new Table(3, 0).walk(0, 'undercity', ['secret-entrance', 'forge', 'trap']);
  t.same(accepted(trap.state, 0), { type: 'ResolveTop', targetPlayer: 1 }, 'Trap! targets an opponent, never the player itself');
  const oubliette = new Table(2).walk(0, 'tomb-of-annihilation', ['trapped-entry', 'oubliette']);
  t.same(accepted(oubliette.state, 0), { type: 'ResolveTop' }, 'Oubliette sacrifices no tracked token');
  t.end();
});

t.test('309.4c / ruling 24: Ansur’s Sanctum is resolved with a revealed total mana value of 0', (t) => {
  const path = [
    'crash-landing',
    'goblin-camp',
    'defiled-temple',
    'ebonlake-grotto',
    'last-light-inn',
    'moonrise-towers',
    'circus-of-the-last-days',
    'ansurs-sanctum',
  ];
  const table = new Table(2, 0, { baldursGateWilderness: true }).walk(0, 'baldurs-gate-wilderness', path);
  t.same(accepted(table.state, 0), { type: 'ResolveTop', revealedManaValue: 0 });
  t.end();
});

t.test('ruling 15 / ruling 24: on the player’s own turn with an empty stack, the turn is passed', (t) => {
  const table = new Table(3, 1);
  t.same(accepted(table.state, 1), { type: 'PassTurn' });
  t.same(venture.status(table.state).awaiting, [1]);
  t.equal(timeoutCommand(table.state, 0), null);
  t.end();
});

t.test('104.3a / ruling 23: any player still in a game going on may concede, awaited or not; nobody else', (t) => {
  const table = new Table(3, 0);
  t.same(concession(table.state, 2), { type: 'LeaveGame' });
  table.send(2, { type: 'LeaveGame' });
  t.equal(concession(table.state, 2), null, 'a player who left cannot concede again');
  table.send(1, { type: 'LeaveGame' });
  t.same(venture.status(table.state).winners, [0]);
  t.equal(concession(table.state, 0), null, 'nor anyone once the game is over');
  t.end();
});
