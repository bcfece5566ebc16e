// The table viewer: follows a game live through the gameUpdated subscription, replays any revision with the slider,
// as a spectator or as the seat whose token is pasted in, and draws the view with the module's own drawing.
const gameId = decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[1] ?? '');
const $ = (id) => document.getElementById(id);
const slider = $('revision');
const state = {
  token: new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '',
  head: 0,
  status: '',
  module: '',
  draw: null,
  shown: -1,
  loading: false,
  socket: null,
  summary: null,
};

const auth = () => (state.token ? { authorization: `Bearer ${state.token}` } : {});

async function json(path) {
  const reply = await fetch(path, { headers: auth() });
  const body = await reply.json();
  if (!reply.ok) throw new Error(`${body.code}: ${body.detail}`);
  return body;
}

/** The module's drawing, or the generic one when the module has none yet. */
async function drawingFor(module) {
  try {
    return (await import(`/watch/assets/draw/${module}.js`)).draw;
  } catch {
    return (await import('/watch/assets/draw/generic.js')).draw;
  }
}

function showStatus() {
  $('status').textContent = `${state.status} · revision ${state.head}${state.token ? '' : ' · spectator'}`;
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
  } finally {
    state.loading = false;
  }
}

/** Fetch the caller's view at `revision` and draw it. */
async function render(revision) {
  const { view } = await json(`/games/${gameId}/view?revision=${revision}`);
  const board = $('board');
  board.replaceChildren();
  state.draw(view, board);
  board.dataset.revision = String(revision);
  $('revision-label').textContent = String(revision);
  $('json').textContent = JSON.stringify(view, null, 2);
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
    const who = seat.bot ? `bot ${seat.bot}` : (seat.name ?? (seat.claimed ? 'claimed' : 'empty'));
    const parts = [`seat ${seat.seat}: ${who}`];
    if (seat.autopilot) parts.push('played by a bot since its time ran out');
    if (summary.awaiting.includes(seat.seat)) parts.push('to play');
    if (deadline) parts.push(`⏱ ${clockText(secondsLeft(deadline.at))} left`);
    else if (bank !== undefined) parts.push(`bank ${clockText(Math.floor(bank / 1000))}`);
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
  state.head = revision;
  state.status = status;
  slider.max = String(revision);
  showStatus();
  if ($('follow').checked) {
    slider.value = String(revision);
    void show(revision);
  }
}

/** gameUpdated over graphql-transport-ws: each push moves the head; the server completes it when the game ends. */
function follow() {
  state.socket?.close();
  const socket = new WebSocket(
    `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
    'graphql-transport-ws',
  );
  state.socket = socket;
  socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: auth() })));
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(message.data);
    if (data.type === 'connection_ack') {
      const query = 'subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) { revision status } }';
      socket.send(JSON.stringify({ id: 'game', type: 'subscribe', payload: { query, variables: { g: gameId, a: state.head } } }));
    } else if (data.type === 'next' && data.payload.data) {
      const { revision, status } = data.payload.data.gameUpdated;
      setHead(revision, status);
      void refreshSeats().catch(() => undefined);
    } else if (data.type === 'error') {
      $('status').textContent = data.payload.map((e) => e.message).join('; ');
    } else if (data.type === 'complete') {
      socket.close();
    }
  });
}

async function start() {
  if (!gameId) return;
  const summary = await json(`/games/${gameId}`);
  state.module = summary.module;
  state.draw = await drawingFor(summary.module);
  $('game').textContent = `${summary.module} game ${summary.id} · ${summary.seats.length} seats`;
  document.body.dataset.module = summary.module;
  state.summary = summary;
  showSeats();
  setHead(summary.revision, summary.status);
  if (summary.status === 'open' || summary.status === 'active') follow();
}

slider.addEventListener('input', () => {
  $('follow').checked = Number(slider.value) === state.head;
  void show(Number(slider.value));
});
$('as-seat').addEventListener('submit', (event) => {
  event.preventDefault();
  state.token = $('token').value.trim();
  void start().catch((error) => ($('status').textContent = String(error)));
});
$('token').value = state.token;
start().catch((error) => ($('status').textContent = String(error)));
