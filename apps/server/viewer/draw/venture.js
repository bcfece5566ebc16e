// Venture: each player's dungeon as a small room graph (the rooms the marker has been through, the marker's room and
// where its arrows lead, by name), the initiative, life, tokens and completed dungeons, and the stack.
import { html, seatColour, seatPanel, svg } from './svg.js';

/** Rooms each player's marker has stood on, remembered across the revisions this page has shown. */
const trails = new Map();
const ROOM_W = 190;

/** A room's name from the module's content ("<dungeon>/<room>"), else its id. */
const roomName = (ctx, dungeon, room) => ctx?.content(`${dungeon}/${room}`)?.name ?? room;

function roomGraph(player, ctx) {
  const d = player.dungeon;
  const key = `${player.seat}:${d.id}`;
  const trail = trails.get(key) ?? [];
  if (trail.at(-1)?.id !== d.room) trail.push({ id: d.room, name: d.roomName });
  trails.set(key, trail);
  const behind = trail.slice(-3);
  const ahead = d.next.map((id) => ({ id, name: roomName(ctx, d.id, id) }));
  const width = ROOM_W * (behind.length + (ahead.length > 0 ? 1 : 0)) + 10;
  const height = Math.max(56, 12 + ahead.length * 30);
  const picture = svg('svg', { width, height, role: 'img', 'aria-label': `${d.name}: marker in ${d.roomName}` });
  let x = 10;
  behind.forEach((room, i) => {
    const here = i === behind.length - 1;
    const group = svg('g', { 'data-room': room.id, 'data-content': `${d.id}/${room.id}` });
    group.append(svg('rect', { x, y: 10, width: ROOM_W - 30, height: 30, rx: 6, fill: here ? '#f6e58d' : '#eee', stroke: '#333' }));
    const label = svg('text', { x: x + 6, y: 30, 'font-size': 11 });
    label.textContent = room.name;
    group.append(label);
    if (here) group.append(svg('circle', { cx: x + ROOM_W - 40, cy: 18, r: 6, fill: seatColour(player.seat), 'data-marker': player.seat }));
    picture.append(group);
    if (i < behind.length - 1 || ahead.length > 0)
      picture.append(svg('line', { x1: x + ROOM_W - 30, y1: 25, x2: x + ROOM_W - 5, y2: 25, stroke: '#333' }));
    x += ROOM_W;
  });
  ahead.forEach((room, i) => {
    const y = 8 + i * 30;
    const group = svg('g', { 'data-room': room.id, 'data-content': `${d.id}/${room.id}` });
    group.append(svg('rect', { x, y, width: ROOM_W - 20, height: 24, rx: 4, fill: '#fff', stroke: '#555', 'stroke-dasharray': 3 }));
    const label = svg('text', { x: x + 4, y: y + 16, 'font-size': 11 });
    label.textContent = `→ ${room.name}`;
    group.append(label);
    picture.append(group);
  });
  return picture;
}

export function draw(view, board, ctx) {
  const name = (seat) => ctx?.seatName(seat) ?? `seat ${seat}`;
  const info = html('p', { class: 'table-info' });
  const holder = view.initiative === null ? 'nobody' : name(view.initiative);
  info.append(`Turn ${view.turn}: ${name(view.active)} is active, ${view.step} step · initiative ♛ ${holder}`);
  if (view.winners) info.append(` · winners: ${view.winners.map(name).join(', ') || 'nobody'}`);
  board.append(info);
  for (const player of view.players) {
    const panel = seatPanel(player.seat, view.you, `${name(player.seat)}${player.hasInitiative ? ' ♛' : ''}`, player.inGame ? '' : ' out');
    panel.append(html('p', {}, `life ${player.life} · completed ${player.completedTotal} (${player.completedDistinct} different)`));
    panel.append(player.dungeon ? html('p', { 'data-content': player.dungeon.id }, player.dungeon.name) : html('p', {}, 'no dungeon'));
    if (player.dungeon) panel.append(roomGraph(player, ctx));
    const tokens = view.tokens.filter((t) => t.controller === player.seat);
    if (tokens.length > 0) {
      const list = html('p', { class: 'tokens' }, 'tokens: ');
      for (const t of tokens)
        list.append(
          html(
            'span',
            { class: 'token', 'data-token': t.id, 'data-content': t.kind },
            `#${t.id} ${t.name}${t.counters ? ` +${t.counters}/+${t.counters}` : ''}`,
          ),
        );
      panel.append(list);
    }
    board.append(panel);
  }
  const stack = html('section', { class: 'seat', 'data-stack': view.stack.length }, html('h2', {}, `Stack (${view.stack.length})`));
  [...view.stack].reverse().forEach((entry, i) => {
    const text = `${entry.kind}${entry.roomName ? `: ${entry.roomName}` : ''} (${name(entry.controller)})${i === 0 ? ' · top' : ''}`;
    stack.append(
      html(
        'p',
        {
          'data-entry': entry.id,
          ...(i === 0 && { 'data-top': '' }),
          ...(entry.room && { 'data-content': `${entry.dungeon}/${entry.room}` }),
        },
        text,
      ),
    );
  });
  board.append(stack);
}

/** Where a command is played on the picture: the room an arrow leads to, the token kept or removed, the stack's top. */
export function targetOf(command, view) {
  if (command.type === 'ChooseRoom') return `[data-seat="${view.you}"] [data-room="${command.room}"]`;
  if (command.type === 'ChooseLegend') return `[data-token="${command.keep}"]`;
  if (command.type === 'RemoveToken') return `[data-token="${command.token}"]`;
  if (command.type === 'ResolveTop' && Object.keys(command).length === 1) return '[data-top]';
  return null;
}

/** Each command type in words. */
export const labels = {
  Venture: (c) => (c.undercity ? 'Venture into Undercity' : 'Venture into the dungeon'),
  ChooseDungeon: (c, view, ctx) => `Enter ${ctx?.name(c.dungeon) ?? c.dungeon}`,
  ChooseRoom: (c, view, ctx) => `Go to ${roomName(ctx, view.players.find((p) => p.seat === view.you)?.dungeon?.id, c.room)}`,
  ChooseLegend: (c) => `Keep token #${c.keep}`,
  ResolveTop: (c) =>
    `Resolve the top of the stack${
      Object.keys(c).length > 1
        ? ` (${Object.entries(c)
            .filter(([k]) => k !== 'type')
            .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
            .join(', ')})`
        : ''
    }`,
  AnswerUnless: (c) => (c.pay ? `Pay the cost${c.token ? ` with token #${c.token}` : ''}` : 'Do not pay: lose the life'),
  TakeInitiative: 'Take the initiative',
  ReportCombatDamage: (c) => `Report combat damage to seat ${c.player}`,
  AdvanceStep: 'Go to the next step',
  PassTurn: 'End your turn',
  LeaveGame: 'Leave the game',
  AdjustLife: (c) => `Change seat ${c.player}'s life`,
  RemoveToken: (c) => `Remove token #${c.token}`,
};

export const legend = [
  ['♛', 'holds the initiative'],
  ['yellow room', 'the room the marker is in'],
  ['coloured dot', "the player's venture marker"],
  ['→ dashed room', 'where the arrows from the marker’s room lead'],
  ['#3 Goblin', 'a token on the battlefield, by its number'],
  ['top', 'the stack entry that resolves next'],
];
