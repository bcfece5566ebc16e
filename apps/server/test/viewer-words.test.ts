// The raid's log in words on the page: allies named by their card instance read as the board shows (or showed) them.
import t from 'tap';

type WordsFor = (text: string, view: unknown) => string;
// Plain browser ES module; its drawing helpers touch `document` only when they draw, never to name a unit.
const { wordsFor } = (await import(new URL('../viewer/draw/raid.js', import.meta.url).href)) as { wordsFor: WordsFor };

const unit = (ref: string, name: string) => ({ ref, name });
const board = (raiderAllies: { ref: string; name: string }[]) => ({
  dungeon: { hero: unit('dh', 'The Warden'), allies: [] },
  raiders: [{ hero: unit('h0', 'Seat hero'), allies: raiderAllies }],
});

t.test('an ally on the board is named as the board names it', async (t) => {
  t.equal(wordsFor('ally r0-4 took 2 damage.', board([unit('r0-4', 'Lantern Squire')])), 'Lantern Squire took 2 damage.');
});

t.test('an ally that has left the board keeps the name the page was shown', async (t) => {
  t.equal(wordsFor('Ally r0-7 attacked the Dungeon hero.', board([unit('r0-7', 'Ember Hound')])), 'Ember Hound attacked the Dungeon hero.');
  t.equal(wordsFor('Ally r0-7 was exhausted.', board([])), 'Ember Hound was exhausted.', 'after it is gone');
});

t.test('an ally the page was never shown reads as an ally, never by its id', async (t) => {
  t.equal(wordsFor('ally r1-9 healed 1.', board([])), 'an ally healed 1.');
  t.equal(wordsFor('Ally r1-9 healed 1.', null), 'An ally healed 1.', 'before any view');
});
