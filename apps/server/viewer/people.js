// The pages at a character's, player's or campaign's own address: a sheet (the raid's with its unlocks to spend with
// the player's key, Dungeoneer's hero and treasures), a player's characters and games, a campaign's standing.
import { $, api, html, link, secrets, showMe, showProblem } from './common.js';

const [kind, id] = window.location.pathname.split('/').filter(Boolean);
const page = $('page');

const section = (title, ...children) => {
  const slug = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return html('section', { 'aria-labelledby': `s-${slug}` }, html('h2', { id: `s-${slug}` }, title), ...children);
};
const list = (items, render, empty = 'none') => {
  const ul = html('ul');
  if (items.length === 0) ul.append(html('li', {}, empty));
  for (const item of items) ul.append(html('li', {}, ...[render(item)].flat()));
  return ul;
};
const table = (head, rows) => {
  const t = html('table');
  t.append(html('tr', {}, ...head.map((h) => html('th', { scope: 'col' }, h))));
  for (const row of rows) t.append(html('tr', {}, ...row.map((cell) => html('td', {}, typeof cell === 'number' ? String(cell) : cell))));
  return t;
};
const day = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') : '–');
const gameLink = (gameId) => link(`/watch/${gameId}`, gameId.slice(0, 8));

/** A character's sheet in one line, for lists of members. */
function sheetLine(character) {
  const sheet = character.sheet;
  if (character.module === 'raid') return `${sheet.class.name}, ${sheet.levelName}, ${sheet.xp} XP`;
  if (character.module === 'dungeoneer') return `level ${sheet.level}, ${sheet.adventures} adventures, ${sheet.treasures.length} treasures`;
  return `${character.games.length} games`;
}

/** The raid's sheet: level, XP to the next, the deck, achievements per dungeon, runs, and unlocks to spend. */
async function raidSheet(character, owner) {
  const sheet = character.sheet;
  const next = sheet.nextLevel ? `${sheet.nextLevel.xpToGo} XP to ${sheet.nextLevel.level}` : 'the highest level';
  const parts = [
    section(
      'Raider',
      html('p', {}, `${sheet.class.name} · hero ${sheet.hero.name} (health ${sheet.hero.health}) · hand size ${sheet.handSize}`),
      html('p', { 'data-level': sheet.level }, `${sheet.levelName} · ${sheet.xp} XP · ${next}`),
      progress(sheet),
    ),
    section(
      `Deck (${sheet.deck.size} cards)`,
      table(
        ['Card', 'Type', 'Rarity', 'Copies', 'From'],
        sheet.deck.cards.map((c) => [
          c.name,
          c.type,
          c.rarity ?? '–',
          String(c.copies),
          c.origin === 'unlock' ? `unlock ${c.unlockLevel}` : 'starter',
        ]),
      ),
    ),
    section(
      'Achievements',
      ...sheet.dungeons.map((d) =>
        html(
          'div',
          { 'data-dungeon': d.dungeon },
          html(
            'h3',
            {},
            `${d.name}: ${d.runs} runs, ${d.victories} victories${d.hardestVictory ? `, hardest won: ${d.hardestVictory}` : ''}`,
          ),
          table(
            ['Achievement', 'What earns it', 'XP', 'Earned'],
            d.achievements.map((a) => [
              a.name,
              a.text,
              String(a.xp),
              a.timesEarned ? `${a.timesEarned}× since ${day(a.firstEarnedAt)}` : 'not yet',
            ]),
          ),
        ),
      ),
    ),
    section(
      'Runs',
      table(
        ['Raid', 'Ended', 'Dungeon', 'Difficulty', 'Result', 'XP'],
        sheet.runs.map((r) => [gameLink(r.gameId), day(r.at), r.dungeonName, r.difficulty, r.victory ? 'victory' : 'defeat', String(r.xp)]),
      ),
    ),
  ];
  parts.splice(1, 0, await unlocks(character, owner));
  return parts;
}

/** XP toward the next level as a bar a screen reader reads as a number. */
function progress(sheet) {
  if (!sheet.nextLevel) return html('p', {}, 'All levels reached.');
  const from = sheet.nextLevel.xp - sheet.nextLevel.xpToGo;
  return html('progress', { max: sheet.nextLevel.xp, value: from, 'aria-label': `XP toward level ${sheet.nextLevel.level}` });
}

/** Each unlock still to spend, with a form to spend it: the owner's key (this tab's) sends SpendUnlock. */
async function unlocks(character, owner) {
  const sheet = character.sheet;
  const box = section('Unlocks to spend');
  if (sheet.unlocksToSpend.length === 0) {
    box.append(html('p', {}, 'None now: each ten levels brings one.'));
    return box;
  }
  const key = owner ? secrets.player()?.key : null;
  if (!key) box.append(html('p', {}, 'Only the owner, with their player key in this tab, can spend these.'));
  const { items } = await api('/modules/raid/content');
  const treasure = items.filter((i) => i.stats?.found === 'treasure' && (i.stats.class === null || i.stats.class === sheet.class.id));
  for (const unlock of sheet.unlocksToSpend) {
    const form = html('form', { 'aria-label': `Spend the level ${unlock.level} unlock`, 'data-unlock': unlock.level });
    const card = html('select', { name: 'card' });
    for (const item of treasure)
      card.append(html('option', { value: item.id }, `${item.name} (${item.type}, ${item.rarity ?? 'no rarity'})`));
    const replaces = html('select', { name: 'replaces' }, html('option', { value: '' }, 'nothing: the deck grows by one'));
    for (const c of sheet.deck.cards) replaces.append(html('option', { value: c.card }, c.name));
    form.append(
      html('p', {}, `Level ${unlock.level}: ${unlock.allows.join('; ')}`),
      html('label', {}, 'Add', card),
      html('label', {}, 'Instead of', replaces),
      html('button', { type: 'submit', ...(!key && { disabled: '' }) }, `Spend the level ${unlock.level} unlock`),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const pick = { card: String(data.get('card')), ...(data.get('replaces') && { replaces: String(data.get('replaces')) }) };
      showProblem(null);
      api(`/characters/${character.id}/commands`, {
        method: 'POST',
        token: key,
        body: { type: 'SpendUnlock', level: unlock.level, picks: [pick] },
      })
        .then(render)
        .catch(showProblem);
    });
    box.append(form);
  }
  return box;
}

/** Dungeoneer's sheet: the hero, its level and treasures, and its adventures. */
async function dungeoneerSheet(character) {
  const sheet = character.sheet;
  const { items } = await api('/modules/dungeoneer/content');
  const name = (id) => items.find((i) => i.id === id || id.startsWith(`${i.id}-`))?.name ?? id;
  return [
    section(
      'Hero',
      html('p', { 'data-content': sheet.hero }, `${name(sheet.hero)} · level ${sheet.level}`),
      html(
        'p',
        {},
        `${sheet.adventures} adventures · ${sheet.wins} won · ${sheet.quests} quests · fell ${sheet.defeats} times · felled ${sheet.felled} heroes`,
      ),
    ),
    section('Treasures', list(sheet.treasures, name, 'none carried')),
    section(
      'Adventures',
      table(
        ['Game', 'Side', 'Result', 'Quests', 'Level'],
        sheet.history.map((h) => [gameLink(h.gameId), h.side, h.won ? 'won' : 'lost', String(h.quests), String(h.level)]),
      ),
    ),
  ];
}

async function characterPage() {
  const character = await api(`/characters/${id}`);
  const owner = secrets.player()?.id === character.owner;
  document.title = `${character.name} · Delve`;
  const head = section(
    character.name,
    html(
      'p',
      {},
      `A ${character.module} character of `,
      link(`/players/${character.owner}`, 'its player'),
      `, since ${day(character.createdAt)}.`,
    ),
    character.seatedIn
      ? html('p', {}, 'Playing now: ', link(`/watch/${character.seatedIn.gameId}`, 'watch the game'))
      : html('p', {}, 'Not in a game now.'),
  );
  const body =
    character.module === 'raid'
      ? await raidSheet(character, owner)
      : character.module === 'dungeoneer'
        ? await dungeoneerSheet(character)
        : [section('Sheet', html('pre', {}, JSON.stringify(character.sheet, null, 2)))];
  return [head, ...body];
}

async function playerPage() {
  const player = await api(`/players/${id}`);
  document.title = `${player.name} · Delve`;
  const active = player.games.filter((g) => g.status === 'active' || g.status === 'open');
  const past = player.games.filter((g) => !(g.status === 'active' || g.status === 'open'));
  const row = (g) => [
    gameLink(g.gameId),
    g.module ?? '–',
    `seat ${g.seat}`,
    g.status,
    g.won === null || g.won === undefined ? '–' : g.won ? 'won' : 'lost',
    day(g.endedAt ?? g.joinedAt),
  ];
  return [
    section(player.name, html('p', {}, `Registered ${day(player.registeredAt)}.`)),
    section(
      'Characters',
      list(player.characters, (c) => [link(`/characters/${c.id}`, c.name), ` · ${c.module}`]),
    ),
    section('Active games', table(['Game', 'Module', 'Seat', 'Status', 'Result', 'Since'], active.map(row))),
    section('Past games', table(['Game', 'Module', 'Seat', 'Status', 'Result', 'Ended'], past.map(row))),
  ];
}

async function campaignPage() {
  const campaign = await api(`/campaigns/${id}`);
  document.title = `${campaign.name} · Delve`;
  const tallies = (counts) => counts.map((c) => `${c.name} ${c.total}`).join(', ') || '–';
  const memberName = (player) => campaign.members.find((m) => m.player === player)?.name ?? player.slice(0, 8);
  const standing = campaign.standing ?? { sides: [], members: [] };
  // Each member with the character they bring, read from its sheet.
  const members = await Promise.all(
    campaign.members.map(async (member) => ({
      member,
      character: member.character ? await api(`/characters/${member.character}`).catch(() => null) : null,
    })),
  );
  return [
    section(
      campaign.name,
      html('p', {}, `A ${campaign.module} campaign since ${day(campaign.createdAt)}; ${campaign.games.length} games.`),
    ),
    section(
      'Standing',
      table(
        ['Member', 'Games', 'Wins', 'Goals', 'Tallies'],
        standing.members.map((m) => [memberName(m.player), m.games, m.wins, m.goals, tallies(m.counts)]),
      ),
      ...(standing.sides.length
        ? [
            table(
              ['Side', 'Games', 'Goals'],
              standing.sides.map((s) => [s.side, s.games, s.goals]),
            ),
          ]
        : []),
    ),
    section(
      'Members',
      list(members, ({ member, character }) => [
        link(`/players/${member.player}`, member.name),
        ...(character
          ? [' · ', link(`/characters/${character.id}`, 'character sheet'), ` · ${character.name}: ${sheetLine(character)}`]
          : []),
      ]),
    ),
    section(
      'Adventures',
      table(
        ['Game', 'Status', 'Scheduled', 'Ended', 'Winners'],
        campaign.games.map((g) => [
          gameLink(g.gameId),
          g.status,
          day(g.scheduledAt),
          day(g.endedAt),
          g.winners.map((seat) => memberName(g.seats.find((x) => x.seat === seat)?.player ?? '')).join(', ') || '–',
        ]),
      ),
    ),
  ];
}

const PAGES = { characters: characterPage, players: playerPage, campaigns: campaignPage };

async function render() {
  showMe();
  const parts = await PAGES[kind]();
  page.replaceChildren(...parts);
  page.dataset.loaded = kind;
}

render().catch(showProblem);
