// What every page shares: calling the API, showing a refusal to a person, names for seats, and the secrets this tab
// holds (ADR 0050: seat tokens and the player key live in sessionStorage, never in a query string).
import { html } from './draw/svg.js';

export { html };
export const $ = (id) => document.getElementById(id);

/** Call the API; a refusal becomes an Error whose message is the server's detail and stable code. */
export async function api(path, { method = 'GET', body, token } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const reply = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await reply.text();
  const data = text ? JSON.parse(text) : null;
  if (!reply.ok) {
    const error = new Error(`${data?.detail ?? reply.statusText} (${data?.code ?? reply.status})`);
    error.code = data?.code;
    throw error;
  }
  return data;
}

/** Say what went wrong (or clear it) in the page's alert line. */
export function showProblem(error) {
  const line = $('problem');
  if (line) line.textContent = error ? String(error.message ?? error) : '';
}

const store = window.sessionStorage;
/** This tab's secrets: a seat per game ({ token, seat }), and the player's key with its id and name. */
export const secrets = {
  seat: (gameId) => JSON.parse(store.getItem(`delve.seat.${gameId}`) ?? 'null'),
  setSeat: (gameId, token, seat) => store.setItem(`delve.seat.${gameId}`, JSON.stringify({ token, seat })),
  forgetSeat: (gameId) => store.removeItem(`delve.seat.${gameId}`),
  player: () => JSON.parse(store.getItem('delve.player') ?? 'null'),
  setPlayer: (player) => store.setItem('delve.player', JSON.stringify(player)),
  forgetPlayer: () => store.removeItem('delve.player'),
};

/** "seat 1" as the table knows it: the name given when it was claimed, or the bot holding it. */
export function seatLabel(seats, seat) {
  const info = seats?.[seat];
  if (info?.bot) return `${info.name ?? info.bot} (bot)`;
  if (info?.name) return info.name;
  return `seat ${seat}`;
}

/** Every "seat N" in a sentence written as the name the table knows that seat by. */
export const withNames = (text, seats) =>
  text.replace(/\b[Ss]eat (\d+)\b/g, (whole, n) =>
    seats?.[Number(n)]?.name || seats?.[Number(n)]?.bot ? seatLabel(seats, Number(n)) : whole,
  );

/** A command type in words: "PlayPassage" → "Play passage". */
export const words = (type) =>
  type
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ [A-Z]/g, (c) => c.toLowerCase());

/** A link to a page of the server. */
export const link = (href, text) => html('a', { href }, text);

/** Show the signed-in player (from this tab's storage) in the header. */
export function showMe() {
  const me = secrets.player();
  const slot = $('me');
  if (!slot) return;
  slot.replaceChildren();
  if (me) slot.append(' · ', link(`/players/${me.id}`, `you: ${me.name}`));
}
