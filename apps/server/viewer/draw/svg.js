// Small helpers the drawings share: SVG and HTML elements, cards, and seat colours.
const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children. */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

/** An HTML element with attributes (class, data-*, …) and children (strings or nodes). */
export function html(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

/** A card as a small face: "?" (hidden) is drawn face down, hearts and diamonds in red. */
export function card(code) {
  const hidden = code === '?';
  const red = /[HD](\.2)?$/.test(code);
  return html('span', { class: `card${hidden ? ' hidden' : ''}${red ? ' red' : ''}`, 'data-card': code }, hidden ? '?' : code);
}

/** A seat's colour, the same in every drawing. */
export const seatColour = (seat) => ['#c0392b', '#2471a3', '#229954', '#b9770e', '#7d3c98', '#148f77'][seat % 6];

/** A panel for one seat: its heading, marked when it is the viewer's own seat. */
export function seatPanel(seat, you, title, extra = '') {
  const panel = html('section', { class: `seat${seat === you ? ' you' : ''}${extra}`, 'data-seat': seat });
  panel.append(html('h2', { style: `color: ${seatColour(seat)}` }, `${title}${seat === you ? ' (you)' : ''}`));
  return panel;
}

/**
 * A seat's hand: its cards when the viewer may see them, else face down from the count alone (another seat's hand is
 * never sent to this viewer). `label` turns a card of the module into the text on its face.
 */
export function hand(seat, cards, count, label = (c) => c) {
  const row = html('p', { class: 'hand', 'data-hand-seat': seat }, `hand (${count}): `);
  if (cards) for (const c of cards) row.append(card(label(c)));
  else for (let i = 0; i < count; i++) row.append(card('?'));
  return row;
}
