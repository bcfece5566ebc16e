// Dungeoneer: the map as a grid of the placed Map cards (north up), each with its doors, Glory and Peril, the heroes
// standing on it and the quests played there, with the free spaces around it where a Map card may go; then each
// player's hero, trackers, quests, Pack and hand (face down unless it is the viewer's own). Everything by name.
import { hand, html, seatColour, seatPanel, svg } from './svg.js';

const S = 112;
/** Where each side's door is drawn on a cell, as [x1, y1, x2, y2] from the cell's top-left corner. */
const SIDES = {
  N: [S / 3, 0, (2 * S) / 3, 0],
  S: [S / 3, S, (2 * S) / 3, S],
  W: [0, S / 3, 0, (2 * S) / 3],
  E: [S, S / 3, S, (2 * S) / 3],
};
const STEP = { N: [0, 1], S: [0, -1], E: [1, 0], W: [-1, 0] };
const DOOR = { open: '#1d6f42', locked: '#8a5a00', trapped: '#b03a2e' };

/** A name on up to three lines of a cell, split at spaces (never cut). */
function lines(text, x, y) {
  const out = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > 14) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  out.push(line);
  return out.map((l, i) => {
    const t = svg('text', { x, y: y + i * 12, 'font-size': 10 });
    t.textContent = l;
    return t;
  });
}

/** The grid: one square per placed card (a wall is the border, a door a coloured gap), free spaces dashed around it. */
function map(view, ctx) {
  const { cells } = view.grid;
  const minX = view.grid.minX - 1;
  const maxX = view.grid.maxX + 1;
  const minY = view.grid.minY - 1;
  const maxY = view.grid.maxY + 1;
  const width = (maxX - minX + 1) * S + 20;
  const height = (maxY - minY + 1) * S + 20;
  const picture = svg('svg', { width, height, role: 'img', 'aria-label': `map of ${cells.length} cards` });
  const placed = new Set(cells.map((c) => `${c.x},${c.y}`));
  const corner = (x, y) => [10 + (x - minX) * S, 10 + (maxY - y) * S];
  for (const cell of cells)
    for (const [dx, dy] of Object.values(STEP)) {
      const key = `${cell.x + dx},${cell.y + dy}`;
      if (placed.has(key)) continue;
      placed.add(key);
      const [x, y] = corner(cell.x + dx, cell.y + dy);
      picture.append(
        svg('rect', {
          x: x + 4,
          y: y + 4,
          width: S - 8,
          height: S - 8,
          fill: 'none',
          stroke: '#aaa',
          'stroke-dasharray': 4,
          'data-space': key,
        }),
      );
    }
  for (const cell of cells) {
    const [x, y] = corner(cell.x, cell.y);
    const group = svg('g', { 'data-cell': `${cell.x},${cell.y}`, 'data-card': cell.card });
    const fill = cell.kind === 'entrance' ? '#e8dcc0' : cell.kind === 'room' ? '#fffdf7' : '#eee8dc';
    group.append(svg('rect', { x, y, width: S, height: S, fill, stroke: '#333', 'stroke-width': 2 }));
    for (const [side, [x1, y1, x2, y2]] of Object.entries(SIDES)) {
      const exit = cell.exits[side];
      if (exit.kind === 'wall') continue;
      const colour = cell.open.includes(side) ? DOOR.open : (DOOR[exit.kind] ?? '#333');
      group.append(svg('line', { x1: x + x1, y1: y + y1, x2: x + x2, y2: y + y2, stroke: colour, 'stroke-width': 6 }));
    }
    group.append(...lines(cell.name, x + 5, y + 15));
    const score = svg('text', { x: x + 5, y: y + S - 7, 'font-size': 11 });
    score.textContent = `★${cell.glory} ☠${cell.peril}${cell.feature ? ' ◆' : ''}`;
    group.append(score);
    cell.heroes.forEach((seat, i) =>
      group.append(
        svg('circle', { cx: x + 16 + i * 18, cy: y + S / 2 + 4, r: 8, fill: seatColour(seat), stroke: '#fff', 'data-hero': seat }),
      ),
    );
    [...cell.quests, ...cell.components].forEach((quest, i) => {
      const flag = svg('text', { x: x + S - 16, y: y + 40 + i * 14, 'font-size': 12, 'data-quest': quest, 'data-content': quest });
      flag.textContent = '⚑';
      const title = svg('title');
      title.textContent = ctx?.name(quest) ?? quest;
      flag.append(title);
      group.append(flag);
    });
    picture.append(group);
  }
  return picture;
}

/** A row of named cards (quests, Pack, readied cards), each carrying its content for the card text. */
function named(label, ids, ctx, extra = () => '') {
  const row = html('p', {}, `${label}: `);
  if (ids.length === 0) row.append('none');
  ids.forEach((id, i) => {
    if (i > 0) row.append(', ');
    row.append(
      html(
        'span',
        { class: 'named', 'data-content': id, 'data-quest': id },
        `${id === '?' ? 'a hidden card' : (ctx?.name(id) ?? id)}${extra(id, i)}`,
      ),
    );
  });
  return row;
}

export function draw(view, board, ctx) {
  const name = (seat) => ctx?.seatName(seat) ?? `seat ${seat}`;
  const info = html('p', { class: 'table-info' });
  const turn = view.turn ? `Round ${view.turn.round}, ${name(view.turn.seat)}'s turn, ${view.turn.phase} phase` : 'Setting up';
  info.append(`${turn} · waiting for ${view.awaiting.map(name).join(', ') || 'nobody'}`);
  info.append(` · Adventure deck ${view.deckCount} · Map deck ${view.mapDeckCount} · quest deck ${view.questDeckCount}`);
  if (view.prompt?.card) info.append(` · to place: ${ctx?.name(view.prompt.card) ?? view.prompt.card}`);
  if (view.winners) info.append(` · winners: ${view.winners.map(name).join(', ') || 'nobody'}`);
  board.append(info);
  const mapPanel = html('section', { class: 'seat map' }, html('h2', {}, 'Map'));
  if (view.globalQuests.length > 0) mapPanel.append(named('Global Quests', view.globalQuests, ctx));
  mapPanel.append(html('div', { class: 'scroll' }, map(view, ctx)));
  board.append(mapPanel);
  for (const player of view.players) {
    const panel = seatPanel(player.seat, view.you, `${name(player.seat)}${player.defeated ? ' ✝' : ''}`, player.defeated ? ' out' : '');
    const hero = player.hero;
    panel.append(
      hero
        ? html(
            'p',
            { 'data-content': hero.id },
            `${ctx?.name(hero.id) ?? hero.id} · level ${hero.level} · life ${hero.life} · at (${hero.x},${hero.y})${hero.tipped ? ' · fallen' : ''} · ${hero.movements} Movements`,
          )
        : html('p', {}, 'no hero'),
      html('p', {}, `★ Glory ${player.glory} · ☠ Peril ${player.peril} · quests completed ${player.completed.length}`),
      named('Quests', [...player.quests, ...player.secretQuests], ctx),
      named('Readied', hero ? [...hero.boons, ...hero.treasures] : [], ctx),
      named(
        'Pack',
        player.pack.map((m) => m.card),
        ctx,
        (_id, i) => (player.pack[i].wounds ? ` (${player.pack[i].wounds} wounds)` : ''),
      ),
      hand(player.seat, player.hand, player.handCount, (c) => [c, ctx?.name(c) ?? c, c]),
    );
    board.append(panel);
  }
}

/** The viewer's hero, if it is on the map. */
const heroOf = (view) => view.players.find((p) => p.seat === view.you)?.hero ?? null;

/** Where a command is played on the picture: a card in hand, a map space, the next space of a move, a quest. */
export function targetOf(command, view) {
  if (command.type === 'PlaceMap') return `[data-space="${command.x},${command.y}"]`;
  if (command.type === 'Move' || command.type === 'OpenDoor') {
    const hero = heroOf(view);
    const [dx, dy] = STEP[command.direction] ?? [0, 0];
    return hero ? `[data-cell="${hero.x + dx},${hero.y + dy}"]` : null;
  }
  if (command.type === 'AttemptQuest' || command.type === 'KeepSecret') return `[data-seat="${view.you}"] [data-quest="${command.quest}"]`;
  if (typeof command.card === 'string') return `[data-hand-seat="${view.you}"] [data-card="${command.card}"]`;
  return null;
}

const DIRECTIONS = { N: 'north', S: 'south', E: 'east', W: 'west' };

/** A card or hero by the name the module's content gives it. */
const nameIn = (ctx, id) => ctx?.name(id) ?? id;

/** Each command type in words, cards and heroes by name. */
export const labels = {
  PlaceMap: (c, view, ctx) => `Place ${c.card ? nameIn(ctx, c.card) : 'the Map card'} at (${c.x},${c.y})${c.rotation ? ', turned' : ''}`,
  Move: (c) => `Move ${DIRECTIONS[c.direction]}`,
  OpenDoor: (c) => `Try the ${DIRECTIONS[c.direction]} door`,
  Explore: 'Explore (draw and place a Map card)',
  ClimbOut: 'Climb out',
  AttemptQuest: (c, view, ctx) => `Attempt ${nameIn(ctx, c.quest)}${c.boost ? ` (+${c.boost})` : ''}`,
  PlayEncounter: (c, view, ctx) => `Play ${nameIn(ctx, c.card)} against seat ${c.target}${c.form ? ` (${c.form})` : ''}`,
  PlayBane: (c, view, ctx) => `Play ${nameIn(ctx, c.card)}${c.target !== undefined ? ` on seat ${c.target}` : ''}`,
  PlayBoon: (c, view, ctx) => `Play ${nameIn(ctx, c.card)}`,
  ReadyTreasure: (c, view, ctx) => `${c.use ? 'Use' : 'Ready'} ${nameIn(ctx, c.card)}`,
  Activate: (c, view, ctx) => `Use ${nameIn(ctx, c.card)}`,
  Upkeep: (c, view, ctx) => `${c.pay ? 'Pay upkeep for' : 'Return'} ${nameIn(ctx, c.card)}`,
  Discard: (c, view, ctx) => `Discard ${nameIn(ctx, c.card)}`,
  Stow: (c, view, ctx) => `Put ${nameIn(ctx, c.card)} ${c.to === 'pack' ? 'into your Pack' : 'back in hand'}`,
  Loot: (c, view, ctx) => `Loot ${nameIn(ctx, c.card)}`,
  TakeCard: (c, view, ctx) => `Take ${nameIn(ctx, c.card)}`,
  KeepSecret: (c, view, ctx) => `Keep ${nameIn(ctx, c.quest)} secret`,
  ChallengeHero: (c) => `Challenge seat ${c.seat}'s hero (${c.form})`,
  ChallengeMonster: (c) => `Challenge the monster (${c.form})`,
  ChallengeQuestMonster: (c, view, ctx) => `Challenge the monster of ${nameIn(ctx, c.quest)} (${c.form})`,
  AssignPeril: (c) => `Give a Peril to seat ${c.seat}`,
  ResolveEncounters: 'Resolve the encounters',
  UseAbility: "Use your hero's ability",
  EndPhase: 'End the phase',
  Pass: 'Pass',
  Concede: 'Concede the game',
};

export const legend = [
  ['★', 'Glory a hero collects entering the space'],
  ['☠', 'Peril the space gives'],
  ['◆', 'a feature of the space (a pit, spikes, a shrine…)'],
  ['green door', 'open'],
  ['amber door', 'locked: a roll opens it'],
  ['red door', 'trapped: a roll or a wound'],
  ['no gap', 'a wall'],
  ['coloured disc', "a player's hero, in the seat's colour"],
  ['⚑', 'a quest attempted or delivered there, or an escort lying there'],
  ['dashed square', 'a free space a Map card may be placed on'],
  ['✝', 'the hero fell and the player is out'],
];
