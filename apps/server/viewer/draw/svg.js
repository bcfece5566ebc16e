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

/**
 * A card as a small face: "?" (hidden) is drawn face down, hearts and diamonds in red. `text` is what its face says
 * (default: its code) and `content` the content id its text is looked up by (default: its code).
 */
export function card(code, text = code, content) {
  const hidden = code === '?';
  const red = /^(?:[AJQK2-9]|10)[HD](\.2)?$/.test(code);
  const attributes = { class: `card${hidden ? ' hidden' : ''}${red ? ' red' : ''}`, 'data-card': code };
  if (content !== undefined) attributes['data-content'] = content;
  if (hidden) attributes['aria-label'] = 'a face-down card';
  return html('span', attributes, hidden ? '?' : text);
}

/** A seat's colour, the same in every drawing; each reads at 4.5:1 or better on white (WCAG AA). */
export const seatColour = (seat) => ['#b03a2e', '#1f618d', '#1d6f42', '#8a5a00', '#6c3483', '#0e6655'][seat % 6];

/** A panel for one seat: its heading, marked when it is the viewer's own seat. */
export function seatPanel(seat, you, title, extra = '') {
  const panel = html('section', { class: `seat${seat === you ? ' you' : ''}${extra}`, 'data-seat': seat });
  panel.append(html('h2', { style: `color: ${seatColour(seat)}` }, `${title}${seat === you ? ' (you)' : ''}`));
  return panel;
}

/**
 * A seat's hand: its cards when the viewer may see them, else face down from the count alone (another seat's hand is
 * never sent to this viewer). `face` turns a card of the module into [code, text, content id] for `card`.
 */
export function hand(seat, cards, count, face = (c) => [c]) {
  const row = html('p', { class: 'hand', 'data-hand-seat': seat }, `hand (${count}): `);
  if (cards) for (const c of cards) row.append(card(...face(c)));
  else for (let i = 0; i < count; i++) row.append(card('?'));
  return row;
}
