// Raid: a board with the automated Dungeon across the top (its hero with a health bar, allies, gear, deck and what it
// does next) and each raider below (hero, allies, gear, resources and hand, face down unless it is the viewer's own).
import { hand, html, seatColour, seatPanel, svg } from './svg.js';

/** A hero or ally as a small card with a health bar: attack, damage taken of health, exhausted dimmed. */
function unit(u, colour) {
  const width = 120;
  const left = Math.max(0, u.health - u.damage);
  const picture = svg('svg', { width, height: 46, role: 'img', 'aria-label': `${u.name}: ${left} of ${u.health} health` });
  const group = svg('g', { 'data-unit': u.ref ?? u.id, opacity: u.exhausted ? 0.55 : 1 });
  group.append(svg('rect', { x: 1, y: 1, width: width - 2, height: 44, rx: 5, fill: '#fffdf7', stroke: colour, 'stroke-width': 2 }));
  const name = svg('text', { x: 6, y: 15, 'font-size': 11 });
  name.textContent = u.name.slice(0, 15);
  const stats = svg('text', { x: 6, y: 29, 'font-size': 10 });
  stats.textContent = `⚔ ${u.atk + (u.atkBonus ?? 0)}  ♥ ${left}/${u.health}`;
  group.append(name, stats);
  group.append(svg('rect', { x: 6, y: 35, width: width - 12, height: 5, fill: '#ddd' }));
  group.append(svg('rect', { x: 6, y: 35, width: ((width - 12) * left) / Math.max(1, u.health), height: 5, fill: '#3b7d3b' }));
  picture.append(group);
  return picture;
}

/** A row of a side's units: its hero first, then its allies. */
function row(hero, allies, colour) {
  const line = html('div', { class: 'units' }, unit(hero, colour));
  for (const ally of allies) line.append(unit(ally, colour));
  return line;
}

const gear = (side) => `weapon ${side.weapon?.name ?? '–'} · armor ${side.armor?.name ?? '–'}`;

export function draw(view, board) {
  const info = html('p', { class: 'table-info' });
  info.append(`${view.phase} · ${view.step} · turn ${view.turn?.number ?? '–'} · dungeon turns ${view.dungeonTurns}`);
  if (view.marked !== null) info.append(` · marked: seat ${view.marked}${view.roll === null ? '' : ` (rolled ${view.roll})`}`);
  if (view.result) info.append(` · ${view.result.outcome} win`);
  board.append(info);
  const d = view.dungeon;
  const dungeon = html('section', { class: 'seat dungeon', 'data-side': 'dungeon' });
  dungeon.append(
    html('h2', {}, `${d.name} (level ${d.hero.level}, enrage ${d.hero.enrage})`),
    row(d.hero, d.allies, '#2d2a26'),
    html('p', {}, `${gear(d)} · deck ${d.deckCount} · graveyard ${d.graveyard.length} · damage dealt ${d.damageDealt}`),
  );
  if (view.next.step) dungeon.append(html('p', {}, `next: ${view.next.step}; attacks ${view.next.attackOrder.join(', ') || 'none'}`));
  board.append(dungeon);
  for (const raider of view.raiders) {
    const panel = seatPanel(
      raider.seat,
      view.you,
      `Seat ${raider.seat}: ${raider.className}${raider.alive ? '' : ' ✝'}`,
      raider.alive ? '' : ' out',
    );
    panel.append(
      row(raider.hero, raider.allies, seatColour(raider.seat)),
      html('p', {}, `${gear(raider)} · talent ${raider.talent?.name ?? '–'}`),
      html('p', {}, `resources ${raider.resources.ready}/${raider.resources.count} ready · deck ${raider.deckCount}`),
      hand(raider.seat, raider.hand, raider.handCount, (c) => c.name),
    );
    board.append(panel);
  }
}
