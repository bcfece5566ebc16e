// The lobby at /: who you are (a player key in this tab), new games with their options, clock and bots, quick match,
// your characters, and the open and live games of every module with links to take a seat, play and watch.
import { $, api, html, link, secrets, showMe, showProblem, words } from './common.js';

/** Which option makes a character of a module, and the content type its choices are (GET /modules only says "yes"). */
const CHARACTER_CHOICE = { raid: { option: 'class', type: 'class' }, dungeoneer: { option: 'hero', type: 'hero' } };

const page = $('page');
let modules = [];

/** A labelled form field. */
function field(text, input) {
  return html('label', {}, text, input);
}

/** Run a form's action, showing its refusal instead of failing silently; the submit button waits meanwhile. */
function onSubmit(form, action) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
    showProblem(null);
    Promise.resolve(action(new FormData(form)))
      .catch(showProblem)
      .finally(() => {
        if (button) button.disabled = false;
      });
  });
  return form;
}

/** The player's key, when this tab has one: claims and tickets are then the player's own. */
const playerKey = () => secrets.player()?.key;

function youSection() {
  const section = html('section', { 'aria-labelledby': 'you-title' }, html('h2', { id: 'you-title' }, 'You'));
  const me = secrets.player();
  if (me) {
    section.append(
      html('p', {}, 'Playing as ', link(`/players/${me.id}`, me.name), '. Your key stays in this tab only.'),
      onSubmit(html('form', {}, html('button', { type: 'submit' }, 'Forget my key')), () => {
        secrets.forgetPlayer();
        void render();
      }),
    );
    return section;
  }
  section.append(html('p', {}, 'Play without an account, or register to keep characters and see your games.'));
  const register = html('form', { 'aria-label': 'Register' });
  register.append(
    field('Your name', html('input', { name: 'name', required: '', maxlength: 64, autocomplete: 'nickname' })),
    html('button', { type: 'submit' }, 'Register'),
  );
  onSubmit(register, async (data) => {
    const player = await api('/players', { method: 'POST', body: { name: String(data.get('name')).trim() } });
    secrets.setPlayer({ id: player.id, name: player.name, key: player.key });
    await render();
  });
  const known = html('form', { 'aria-label': 'Use a player key' });
  known.append(
    field('Player id', html('input', { name: 'id', required: '', autocomplete: 'off' })),
    field('Player key', html('input', { name: 'key', type: 'password', required: '', autocomplete: 'off' })),
    html('button', { type: 'submit' }, 'Use my key'),
  );
  onSubmit(known, async (data) => {
    const id = String(data.get('id')).trim();
    const profile = await api(`/players/${id}`);
    secrets.setPlayer({ id, name: profile.name, key: String(data.get('key')).trim() });
    await render();
  });
  section.append(register, known);
  return section;
}

/** An input for one module option, from its JSON Schema and default. */
function optionInput(option) {
  const schema = option.schema;
  const name = `option-${option.name}`;
  const choices = schema.enum ?? (schema.anyOf ?? schema.oneOf)?.map((s) => s.const).filter((c) => c !== undefined);
  let input;
  if (choices?.length) {
    input = html('select', { name, 'data-option': option.name });
    for (const choice of choices) {
      const item = html('option', { value: JSON.stringify(choice) }, String(choice));
      if (JSON.stringify(choice) === JSON.stringify(option.default)) item.selected = true;
      input.append(item);
    }
  } else if (schema.type === 'boolean') {
    input = html('input', { name, type: 'checkbox', 'data-option': option.name });
    input.checked = option.default === true;
  } else if (schema.type === 'integer' || schema.type === 'number') {
    input = html('input', { name, type: 'number', 'data-option': option.name, value: option.default ?? '' });
    if (schema.minimum !== undefined) input.setAttribute('min', schema.minimum);
    if (schema.maximum !== undefined) input.setAttribute('max', schema.maximum);
  } else return null;
  return html('label', { title: option.description }, `${words(option.name)}`, input);
}

/** The options a form's inputs set, leaving out the ones still at their default. */
function optionsOf(form, module) {
  const options = {};
  for (const option of module.options) {
    const input = form.querySelector(`[data-option="${option.name}"]`);
    if (!input) continue;
    const value = input.type === 'checkbox' ? input.checked : input.type === 'number' ? Number(input.value) : JSON.parse(input.value);
    if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
  }
  return options;
}

/** The clock a form asks for, as POST /games takes it (none: no field at all). */
function clockOf(data) {
  const kind = String(data.get('clock'));
  const seconds = Number(data.get('seconds'));
  if (kind === 'move') return { clock: { kind, seconds }, onTimeout: String(data.get('onTimeout')) };
  if (kind === 'bank') return { clock: { kind, initialSeconds: seconds, incrementSeconds: 5 }, onTimeout: String(data.get('onTimeout')) };
  return {};
}

/** A select of [value, text] choices. */
function choices(name, pairs) {
  const select = html('select', { name });
  for (const [value, text] of pairs) select.append(html('option', { value }, text));
  return select;
}

function clockFields() {
  const clock = choices('clock', [
    ['none', 'no clock'],
    ['move', 'seconds per move'],
    ['bank', 'a time bank (+5 s a move)'],
  ]);
  const onTimeout = choices('onTimeout', [
    ['bot', 'a bot plays for them'],
    ['default', 'the least harmful move is made'],
    ['forfeit', 'they concede'],
  ]);
  return [
    field('Clock', clock),
    field('Seconds', html('input', { name: 'seconds', type: 'number', min: 5, max: 86400, value: 120 })),
    field('When time runs out', onTimeout),
  ];
}

/** Take seat `seat` (or the lowest free one) as a person, keep its token in this tab, and go to the table. */
async function claimAndPlay(gameId, body, fillWithBots) {
  const key = playerKey();
  const claimed = await api(`/games/${gameId}/seats`, { method: 'POST', body, token: key });
  secrets.setSeat(gameId, claimed.token, claimed.seat);
  if (fillWithBots)
    await api(`/games/${gameId}/bots`, { method: 'POST', body: fillWithBots === true ? {} : { bot: fillWithBots }, token: claimed.token });
  window.location.assign(`/watch/${gameId}`);
}

function newGameSection() {
  const section = html('section', { 'aria-labelledby': 'new-title' }, html('h2', { id: 'new-title' }, 'New game'));
  const form = html('form', { 'aria-label': 'New game' });
  const moduleSelect = html('select', { name: 'module', id: 'new-module' });
  for (const m of modules) moduleSelect.append(html('option', { value: m.name }, m.title));
  const seats = html('input', { name: 'seats', type: 'number', min: 1, max: 16, value: 2, required: '' });
  const optionsBox = html('fieldset', { class: 'options' });
  const bots = html('select', { name: 'bots' });
  const characterBox = html('span');
  const summary = html('p', { class: 'summary' });
  const refresh = async () => {
    const module = modules.find((m) => m.name === moduleSelect.value);
    seats.min = String(module.seats.min);
    seats.max = String(module.seats.max);
    seats.value = String(Math.min(Math.max(Number(seats.value), module.seats.min), module.seats.max));
    summary.textContent = module.summary;
    optionsBox.replaceChildren(html('legend', {}, `${module.title}: options`));
    for (const option of module.options) {
      const input = optionInput(option);
      if (input) optionsBox.append(input);
    }
    bots.replaceChildren(html('option', { value: '' }, 'no bots: wait for people'));
    for (const bot of module.bots) bots.append(html('option', { value: bot.name, title: bot.description }, `${bot.name} bots`));
    if (module.bots.length > 0) bots.value = module.bots[0].name;
    characterBox.replaceChildren();
    const me = secrets.player();
    if (module.characters && me) {
      const list = await api(`/characters?owner=${me.id}`).catch(() => ({ items: [] }));
      const mine = list.items.filter((c) => c.module === module.name && !c.seatedIn);
      if (mine.length > 0) {
        const select = html('select', { name: 'character' }, html('option', { value: '' }, 'none'));
        for (const c of mine) select.append(html('option', { value: c.id }, c.name));
        characterBox.append(field('Bring a character', select));
      }
    }
  };
  moduleSelect.addEventListener('change', () => void refresh().catch(showProblem));
  form.append(
    field('Game', moduleSelect),
    field('Seats', seats),
    field('Your name', html('input', { name: 'name', maxlength: 64, value: secrets.player()?.name ?? '' })),
    field('Other seats', bots),
    characterBox,
    ...clockFields(),
    optionsBox,
    html('button', { type: 'submit' }, 'Create and sit down'),
  );
  onSubmit(form, async (data) => {
    const module = modules.find((m) => m.name === data.get('module'));
    const body = { module: module.name, seats: Number(data.get('seats')), options: optionsOf(form, module), ...clockOf(data) };
    const game = await api('/games', { method: 'POST', body });
    const name = String(data.get('name') ?? '').trim();
    const character = String(data.get('character') ?? '');
    await claimAndPlay(
      game.id,
      { seat: 0, ...(name && { name }), ...(character && { character }) },
      data.get('bots') && body.seats > 1 ? String(data.get('bots')) : false,
    );
  });
  section.append(summary, form);
  void refresh().catch(showProblem);
  return section;
}

function quickMatchSection() {
  const section = html('section', { 'aria-labelledby': 'quick-title' }, html('h2', { id: 'quick-title' }, 'Quick match'));
  if (!playerKey()) {
    section.append(html('p', {}, 'Register above to be matched with other players.'));
    return section;
  }
  const form = html('form', { 'aria-label': 'Quick match' });
  const moduleSelect = html('select', { name: 'module' });
  for (const m of modules) moduleSelect.append(html('option', { value: m.name }, m.title));
  const waiting = html('p', { role: 'status' });
  form.append(
    field('Game', moduleSelect),
    field('Seats', html('input', { name: 'seats', type: 'number', min: 1, max: 16, value: 2 })),
    field('Fill with bots after (seconds)', html('input', { name: 'after', type: 'number', min: 0, max: 86400, value: 30 })),
    html('button', { type: 'submit' }, 'Find me a table'),
  );
  onSubmit(form, async (data) => {
    const key = playerKey();
    const body = { module: String(data.get('module')), seats: Number(data.get('seats')), fillWithBotsAfter: Number(data.get('after')) };
    let ticket = await api('/matchmaking/tickets', { method: 'POST', body, token: key });
    waiting.textContent = 'Waiting for a table…';
    while (ticket.status === 'open') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      ticket = await api(`/matchmaking/tickets/${ticket.id}`, { token: key });
    }
    if (!ticket.gameId) throw new Error(`no table: ${ticket.failure ?? ticket.status}`);
    const token = ticket.token ?? (await api(`/games/${ticket.gameId}/seats/${ticket.seat}/tokens`, { method: 'POST', token: key })).token;
    secrets.setSeat(ticket.gameId, token, ticket.seat);
    window.location.assign(`/watch/${ticket.gameId}`);
  });
  section.append(form, waiting);
  return section;
}

function charactersSection() {
  const me = secrets.player();
  const section = html('section', { 'aria-labelledby': 'characters-title' }, html('h2', { id: 'characters-title' }, 'Your characters'));
  if (!me) {
    section.append(html('p', {}, 'Register above to create characters that keep what they earn.'));
    return section;
  }
  const list = html('ul');
  void api(`/characters?owner=${me.id}`)
    .then(({ items }) => {
      if (items.length === 0) list.append(html('li', {}, 'none yet'));
      for (const c of items) list.append(html('li', {}, link(`/characters/${c.id}`, c.name), ` · ${c.module}`));
    })
    .catch(showProblem);
  const form = html('form', { 'aria-label': 'New character' });
  const moduleSelect = html('select', { name: 'module' });
  const choice = html('select', { name: 'choice' });
  const refresh = async () => {
    const how = CHARACTER_CHOICE[moduleSelect.value];
    const { items } = await api(`/modules/${moduleSelect.value}/content`);
    choice.replaceChildren();
    for (const item of items.filter((i) => i.type === how.type)) choice.append(html('option', { value: item.id }, item.name));
  };
  for (const m of modules.filter((m) => m.characters && CHARACTER_CHOICE[m.name]))
    moduleSelect.append(html('option', { value: m.name }, m.title));
  moduleSelect.addEventListener('change', () => void refresh().catch(showProblem));
  form.append(
    field('Game', moduleSelect),
    field('Name', html('input', { name: 'name', required: '', maxlength: 64 })),
    field('Class or hero', choice),
    html('button', { type: 'submit' }, 'Create character'),
  );
  onSubmit(form, async (data) => {
    const module = String(data.get('module'));
    const body = {
      module,
      name: String(data.get('name')).trim(),
      options: { [CHARACTER_CHOICE[module].option]: String(data.get('choice')) },
    };
    const character = await api('/characters', { method: 'POST', body, token: playerKey() });
    window.location.assign(`/characters/${character.id}`);
  });
  if (moduleSelect.options.length > 0) void refresh().catch(showProblem);
  section.append(list, form);
  return section;
}

/** One module's open and live games, newest first, each with what a person can do with it. */
async function gamesOf(module) {
  const section = html('section', { 'aria-labelledby': `games-${module.name}`, 'data-games': module.name });
  section.append(html('h2', { id: `games-${module.name}` }, module.title));
  const [open, active] = await Promise.all(
    ['open', 'active'].map((status) => api(`/games?module=${module.name}&status=${status}&limit=10`)),
  );
  const games = [...open.items, ...active.items];
  if (games.length === 0) {
    section.append(html('p', {}, 'No open or live game: create one above.'));
    return section;
  }
  const table = html('table');
  table.append(
    html(
      'tr',
      {},
      html('th', { scope: 'col' }, 'Game'),
      html('th', { scope: 'col' }, 'Status'),
      html('th', { scope: 'col' }, 'Seats'),
      html('th', { scope: 'col' }, 'Do'),
    ),
  );
  for (const game of games) {
    const actions = html('td', {}, link(`/watch/${game.id}`, 'Watch'));
    if (secrets.seat(game.id)) actions.append(' · ', link(`/watch/${game.id}`, 'Play your seat'));
    if (game.status === 'open' && game.openSeats > 0) {
      const take = html('button', { type: 'button', 'data-take': game.id }, 'Take a seat');
      take.addEventListener('click', () => {
        const name = secrets.player()?.name;
        void claimAndPlay(game.id, name ? { name } : {}, false).catch(showProblem);
      });
      actions.append(' · ', take);
    }
    const seats = `${game.seats - game.openSeats}/${game.seats} taken${game.bots ? `, ${game.bots} bots` : ''}`;
    table.append(
      html(
        'tr',
        { 'data-game': game.id },
        html('td', {}, game.id.slice(0, 8)),
        html('td', {}, game.status),
        html('td', {}, seats),
        actions,
      ),
    );
  }
  section.append(table);
  return section;
}

async function render() {
  showMe();
  showProblem(null);
  modules = (await api('/modules')).items;
  page.replaceChildren(youSection(), newGameSection(), quickMatchSection(), charactersSection(), html('h2', {}, 'Games'));
  for (const module of modules) page.append(await gamesOf(module));
}

render().catch(showProblem);
