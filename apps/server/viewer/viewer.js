// The table: follows a game live through the gameUpdated subscription, replays any revision with the slider, and,
// holding a seat's token, plays that seat: every legal command is a control on the picture or a button beside it.
import { $, api, html, secrets, seatLabel, showMe, showProblem, withNames, words } from './common.js';

const gameId = decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[1] ?? '');
const slider = $('revision');
const state = {
  token: '',
  head: 0,
  status: '',
  module: '',
  drawing: null,
  content: new Map(),
  shown: -1,
  loading: false,
  socket: null,
  /** Drops in a row of the live socket (reset by each acknowledged connection): the pause before the next try grows. */
  drops: 0,
  summary: null,
  view: null,
  log: [],
  logFrom: 0,
  sending: false,
};

/** A token given in the fragment (never sent to a server) moves into this tab's storage and out of the address. */
function takeToken() {
  const given = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (given) {
    secrets.setSeat(gameId, given, null);
    window.history.replaceState(null, '', window.location.pathname);
  }
  state.token = secrets.seat(gameId)?.token ?? '';
}

const json = (path) => api(path, { token: state.token });

/** The module's drawing (draw, and optionally targetOf, labels, legend and wordsFor), or the generic one when it has none. */
async function drawingFor(module) {
  try {
    return await import(`/watch/assets/draw/${module}.js`);
  } catch {
    return await import('/watch/assets/draw/generic.js');
  }
}

/** A content item by id: exact, or the design of a numbered copy ("gutter-wretch-2", "10D.2"). */
function contentOf(id) {
  if (typeof id !== 'string') return undefined;
  return state.content.get(id) ?? state.content.get(id.replace(/-\d+$/, '')) ?? state.content.get(id.replace(/\.\d+$/, ''));
}

/** What the drawings are told besides the view: names of content and of seats. */
const context = () => ({
  name: (id) => contentOf(id)?.name ?? id,
  seatName: (seat) => seatLabel(state.summary?.seats, seat),
  content: contentOf,
});

function showStatus() {
  const who = state.token ? `you are seat ${state.view?.you ?? '…'}` : 'spectator';
  $('status').textContent = `${state.status} · revision ${state.head} · ${who}`;
  document.body.dataset.status = state.status;
  document.body.dataset.head = String(state.head);
}

/**
 * Show the caller's view at `revision`. One fetch at a time: a revision asked for meanwhile (a fast game pushes many)
 * waits, and only the last one asked for is fetched next, so the page catches up instead of queueing every revision.
 */
async function show(revision) {
  state.shown = revision;
  if (state.loading) return;
  state.loading = true;
  try {
    let drawn;
    do {
      drawn = state.shown;
      await render(drawn);
    } while (state.shown !== drawn);
  } catch (error) {
    showProblem(error);
  } finally {
    state.loading = false;
  }
}

/** Fetch the caller's view at `revision`, draw it, then the moves the seat has there and the log up to it. */
async function render(revision) {
  const { view } = await json(`/games/${gameId}/view?revision=${revision}`);
  state.view = view;
  // The seat's own view says which seat is "you": name it now, not at the next half-second redraw.
  showSeats();
  const board = $('board');
  board.replaceChildren();
  state.drawing.draw(view, board, context());
  $('revision-label').textContent = String(revision);
  $('json').textContent = JSON.stringify(view, null, 2);
  await moves(view, board, revision);
  await showLog(revision);
  board.dataset.revision = String(revision);
  showStatus();
}

/** A picture's element as a control: a click, or Enter or Space while it has the focus (buttons do this themselves). */
function pressable(element, action) {
  element.addEventListener('click', action);
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  });
}

/** The label of a command: the drawing's words for it, else its type and fields; seats by their names. */
function labelOf(command, view) {
  // The drawing's words for each command type: a sentence, or a function of the command, the view and the names.
  const phrase = state.drawing.labels?.[command.type];
  const own = typeof phrase === 'function' ? phrase(command, view, context()) : phrase;
  if (own) return withNames(own, state.summary?.seats);
  const { type, ...fields } = command;
  const rest = Object.entries(fields).map(([key, value]) => `${key} ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  return withNames(`${words(type)}${rest.length ? `: ${rest.join(', ')}` : ''}`, state.summary?.seats);
}

/**
 * The seat's legal commands at the head: each a button in "Your moves", and each also a control on the element of the
 * picture it is about (a card, a room, a map space), as the drawing's targetOf says. An element several commands are
 * about shows just those buttons when pressed; one with a single command sends it.
 */
async function moves(view, board, revision) {
  const panel = $('moves');
  const list = $('moves-list');
  list.replaceChildren();
  const playing = state.token && revision === state.head && state.status === 'active';
  panel.hidden = !playing;
  if (!playing) return;
  // A token that does not hold a seat here (revoked, another game's) still leaves the table drawn.
  const legal = await json(`/games/${gameId}/legal-commands`).catch((error) => {
    showProblem(error);
    return { commands: [], templates: [] };
  });
  const onElement = new Map();
  for (const command of legal.commands) {
    const label = labelOf(command, view);
    const button = html('button', { type: 'button', class: 'move', 'data-command': JSON.stringify(command) }, label);
    button.addEventListener('click', () => void send(command));
    list.append(button);
    const selector = state.drawing.targetOf?.(command, view);
    const element = selector ? board.querySelector(selector) : null;
    if (!element) continue;
    if (!onElement.has(element)) onElement.set(element, []);
    onElement.get(element).push({ command, label, button });
  }
  for (const template of legal.templates ?? []) list.append(templateForm(template, view));
  for (const [element, commands] of onElement) {
    element.classList.add('playable');
    element.setAttribute('data-commands', JSON.stringify(commands.map((c) => c.command)));
    element.setAttribute('tabindex', '0');
    element.setAttribute('role', 'button');
    element.setAttribute(
      'aria-label',
      commands.length === 1 ? commands[0].label : `${commands.length} moves: ${commands.map((c) => c.label).join('; ')}`,
    );
    pressable(element, () => {
      if (commands.length === 1) return void send(commands[0].command);
      for (const b of list.querySelectorAll('.move'))
        b.classList.toggle(
          'offered',
          commands.some((c) => c.button === b),
        );
      commands[0].button.focus();
      $('moves-hint').textContent = `${commands.length} moves for what you picked: they are marked below.`;
    });
  }
  $('moves-hint').textContent =
    legal.commands.length + (legal.templates?.length ?? 0) === 0
      ? 'Nothing to do now: waiting for the others.'
      : 'Click a highlighted card, room or space on the table, or a button here.';
}

/** Inputs made so far, so each gets an id of its own for its label. */
let fields = 0;

/** The number ranges a schema allows (one, or each branch of a union of numbers), or null when it is not a number. */
function numberRanges(schema) {
  const branches = schema.anyOf ?? schema.oneOf ?? [schema];
  if (!branches.every((b) => b.type === 'integer' || b.type === 'number')) return null;
  return branches.map((b) => ({ min: b.minimum ?? -Infinity, max: b.maximum ?? Infinity, integer: b.type === 'integer' }));
}

/** An input for one parameter, as its JSON Schema allows: a number, a yes/no, a choice, or text. */
function inputFor(name, schema) {
  const id = `param-${name}-${++fields}`;
  const choices = schema.enum ?? (schema.anyOf ?? schema.oneOf)?.map((s) => s.const).filter((c) => c !== undefined);
  const ranges = numberRanges(schema);
  let input;
  if (choices?.length) {
    input = html('select', { id, name });
    for (const choice of choices) input.append(html('option', { value: JSON.stringify(choice) }, String(choice)));
  } else if (schema.type === 'boolean') input = html('input', { id, name, type: 'checkbox' });
  else if (ranges) {
    const low = Math.min(...ranges.map((r) => r.min));
    const high = Math.max(...ranges.map((r) => r.max));
    input = html('input', { id, name, type: 'number', required: '', step: ranges.every((r) => r.integer) ? 1 : 'any' });
    if (Number.isFinite(low)) input.setAttribute('min', low);
    if (Number.isFinite(high)) input.setAttribute('max', high);
    // A value the schema allows to start from: 1 where a range holds it, else the first range's lowest.
    const start = ranges.some((r) => r.min <= 1 && 1 <= r.max) ? 1 : ranges[0].min;
    input.value = String(Number.isFinite(start) ? start : 0);
  } else input = html('input', { id, name, type: 'text', required: '' });
  if (schema.description) input.setAttribute('title', schema.description);
  const label = html('label', { for: id }, `${name} `);
  return { field: html('span', { class: 'param' }, label, input), read: () => readInput(input, schema, choices, ranges) };
}

function readInput(input, schema, choices, ranges) {
  if (choices?.length) return JSON.parse(input.value);
  if (schema.type === 'boolean') return input.checked;
  if (ranges) return Number(input.value);
  return input.value;
}

/** A command with free parameters: a small form, sent as `{ type, ...fixed, ...values }`. */
function templateForm(template, view) {
  const form = html('form', { class: 'template' });
  const label = labelOf({ type: template.type, ...template.fixed }, view);
  form.append(html('span', {}, `${label}: `));
  const inputs = Object.entries(template.params).map(([name, schema]) => [name, inputFor(name, schema)]);
  for (const [, { field }] of inputs) form.append(field);
  form.append(html('button', { type: 'submit' }, 'Send'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries(inputs.map(([name, { read }]) => [name, read()]));
    void send({ type: template.type, ...template.fixed, ...values });
  });
  return form;
}

/** Send a command for this seat; the push that follows redraws the table, the answer moves the head at once. */
async function send(command) {
  if (state.sending) return;
  state.sending = true;
  showProblem(null);
  try {
    const answer = await api(`/games/${gameId}/commands`, { method: 'POST', body: command, token: state.token });
    state.summary = answer.game ?? state.summary;
    showSeats();
    setHead(answer.revision, answer.game?.status ?? state.status);
  } catch (error) {
    showProblem(error);
  } finally {
    state.sending = false;
  }
}

/** The log in words up to `revision`: what the server's describe says of each event this viewer may see. */
async function showLog(revision) {
  while (state.logFrom <= Math.max(revision, state.head)) {
    const page = await json(`/watch/${gameId}/log?from=${state.logFrom}&limit=500`);
    state.log.push(...page.items);
    if (page.nextFrom === null) {
      state.logFrom = (page.items.at(-1)?.revision ?? state.logFrom - 1) + 1;
      break;
    }
    state.logFrom = page.nextFrom;
  }
  const list = $('log');
  list.replaceChildren();
  const seats = state.summary?.seats;
  for (const item of state.log) {
    if (item.revision > revision || item.type === 'ClockSet') continue;
    const text = state.drawing.wordsFor?.(item.text, state.view) ?? item.text;
    list.append(html('li', { 'data-revision': item.revision }, withNames(text, seats)));
  }
  list.lastElementChild?.scrollIntoView({ block: 'nearest' });
}

/** Card text: when a card (or anything carrying content) is pointed at or focused, say what it is and does. */
function explain(event) {
  const element = event.target.closest?.('[data-content], [data-card]');
  if (!element) return;
  const item = contentOf(element.getAttribute('data-content') ?? element.getAttribute('data-card'));
  if (!item) return;
  // Numbers and words a person reads (cost 2, atk 3), not the ids and flags the module keeps beside them.
  const shown = Object.entries(item.stats ?? {}).filter(([, v]) => typeof v === 'number' || (typeof v === 'string' && !/[-:]/.test(v)));
  const stats = shown.map(([k, v]) => `${k} ${v}`).join(', ');
  $('card-text').textContent = `${item.name} (${item.type}${stats ? `; ${stats}` : ''}): ${item.text || 'no text.'}`;
}

/** The drawing's legend, and what a highlighted control means. */
function showLegend() {
  const legend = $('legend');
  legend.replaceChildren();
  const entries = [...(state.drawing.legend ?? []), ['outlined', 'something you can play now: click it, or focus it and press Enter']];
  for (const [symbol, meaning] of entries) legend.append(html('dt', {}, symbol), html('dd', {}, meaning));
}

/** Whole seconds left until `iso`, never below zero. */
const secondsLeft = (iso) => Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));
const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Each seat: its name, whether a bot holds or plays it, whether it is awaited, and its clock. */
function showSeats() {
  const summary = state.summary;
  if (!summary) return;
  const list = $('seats');
  list.replaceChildren();
  for (const seat of summary.seats) {
    const item = document.createElement('li');
    const deadline = summary.clock?.deadlines.find((d) => d.seat === seat.seat);
    const bank = summary.clock?.banks?.[seat.seat];
    const who = seat.bot ? `${seat.bot} bot` : (seat.name ?? (seat.claimed ? 'claimed' : 'empty'));
    const parts = [`seat ${seat.seat}: ${who}${state.view?.you === seat.seat && state.token ? ' (you)' : ''}`];
    if (seat.autopilot) parts.push('played by a bot since its time ran out');
    if (summary.awaiting.includes(seat.seat)) parts.push('to play');
    if (deadline) parts.push(`⏱ ${clockText(secondsLeft(deadline.at))} left`);
    else if (bank !== undefined) parts.push(`bank ${clockText(Math.floor(bank / 1000))}`);
    if (summary.winners?.includes(seat.seat)) parts.push('winner');
    item.textContent = parts.join(' · ');
    item.dataset.awaited = String(summary.awaiting.includes(seat.seat));
    list.append(item);
  }
}
setInterval(showSeats, 500);

async function refreshSeats() {
  state.summary = await json(`/games/${gameId}`);
  showSeats();
}

function setHead(revision, status) {
  // Nothing new (a second push for a revision already drawn): redrawing would only take the controls from under a click.
  if (revision < state.head || (revision === state.head && status === state.status && state.shown === revision)) return;
  state.head = revision;
  state.status = status;
  slider.max = String(revision);
  showStatus();
  if ($('follow').checked) {
    slider.value = String(revision);
    void show(revision);
  }
}

/** A game that can still change: one worth following. */
const live = () => state.status === 'open' || state.status === 'active';

/**
 * gameUpdated over graphql-transport-ws: each push moves the head; the server completes it when the game ends. A socket
 * that drops before then (a restart, a lost network, a server that closed it) is opened again after a pause that grows
 * with each drop in a row, and resumes after the last revision drawn, so no move is missed.
 */
function follow() {
  state.socket?.close();
  const socket = new WebSocket(
    `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
    'graphql-transport-ws',
  );
  state.socket = socket;
  const payload = state.token ? { authorization: `Bearer ${state.token}` } : {};
  socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(message.data);
    if (data.type === 'connection_ack') {
      state.drops = 0;
      const query = 'subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) { revision status } }';
      socket.send(JSON.stringify({ id: 'game', type: 'subscribe', payload: { query, variables: { g: gameId, a: state.head } } }));
    } else if (data.type === 'next' && data.payload.data) {
      const { revision, status } = data.payload.data.gameUpdated;
      void refreshSeats()
        .catch(() => undefined)
        .then(() => setHead(revision, status));
    } else if (data.type === 'error') {
      $('status').textContent = data.payload.map((e) => e.message).join('; ');
    } else if (data.type === 'complete') {
      state.socket = null;
      socket.close();
    }
  });
  socket.addEventListener('close', () => {
    if (state.socket !== socket || !live()) return;
    state.socket = null;
    const pause = Math.min(10_000, 500 * 2 ** state.drops++);
    setTimeout(() => state.socket === null && live() && follow(), pause);
  });
}

async function start() {
  if (!gameId) return;
  showMe();
  const summary = await json(`/games/${gameId}`);
  state.module = summary.module;
  state.drawing = await drawingFor(summary.module);
  const content = await api(`/modules/${summary.module}/content`).catch(() => ({ items: [] }));
  state.content = new Map(content.items.map((item) => [item.id, item]));
  $('game').textContent = `${summary.module} game ${summary.id} · ${summary.seats.length} seats`;
  document.body.dataset.module = summary.module;
  state.summary = summary;
  state.log = [];
  state.logFrom = 0;
  state.head = 0;
  showSeats();
  showLegend();
  setHead(summary.revision, summary.status);
  if (live()) follow();
}

slider.addEventListener('input', () => {
  $('follow').checked = Number(slider.value) === state.head;
  void show(Number(slider.value));
});
$('as-seat').addEventListener('submit', (event) => {
  event.preventDefault();
  const token = $('token').value.trim();
  if (token) secrets.setSeat(gameId, token, null);
  else secrets.forgetSeat(gameId);
  state.token = token;
  $('token').value = '';
  void start().catch(showProblem);
});
$('board').addEventListener('mouseover', explain);
$('board').addEventListener('focusin', explain);
takeToken();
start().catch(showProblem);
