// The dungeons as data: valid against the content schema, arrows to real rooms, one top room, every room reachable, known paths.
import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { DungeonSchema } from '../src/content';
import { allPaths, DUNGEON_IDS, DUNGEONS, isBottommost, topmostRoom } from '../src/index';

t.test('309.4: every dungeon is rooms joined by arrows, with one topmost room and at least one bottommost room', (t) => {
  for (const id of DUNGEON_IDS) {
    const dungeon = DUNGEONS[id];
    t.ok(Value.Check(DungeonSchema, dungeon), `${id}: valid against the content schema`);
    t.equal(dungeon.id, id, `${id}: registered under its own id`);
    const ids = dungeon.rooms.map((r) => r.id);
    t.equal(new Set(ids).size, ids.length, `${id}: room ids are unique`);
    for (const room of dungeon.rooms) for (const next of room.next) t.ok(ids.includes(next), `${id}: ${room.id} → ${next} exists`);
    const bottoms = dungeon.rooms.filter((r) => isBottommost(id, r.id)).length;
    t.equal(bottoms, id === 'baldurs-gate-wilderness' ? 3 : 1, `${id}: ${bottoms} bottommost room(s)`);
    const targets = new Set(dungeon.rooms.flatMap((r) => r.next));
    t.same(
      ids.filter((r) => !targets.has(r)),
      [topmostRoom(id)],
      `${id}: only the topmost room has no arrow into it`,
    );
    const visited = new Set(allPaths(id).flat());
    t.equal(visited.size, ids.length, `${id}: every room lies on some path`);
    for (const room of dungeon.rooms) t.ok(room.effects.length > 0 && room.name.length > 0, `${id}: ${room.id} has a name and an ability`);
  }
  t.end();
});

t.test('309.5a: the branch structures match the printed cards', (t) => {
  t.equal(allPaths('tomb-of-annihilation').length, 2);
  t.equal(allPaths('lost-mine-of-phandelver').length, 4);
  t.equal(allPaths('dungeon-of-the-mad-mage').length, 4);
  t.equal(allPaths('undercity').length, 6);
  t.equal(allPaths('baldurs-gate-wilderness').length, 72);
  t.same(
    allPaths('tomb-of-annihilation')
      .map((p) => p.length)
      .sort(),
    [3, 4],
  );
  t.ok(
    allPaths('dungeon-of-the-mad-mage').every((p) => p.length === 7),
    'Mad Mage paths are all seven rooms',
  );
  t.ok(
    allPaths('undercity').every((p) => p.length === 5),
    'Undercity paths are all five rooms',
  );
  t.end();
});

t.test('ruling 20: Baldur’s Gate Wilderness is the only dungeon a table opts into', (t) => {
  t.same(
    DUNGEON_IDS.filter((id) => DUNGEONS[id].optIn),
    ['baldurs-gate-wilderness'],
  );
  t.end();
});

t.test('701.49d / ruling 2: Undercity is the only dungeon restricted to "venture into Undercity"', (t) => {
  t.same(
    DUNGEON_IDS.filter((id) => DUNGEONS[id].onlyByVentureIntoUndercity),
    ['undercity'],
  );
  t.end();
});
