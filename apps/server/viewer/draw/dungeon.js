// Dungeon: each seat's passages as a tree grown from its cell, the creature fighting on the passage it attacks, and
// the hand (face down unless it is the viewer's own); a seat's moves are its cards, in hand or on the discard pile.
import { card, hand, html, seatPanel, svg } from './svg.js';

const W = 46;
const H = 40;

/** Lay a seat's passages out as a tree: depth down, leaves side by side; returns the node positions and the size. */
function layout(passages) {
  const children = new Map([[0, []]]);
  for (const p of passages) {
    children.set(p.id, []);
    (children.get(p.parent) ?? children.set(p.parent, []).get(p.parent)).push(p.id);
  }
  const at = new Map();
  let column = 0;
  let depthMax = 0;
  const place = (id, depth) => {
    depthMax = Math.max(depthMax, depth);
    const kids = children.get(id) ?? [];
    if (kids.length === 0) at.set(id, { x: column++, y: depth });
    else {
      for (const kid of kids) place(kid, depth + 1);
      const xs = kids.map((k) => at.get(k).x);
      at.set(id, { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: depth });
    }
  };
  place(0, 0);
  return { at, width: Math.max(column, 1) * W + 50, height: (depthMax + 1) * H + 20 };
}

/** One seat's dungeon as an SVG tree. */
function tree(player, view) {
  const { at, width, height } = layout(player.dungeon);
  const pos = (id) => ({ x: 10 + at.get(id).x * W + W / 2, y: 10 + at.get(id).y * H + 14 });
  const picture = svg('svg', { width, height, role: 'img', 'aria-label': `dungeon of seat ${player.seat}` });
  for (const p of player.dungeon) {
    const a = pos(p.parent);
    const b = pos(p.id);
    picture.append(svg('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: '#8a7f6a', 'stroke-width': 3 }));
  }
  const last = player.dungeon.at(-1)?.id;
  const fight = view.combat && view.combat.defender === player.seat ? view.combat : null;
  const node = (id, label, sub, fill) => {
    const { x, y } = pos(id);
    const group = svg('g', { 'data-node': id });
    group.append(svg('rect', { x: x - 18, y: y - 13, width: 36, height: 26, rx: 4, fill, stroke: '#333' }));
    const text = svg('text', { x, y: y + 4, 'text-anchor': 'middle' });
    text.textContent = label;
    group.append(text);
    if (sub) {
      const small = svg('text', { x: x + 20, y: y - 8, 'font-size': 9 });
      small.textContent = sub;
      group.append(small);
    }
    if (fight && (fight.node ?? 0) === id) {
      const creature = svg('text', { x: x - 20, y: y + 24, fill: '#b22', 'data-creature': fight.card });
      creature.textContent = `⚔ ${fight.card} (${fight.value})`;
      group.append(creature);
    }
    picture.append(group);
  };
  node(0, player.cell ?? '·', 'cell', '#e8dcc0');
  for (const p of player.dungeon)
    node(p.id, p.card === '?' ? `${p.value}?` : p.card, String(p.value), p.id === last ? '#f6e58d' : '#fffdf7');
  return picture;
}

/** The whole table: one panel per seat, and what the table shares (deck, discard pile, turn, window). */
export function draw(view, board, ctx) {
  const info = html('p', { class: 'table-info' });
  const turn = view.turn ? `${ctx?.seatName(view.turn.seat) ?? `seat ${view.turn.seat}`}'s turn` : view.phase;
  info.append(`${turn} · deck ${view.deckCount} · discard ${view.discardCount} `);
  const pile = html('span', { 'data-discard': '' });
  for (const c of view.discard.slice(-5)) pile.append(card(c));
  info.append(pile);
  if (view.window) info.append(` · ${view.window.kind} window open`);
  if (view.winners) info.append(` · winners: ${view.winners.map((s) => ctx?.seatName(s) ?? `seat ${s}`).join(', ') || 'nobody'}`);
  board.append(info);
  for (const player of view.players) {
    const panel = seatPanel(
      player.seat,
      view.you,
      `${ctx?.seatName(player.seat) ?? `Seat ${player.seat}`}${player.alive ? '' : ' ✝'}`,
      player.alive ? '' : ' out',
    );
    panel.append(hand(player.seat, player.hand, player.handCount), tree(player, view));
    board.append(panel);
  }
}

/** Where a command is played on the picture: the card it plays, in the seat's hand or on the discard pile. */
export function targetOf(command, view) {
  if (typeof command.card !== 'string') return null;
  if (command.type === 'TakeFromDiscard') return `[data-discard] [data-card="${command.card}"]`;
  return `[data-hand-seat="${view.you}"] [data-card="${command.card}"]`;
}

const RANKS = ['Joker', 'Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'];
const spot = (node) => (node === 0 ? 'your cell' : `passage ${node}`);

/** Each command type in words. */
export const labels = {
  PlayOffCard: (c) => `Play-off: put ${c.card} down`,
  PlayPassage: (c) => `Lay ${c.card} on ${spot(c.parent)}${c.as ? ` as ${RANKS[c.as]}` : ''}`,
  CaveIn: (c) => `Cave in seat ${c.target}'s last passage with ${c.card}`,
  Attack: (c) => `Attack seat ${c.target} with ${c.card}${c.as ? ` as ${RANKS[c.as]}` : ''}`,
  UseGraverobber: (c) => `Use ${c.card} to take a card from the discard pile`,
  UseMyrmiddon: (c) => `Use ${c.card} to ask seat ${c.target} for ${RANKS[c.ask] ?? c.ask}`,
  PlayAce: (c) => `Play ${c.card}`,
  Interrupt: (c) => `Counter the power with ${c.card}`,
  Accuse: (c) => `Accuse seat ${c.target}`,
  Fight: (c) =>
    `Fight with ${c.cards.map((x) => (typeof x === 'string' ? x : `${x.card}${x.as ? ` as ${RANKS[x.as]}` : ''}`)).join(' + ')}`,
  GiveCard: (c) => `Give ${c.card}`,
  ResolveLie: (c) => (c.handOver ? 'Hand the card over and discard the rest' : 'Discard your whole hand'),
  SaveJoker: (c) => `Keep the Joker passage by discarding ${c.card}`,
  TakeFromDiscard: (c) => `Take ${c.card} from the discard pile`,
  Discard: (c) => `Discard ${c.card}`,
  Pass: 'Pass',
  Retreat: 'Retreat',
  DenyCard: 'Say you have no such card',
  DemandLook: 'Demand to look at the hand',
  AcceptAnswer: 'Accept the answer',
  LoseJoker: 'Let the Joker passage collapse',
  EndTurn: 'End your turn',
  Concede: 'Concede the game',
};

/** What the picture's marks mean. */
export const legend = [
  ['cell', 'where a dungeon starts; passages grow down from it, ten to two'],
  ['yellow box', 'the last passage laid in that dungeon'],
  ['7?', 'a face-down passage standing for 7 (Pitch Black)'],
  ['⚔ QS (12)', 'a creature attacking that passage, with its combat value'],
  ['✝', 'the player is out of the game'],
  ['?', 'a face-down card you may not see'],
  ['red card', 'hearts and diamonds'],
];
