// A small bot as a client developer writes it against the published @delve/client (client-package.test.ts compiles it
// in a scratch project under nodenext and bundler resolution): a player with keys, a raid character and a campaign, then
// a Dungeon game against a server bot, followed over gameUpdated, with a recovered seat token. It returns what it saw.
import { DelveClient, DelveError, type Command } from '@delve/client';

export async function play(baseUrl: string): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const delve = new DelveClient({ baseUrl });
  seen.modules = (await delve.modules()).map((m) => m.name);

  // A player and its keys: a second key, revoked again.
  const registered = await delve.registerPlayer('Botty');
  const me = delve.asPlayer(registered.key);
  const second = await me.issueKey(registered.id);
  await me.revokeKey(registered.id, second.keyId);
  seen.keys = (await me.keys(registered.id)).length;

  // A raid character and a campaign; the reads after them show them (the client passes its last write's position).
  const hero = await me.createCharacter('raid', 'Hilde', { class: 'guardian' });
  const campaign = await me.createCampaign('Under the Hill', 'raid', hero.id);
  seen.characters = (await me.characters(registered.id, 'raid')).map((c) => c.name);
  seen.members = (await me.campaign(campaign.id)).members.length;
  seen.listed = (await delve.games()).items.length; // no limit, no cursor: both optional

  // A Dungeon game: the player's seat, a second token for it, then the seat recovered with the player key (which
  // revokes both), and a server bot in the other seat.
  const game = await me.createGame('dungeon', 2, { variant: 'standard' });
  const claimed = await me.claimSeat('dungeon', game.id, { name: 'Botty' });
  const another = await me.takeSeatToken('dungeon', game.id, claimed.seat);
  seen.tokens = (await another.view()).revision >= 0;
  const seat = await me.recoverSeat('dungeon', game.id, claimed.seat);
  seen.revoked = await claimed.view().then(
    () => false,
    (error: unknown) => error instanceof DelveError && error.status === 403,
  );
  seen.seats = (await me.activeSeats(registered.id)).length;
  await seat.seatBots();
  try {
    // No response window is open while the play-off deals: the rules refuse a Pass.
    const pass: Command<'dungeon'> = { type: 'Pass' };
    await seat.send(pass);
  } catch (error) {
    if (error instanceof DelveError) seen.refused = { code: error.code, status: error.status };
  }

  let sent = 0;
  let updates = 0;
  let summarised = true;
  for await (const update of seat.updates({ after: -1 })) {
    updates++;
    if (update.status !== 'active') continue;
    const summary = await delve.game(game.id);
    if (!summary.awaiting.includes(seat.seat)) continue;
    const { commands } = await seat.legal();
    const command = commands[0];
    if (command === undefined) continue;
    try {
      const outcome = await seat.send(command);
      sent++;
      summarised &&= outcome.game.revision === outcome.revision;
    } catch (error) {
      // The bot's move made this one moot (a window closed): the next update says what is asked now.
      if (!(error instanceof DelveError && error.status === 422)) throw error;
    }
  }
  const summary = await delve.game(game.id);
  seen.status = summary.status;
  seen.sent = sent;
  seen.summarised = summarised;
  seen.updates = updates;
  seen.events = (await seat.events()).items.length; // no from, no limit: both optional
  seen.audit = (await delve.audit(game.id)).verdict;
  return seen;
}
