// The dungeons as data: arrows point at real rooms, one top and one bottom room, every room reachable, known path counts.
import t from 'tap';
import { allPaths, DUNGEON_IDS, DUNGEONS, isBottommost, topmostRoom } from '../src/index';

t.test('309.4: every dungeon is rooms joined by arrows, with one topmost and one bottommost room', (t) => {
  for (const id of DUNGEON_IDS) {
    const dungeon = DUNGEONS[id];
    const ids = dungeon.rooms.map((r) => r.id);
    t.equal(new Set(ids).size, ids.length, `${id}: room ids are unique`);
    for (const room of dungeon.rooms) for (const next of room.next) t.ok(ids.includes(next), `${id}: ${room.id} → ${next} exists`);
    t.equal(dungeon.rooms.filter((r) => isBottommost(id, r.id)).length, 1, `${id}: one bottommost room`);
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

t.test('Undercity is the only dungeon restricted to "venture into Undercity"', (t) => {
  t.same(
    DUNGEON_IDS.filter((id) => DUNGEONS[id].onlyByVentureIntoUndercity),
    ['undercity'],
  );
  t.end();
});
