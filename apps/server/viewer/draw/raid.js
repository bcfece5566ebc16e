// Raid: a board with the automated Dungeon across the top (its hero with a health bar, allies, gear, deck and what it
// does next) and each raider below (hero, allies, gear, resources and hand, face down unless it is the viewer's own).
// Names are written out whole: a unit is a box that grows with its name, never a fixed-width picture that cuts it.
import { hand, html, seatColour, seatPanel } from './svg.js';

/** A hero or ally: its name, attack, health left of health, a health bar; exhausted ones dimmed. */
function unit(u, colour) {
  const left = Math.max(0, u.health - u.damage);
  const box = html('div', {
    class: `unit${u.exhausted ? ' exhausted' : ''}`,
    'data-unit': u.ref ?? u.id,
    'data-content': u.card ?? u.id,
    style: `border-color: ${colour}`,
  });
  const bar = html('span', { class: 'bar', role: 'img', 'aria-label': `${left} of ${u.health} health` });
  bar.append(html('span', { style: `width: ${Math.round((100 * left) / Math.max(1, u.health))}%` }));
  box.append(
    html('strong', {}, u.name),
    html('span', {}, `⚔ ${u.atk + (u.atkBonus ?? 0)} · ♥ ${left}/${u.health}${u.exhausted ? ' · exhausted' : ''}`),
    bar,
  );
  return box;
}

/** A row of a side's units: its hero first, then its allies. */
function row(hero, allies, colour) {
  const line = html('div', { class: 'units' }, unit(hero, colour));
  for (const ally of allies) line.append(unit(ally, colour));
  return line;
}

const gear = (side) => `weapon ${side.weapon?.name ?? '–'} · armor ${side.armor?.name ?? '–'}`;

/** Where the raid stands, in words: whose turn and which step, or who won once it is over. */
function standing(view, ctx) {
  if (view.result) return `The raid is over: ${view.result.outcome === 'raiders' ? 'the raiders win' : 'the Dungeon wins'}.`;
  const steps = `${view.phase}${view.step && view.step !== view.phase ? `, ${view.step}` : ''}`;
  if (!view.turn) return `Setting up · ${steps}`;
  const whose = view.turn.seat === null ? "the Dungeon's turn" : `${ctx?.seatName(view.turn.seat) ?? `seat ${view.turn.seat}`}'s turn`;
  return `Turn ${view.turn.number}, ${whose} · ${steps}`;
}

export function draw(view, board, ctx) {
  const info = html('p', { class: 'table-info' });
  info.append(`${standing(view, ctx)} · Dungeon turns ${view.dungeonTurns}`);
  if (view.marked !== null)
    info.append(` · MARKED: ${ctx?.seatName(view.marked) ?? `seat ${view.marked}`}${view.roll === null ? '' : ` (rolled ${view.roll})`}`);
  board.append(info);
  const d = view.dungeon;
  const dungeon = html('section', { class: 'seat dungeon', 'data-side': 'dungeon' });
  dungeon.append(
    html('h2', {}, `${d.name} (level ${d.hero.level}${d.hero.enrage ? `, enraged ×${d.hero.enrage}` : ''})`),
    row(d.hero, d.allies, '#2d2a26'),
    html('p', {}, `${gear(d)} · deck ${d.deckCount} · graveyard ${d.graveyard.length} · damage dealt ${d.damageDealt}`),
  );
  if (d.hero.powers) dungeon.append(html('p', {}, `Powers: ${d.hero.powers}`));
  if (view.next.step)
    dungeon.append(
      html('p', {}, `Next: ${view.next.step}; attacks ${view.next.attackOrder.map((ref) => nameOf(ref, view)).join(', ') || 'none'}`),
    );
  board.append(dungeon);
  for (const raider of view.raiders) {
    const title = `${ctx?.seatName(raider.seat) ?? `Seat ${raider.seat}`}: ${raider.className}${raider.alive ? '' : ' ✝'}`;
    const panel = seatPanel(raider.seat, view.you, title, raider.alive ? '' : ' out');
    panel.append(
      row(raider.hero, raider.allies, seatColour(raider.seat)),
      html('p', {}, `${gear(raider)} · talent ${raider.talent?.name ?? '–'}`),
      html('p', {}, `resources ${raider.resources.ready}/${raider.resources.count} ready · deck ${raider.deckCount}`),
      hand(raider.seat, raider.hand, raider.handCount, (c) => [c.id, c.name, c.card]),
    );
    board.append(panel);
  }
}

/** Every unit on the board by the reference commands use. */
function units(view) {
  const all = [view.dungeon.hero, ...view.dungeon.allies];
  for (const raider of view.raiders) all.push(raider.hero, ...raider.allies);
  return all;
}
const nameOf = (ref, view) => units(view).find((u) => (u.ref ?? u.id) === ref)?.name ?? ref;
const cardName = (id, view) => view.raiders.flatMap((r) => r.hand ?? []).find((c) => c.id === id)?.name ?? id;

/**
 * Every unit this page has been shown, by its card instance: an ally that has left the board keeps its name in the log.
 * Only names from views this viewer was given; a page shows one game, so instance ids never mean two units.
 */
const named = new Map();

/** A log line with each ally the server names by its card instance ("ally r0-4") named as the board shows or showed it. */
export const wordsFor = (text, view) => {
  if (view?.dungeon) for (const u of units(view)) named.set(u.ref ?? u.id, u.name);
  return text.replace(/\b([Aa])lly ([a-z]\d+(?:-\d+)?)\b/g, (_whole, a, ref) => named.get(ref) ?? `${a === 'A' ? 'An' : 'an'} ally`);
};

/** Where a command is played on the picture: a card in hand, or the unit attacked or protecting. */
export function targetOf(command, view) {
  if (typeof command.card === 'string') return `[data-hand-seat="${view.you}"] [data-card="${command.card}"]`;
  if (command.type === 'Attack') return `[data-side="dungeon"] [data-unit="${command.target}"]`;
  if (command.type === 'Protect') return `[data-unit="${command.ally}"]`;
  return null;
}

/** Each command type in words. */
export const labels = {
  Mulligan: 'Take a mulligan (a new hand of seven)',
  KeepHand: 'Keep this hand',
  PlaceResource: (c, view) => `Place ${cardName(c.card, view)} as a resource`,
  PlayCard: (c, view) => `Play ${cardName(c.card, view)}${c.target ? ` on ${nameOf(c.target, view)}` : ''}`,
  Attack: (c, view) => `${nameOf(c.attacker, view)} attacks ${nameOf(c.target, view)}`,
  Protect: (c, view) => `${nameOf(c.ally, view)} protects`,
  Discard: (c, view) => `Discard ${cardName(c.card, view)}`,
  Pass: 'Pass',
  EndTurn: 'End your turn',
  Concede: 'Concede (your hero retreats)',
};

export const legend = [
  ['⚔', 'attack (ATK), bonuses of this turn included'],
  ['♥ 12/20', 'health left of the health it has'],
  ['green bar', 'health left'],
  ['dimmed box', 'exhausted: it has attacked or been used this turn'],
  ['MARKED', 'the raider hero the Dungeon attacks this turn'],
  ['✝', 'the raider is out of the raid'],
  ['?', 'a face-down card you may not see'],
];
