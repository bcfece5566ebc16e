// Venture: each player's dungeon as a small room graph (the rooms the marker has been through, the marker's room and
// where its arrows lead), the initiative, life and completed dungeons, and the stack.
import { html, seatColour, seatPanel, svg } from './svg.js';

/** Rooms each player's marker has stood on, remembered across the revisions this page has shown. */
const trails = new Map();

function roomGraph(player) {
  const d = player.dungeon;
  const key = `${player.seat}:${d.id}`;
  const trail = trails.get(key) ?? [];
  if (trail.at(-1)?.id !== d.room) trail.push({ id: d.room, name: d.roomName });
  trails.set(key, trail);
  const rooms = [...trail.slice(-4), ...d.next.map((id) => ({ id, name: id, ahead: true }))];
  const width = 170 * Math.min(rooms.length, 6);
  const picture = svg('svg', { width, height: 70, role: 'img', 'aria-label': `${d.name}, marker in ${d.roomName}` });
  let x = 10;
  const behind = rooms.filter((r) => !r.ahead);
  behind.forEach((room, i) => {
    const here = i === behind.length - 1;
    picture.append(svg('rect', { x, y: 10, width: 140, height: 30, rx: 6, fill: here ? '#f6e58d' : '#eee', stroke: '#333' }));
    const label = svg('text', { x: x + 6, y: 30 });
    label.textContent = room.name.slice(0, 18);
    picture.append(label);
    if (here) picture.append(svg('circle', { cx: x + 132, cy: 18, r: 6, fill: seatColour(player.seat), 'data-marker': player.seat }));
    if (i < behind.length - 1 || d.next.length > 0)
      picture.append(svg('line', { x1: x + 140, y1: 25, x2: x + 165, y2: 25, stroke: '#333' }));
    x += 170;
  });
  rooms
    .filter((r) => r.ahead)
    .forEach((room, i) => {
      const y = 10 + i * 20;
      picture.append(svg('rect', { x, y: y - 5, width: 140, height: 18, rx: 4, fill: '#fff', stroke: '#999', 'stroke-dasharray': 3 }));
      const label = svg('text', { x: x + 4, y: y + 8, 'font-size': 10 });
      label.textContent = `→ ${room.name}`;
      picture.append(label);
    });
  return picture;
}

export function draw(view, board) {
  const info = html('p', { class: 'table-info' });
  info.append(`turn ${view.turn} · seat ${view.active} active · step ${view.step} · initiative: ${view.initiative ?? 'nobody'}`);
  if (view.winners) info.append(` · winners: ${view.winners.map((s) => `seat ${s}`).join(', ')}`);
  board.append(info);
  for (const player of view.players) {
    const panel = seatPanel(player.seat, view.you, `Seat ${player.seat}${player.hasInitiative ? ' ♛' : ''}`, player.inGame ? '' : ' out');
    panel.append(html('p', {}, `life ${player.life} · completed ${player.completedTotal} (${player.completedDistinct} different)`));
    panel.append(player.dungeon ? html('p', {}, player.dungeon.name) : html('p', {}, 'no dungeon'));
    if (player.dungeon) panel.append(roomGraph(player));
    board.append(panel);
  }
  const stack = html('section', { class: 'seat', 'data-stack': view.stack.length }, html('h2', {}, `Stack (${view.stack.length})`));
  for (const entry of [...view.stack].reverse()) {
    stack.append(html('p', {}, `${entry.kind}${entry.roomName ? `: ${entry.roomName}` : ''} (seat ${entry.controller})`));
  }
  board.append(stack);
}
