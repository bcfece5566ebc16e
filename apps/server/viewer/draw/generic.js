// Any module without a drawing of its own: its view as nested boxes and tables, hands as cards, rather than raw JSON.
import { html } from './svg.js';

function render(value, depth) {
  if (value === null || typeof value !== 'object') return html('span', {}, value === null ? '—' : String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return html('span', {}, '(none)');
    if (value.every((v) => v === null || typeof v !== 'object'))
      return html('span', {}, value.map((v) => (v === null ? '—' : String(v))).join(', '));
    const list = html('ol', { start: 0 });
    for (const item of value) list.append(html('li', {}, render(item, depth + 1)));
    return list;
  }
  const entries = html('dl');
  for (const [key, v] of Object.entries(value))
    entries.append(html('dt', {}, key), html('dd', {}, depth > 4 ? JSON.stringify(v) : render(v, depth + 1)));
  return entries;
}

export function draw(view, board) {
  board.append(html('section', { class: 'seat generic' }, render(view, 0)));
}
