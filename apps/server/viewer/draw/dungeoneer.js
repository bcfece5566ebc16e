// Dungeoneer: the map as a grid of the placed Map cards (north up), each with its doors, glory and peril, and the
// heroes standing on it; then each player's hero, trackers, Pack and hand (face down unless it is the viewer's own).
import { hand, html, seatColour, seatPanel, svg } from './svg.js';

const S = 86;
/** Where each side's door is drawn on a cell, as [x1, y1, x2, y2] from the cell's top-left corner. */
const SIDES = {
  N: [S / 3, 0, (2 * S) / 3, 0],
  S: [S / 3, S, (2 * S) / 3, S],
  W: [0, S / 3, 0, (2 * S) / 3],
  E: [S, S / 3, S, (2 * S) / 3],
};
const DOOR = { open: '#3b7d3b', locked: '#b9770e', trapped: '#b22' };

/** The grid: one square per placed card; a wall is the cell's border, a door a coloured gap in it. */
function map(view) {
  const { cells, minX, maxX, minY, maxY } = view.grid;
  const width = (maxX - minX + 1) * S + 20;
  const height = (maxY - minY + 1) * S + 20;
  const picture = svg('svg', { width, height, role: 'img', 'aria-label': `map of ${cells.length} cards` });
  for (const cell of cells) {
    const x = 10 + (cell.x - minX) * S;
    const y = 10 + (maxY - cell.y) * S;
    const group = svg('g', { 'data-cell': `${cell.x},${cell.y}`, 'data-card': cell.card });
    const fill = cell.kind === 'entrance' ? '#e8dcc0' : cell.kind === 'room' ? '#fffdf7' : '#eee8dc';
    group.append(svg('rect', { x, y, width: S, height: S, fill, stroke: '#333', 'stroke-width': 2 }));
    for (const [side, [x1, y1, x2, y2]] of Object.entries(SIDES)) {
      const exit = cell.exits[side];
      if (exit.kind === 'wall') continue;
      const colour = cell.open.includes(side) ? DOOR.open : (DOOR[exit.kind] ?? '#333');
      group.append(svg('line', { x1: x + x1, y1: y + y1, x2: x + x2, y2: y + y2, stroke: colour, 'stroke-width': 5 }));
    }
    const name = svg('text', { x: x + 4, y: y + 14, 'font-size': 10 });
    name.textContent = cell.name.slice(0, 12);
    const score = svg('text', { x: x + 4, y: y + S - 6, 'font-size': 10 });
    score.textContent = `★${cell.glory} ☠${cell.peril}${cell.feature ? ' ◆' : ''}`;
    group.append(name, score);
    cell.heroes.forEach((seat, i) =>
      group.append(svg('circle', { cx: x + 20 + i * 16, cy: y + S / 2, r: 7, fill: seatColour(seat), 'data-hero': seat })),
    );
    picture.append(group);
  }
  return picture;
}

export function draw(view, board) {
  const info = html('p', { class: 'table-info' });
  const turn = view.turn ? `round ${view.turn.round}, seat ${view.turn.seat}'s turn` : 'no turn yet';
  info.append(`${turn} · ${view.phase} · waiting for ${view.awaiting.map((s) => `seat ${s}`).join(', ') || 'nobody'}`);
  info.append(` · adventure deck ${view.deckCount} · map deck ${view.mapDeckCount} · quest deck ${view.questDeckCount}`);
  if (view.winners) info.append(` · winners: ${view.winners.map((s) => `seat ${s}`).join(', ') || 'nobody'}`);
  board.append(info, html('section', { class: 'seat map' }, html('h2', {}, 'Map'), map(view)));
  for (const player of view.players) {
    const panel = seatPanel(player.seat, view.you, `Seat ${player.seat}${player.defeated ? ' ✝' : ''}`, player.defeated ? ' out' : '');
    const hero = player.hero;
    panel.append(
      html('p', {}, hero ? `${hero.id} · level ${hero.level} · life ${hero.life} · at ${hero.x},${hero.y}` : 'no hero yet'),
      html(
        'p',
        {},
        `glory ${player.glory} · peril ${player.peril} · quests ${player.quests.length} · completed ${player.completed.length}`,
      ),
      html('p', {}, `pack: ${player.pack.map((m) => `${m.card}${m.wounds ? ` (${m.wounds} wounds)` : ''}`).join(', ') || 'empty'}`),
      hand(player.seat, player.hand, player.handCount),
    );
    board.append(panel);
  }
}
