// Resolving the top of the stack: what a room ability needs, checking choices, and carrying out its effects.
import type { Seat } from '@delve/kernel';
import { roomOf, TOKENS, type Effect, type PermanentType } from '../content';
import { MAX_MANA_VALUE, type CommandOf } from '../commands';
import type { Choices } from '../events';
import type { ResolveChoices, StackItem, Token, UnlessAnswer, VentureState } from '../state';
import { takeInitiative } from './initiative';
import { apnapOrder, isInGame, requireOpenTable } from './table';
import type { Tx } from './tx';
import { fail } from './fail';
import { venture } from './venture';

type RoomItem = Extract<StackItem, { kind: 'room' }>;
type UnlessEffect = Extract<Effect, { kind: 'unless' }>;
type DistributeEffect = Extract<Effect, { kind: 'distribute-counters' }>;

/** What resolving a stack item asks of its controller and of the other players. */
export interface Needs {
  readonly targetPlayer: boolean;
  readonly targetCreature: boolean;
  /**
   * Places a sacrifice fills, one tracked token each, by the types a token there may have; null when the ability
   * sacrifices nothing. Oubliette has one place per type; Defiled Temple one place for any permanent.
   */
  readonly sacrifice: readonly (readonly PermanentType[])[] | null;
  /** Counters the controller splits among creatures they control (Githyanki Crèche), or null. */
  readonly distribute: DistributeEffect | null;
  /** Whether the controller reports the total mana value of revealed cards (Ansur's Sanctum). */
  readonly revealedManaValue: boolean;
  /** An "unless" cost every player answers, or null. */
  readonly unless: UnlessEffect | null;
}

const NOTHING: Needs = {
  targetPlayer: false,
  targetCreature: false,
  sacrifice: null,
  distribute: null,
  revealedManaValue: false,
  unless: null,
};

export function effectsOf(item: StackItem): readonly Effect[] {
  return item.kind === 'room' ? (roomOf(item.dungeon, item.room)?.effects ?? []) : [];
}

export function needsOf(item: StackItem): Needs {
  if (item.kind !== 'room') return NOTHING;
  const effects = effectsOf(item);
  const places = effects.flatMap((e) =>
    e.kind === 'sacrifice' ? e.each.map((type) => [type]) : e.kind === 'may-sacrifice' ? [e.anyOf] : [],
  );
  const sacrifices = effects.some((e) => e.kind === 'sacrifice' || e.kind === 'may-sacrifice');
  return {
    targetPlayer: effects.some((e) => e.kind === 'life' && e.who === 'target-player'),
    targetCreature: effects.some((e) => (e.kind === 'counters' || e.kind === 'prompt') && e.target === 'target-creature'),
    sacrifice: sacrifices ? places : null,
    distribute: effects.find((e): e is DistributeEffect => e.kind === 'distribute-counters') ?? null,
    revealedManaValue: effects.some((e) => e.kind === 'reveal-life-loss'),
    unless: effects.find((e): e is UnlessEffect => e.kind === 'unless') ?? null,
  };
}

export function tokenTypes(token: Token): readonly PermanentType[] {
  return TOKENS[token.kind].types;
}

const isCreature = (token: Token): boolean => tokenTypes(token).includes('creature');

/** Whether `tokens` can be sacrificed into `places`, each token filling a different place that accepts one of its types. */
export function fitsSacrifice(tokens: readonly Token[], places: readonly (readonly PermanentType[])[]): boolean {
  const used = new Set<number>();
  const place = (i: number): boolean => {
    const token = tokens[i];
    if (token === undefined) return true;
    for (const [at, types] of places.entries()) {
      if (used.has(at) || !tokenTypes(token).some((type) => types.includes(type))) continue;
      used.add(at);
      if (place(i + 1)) return true;
      used.delete(at);
    }
    return false;
  };
  return place(0);
}

/** Creature tokens `seat` controls: what a split of counters may name (Githyanki Crèche). */
export function ownCreatures(state: VentureState, seat: Seat): Token[] {
  return state.tokens.filter((t) => t.controller === seat && isCreature(t));
}

/** The choices a ResolveTop command makes: its fields other than the type. */
export function choicesOf(command: CommandOf<'ResolveTop'>): ResolveChoices {
  const { type: _type, ...choices } = command;
  return choices;
}

/** Check the controller's choices against what the top item needs (309.4c: the controller makes the ability's choices). */
export function checkChoices(state: VentureState, item: StackItem, seat: Seat, choices: ResolveChoices): void {
  const needs = needsOf(item);
  if (needs.targetPlayer) {
    if (choices.targetPlayer === undefined) fail('target-required', 'this room ability needs a target player');
    if (!isInGame(state, choices.targetPlayer)) fail('bad-target', 'the target player is not in the game');
  } else if (choices.targetPlayer !== undefined) fail('unexpected-choice', 'this ability does not target a player');
  if (choices.targetToken !== undefined) {
    if (!needs.targetCreature) fail('unexpected-choice', 'this ability does not target a creature');
    const token = state.tokens.find((t) => t.id === choices.targetToken);
    if (!token || !isCreature(token)) fail('bad-target', 'the target token is not a creature on the battlefield');
  }
  if (choices.sacrifice !== undefined) {
    if (needs.sacrifice === null) fail('unexpected-choice', 'this ability does not make you sacrifice anything');
    const ids = choices.sacrifice;
    if (ids.length === 0) fail('bad-sacrifice', 'leave the sacrifice out when you name no token');
    if (new Set(ids).size !== ids.length) fail('bad-sacrifice', 'a token is listed twice');
    const tokens = ids.map((id) => state.tokens.find((t) => t.id === id && t.controller === seat));
    if (tokens.some((t) => t === undefined)) fail('bad-sacrifice', 'you can only sacrifice tokens you control');
    if (!fitsSacrifice(tokens as Token[], needs.sacrifice))
      fail('bad-sacrifice', 'those tokens do not match the permanent types asked for');
  }
  if (choices.distribute !== undefined) checkDistribution(state, needs.distribute, seat, choices.distribute);
  if (needs.revealedManaValue) {
    const value = choices.revealedManaValue;
    if (value === undefined) fail('mana-value-required', 'report the total mana value of the revealed cards');
    if (!Number.isInteger(value) || value < 0 || value > MAX_MANA_VALUE) fail('bad-amount', `a total mana value is 0 to ${MAX_MANA_VALUE}`);
  } else if (choices.revealedManaValue !== undefined) fail('unexpected-choice', 'this ability reveals no cards');
}

/** A split of counters: up to `maxTargets` creature tokens the controller controls, at least one counter each, `count` at most. */
function checkDistribution(
  state: VentureState,
  effect: DistributeEffect | null,
  seat: Seat,
  split: Readonly<Record<number, number>>,
): void {
  if (effect === null) fail('unexpected-choice', 'this ability does not split counters');
  const entries = Object.entries(split);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (
    entries.length === 0 ||
    entries.length > effect.maxTargets ||
    entries.some(([, n]) => !Number.isInteger(n) || n < 1) ||
    total > effect.count
  )
    fail('bad-distribution', `split at most ${effect.count} counters among at most ${effect.maxTargets} creatures, one or more each`);
  const mine = ownCreatures(state, seat);
  if (entries.some(([id]) => !mine.some((t) => String(t.id) === id))) fail('bad-target', 'counters go on creature tokens you control');
}

/** Players who still owe an answer to the resolving item's "unless" cost, in APNAP order. */
export function awaitingAnswers(state: VentureState, item: RoomItem): Seat[] {
  return apnapOrder(state).filter((seat) => !item.answers.some((a) => a.seat === seat));
}

/** Check one player's answer to an "unless" cost. */
export function checkAnswer(state: VentureState, item: RoomItem, seat: Seat, pay: boolean, token: number | undefined): void {
  if (token === undefined) return;
  const unless = needsOf(item).unless;
  if (!pay) fail('unexpected-choice', 'a token is only named when paying the cost');
  if (unless?.cost.kind !== 'sacrifice') fail('unexpected-choice', 'this cost is not paid by sacrificing');
  const owned = state.tokens.find((t) => t.id === token && t.controller === seat);
  if (!owned) fail('bad-sacrifice', 'you can only sacrifice a token you control');
  if (!tokenTypes(owned).some((type) => unless.cost.kind === 'sacrifice' && unless.cost.anyOf.includes(type)))
    fail('bad-sacrifice', 'that token is not of a type this cost accepts');
}

/** Choices as an event records them (its own arrays, so no event shares them with the state). */
export function choicesRecord(choices: ResolveChoices): Choices {
  const { sacrifice, distribute, ...rest } = choices;
  return {
    ...rest,
    ...(sacrifice !== undefined ? { sacrifice: [...sacrifice] } : {}),
    ...(distribute !== undefined ? { distribute: { ...distribute } } : {}),
  };
}

/** Resolve the top item with these choices and answers: it leaves the stack, then its effects happen in order. */
export function finishResolution(tx: Tx, item: StackItem, choices: ResolveChoices, answers: readonly UnlessAnswer[]): void {
  tx.emit({ type: 'AbilityResolved', stackId: item.id, choices: choicesRecord(choices) });
  switch (item.kind) {
    case 'initiative-venture':
      if (isInGame(tx.state, item.controller)) venture(tx, item.controller, true);
      return;
    case 'initiative-steal':
      if (isInGame(tx.state, item.taker)) takeInitiative(tx, item.taker);
      return;
    case 'room':
      for (const effect of effectsOf(item)) applyEffect(tx, item.controller, effect, choices, answers);
      return;
  }
}

function loseOrGain(tx: Tx, seats: readonly Seat[], amount: number): void {
  if (amount === 0) return;
  for (const seat of seats) if (isInGame(tx.state, seat)) tx.emit({ type: 'LifeChanged', seat, amount });
}

function putCounters(tx: Tx, token: number, count: number): void {
  if (tx.state.tokens.some((t) => t.id === token)) tx.emit({ type: 'CountersPut', token, count });
}

function removeIfPresent(tx: Tx, id: number): void {
  if (tx.state.tokens.some((t) => t.id === id)) tx.emit({ type: 'TokenRemoved', token: id });
}

function applyEffect(tx: Tx, controller: Seat, effect: Effect, choices: ResolveChoices, answers: readonly UnlessAnswer[]): void {
  const everyone = apnapOrder(tx.state);
  switch (effect.kind) {
    case 'life': {
      const who =
        effect.who === 'you'
          ? [controller]
          : effect.who === 'each-opponent'
            ? everyone.filter((s) => s !== controller)
            : effect.who === 'each-player'
              ? everyone
              : choices.targetPlayer !== undefined
                ? [choices.targetPlayer]
                : [];
      return loseOrGain(tx, who, effect.amount);
    }
    case 'create-token':
      for (let i = 0; i < effect.count; i++) tx.emit({ type: 'TokenCreated', token: tx.nextId(), kind: effect.token, controller });
      return;
    case 'roll-tokens': {
      // The companion rolls for the table; the faces are written into the event.
      const results = Array.from({ length: effect.dice }, () => tx.random.int(effect.sides) + 1);
      tx.emit({ type: 'DiceRolled', seat: controller, sides: effect.sides, results });
      const count = results.reduce((sum, n) => sum + n, 0);
      for (let i = 0; i < count; i++) tx.emit({ type: 'TokenCreated', token: tx.nextId(), kind: effect.token, controller });
      return;
    }
    case 'counters':
      if (choices.targetToken !== undefined) putCounters(tx, choices.targetToken, effect.count);
      return;
    case 'distribute-counters':
      for (const [id, count] of Object.entries(choices.distribute ?? {})) putCounters(tx, Number(id), count);
      return;
    case 'sacrifice':
    case 'may-sacrifice':
      for (const id of choices.sacrifice ?? []) removeIfPresent(tx, id);
      return;
    case 'reveal-life-loss':
      return loseOrGain(
        tx,
        everyone.filter((s) => s !== controller),
        -(choices.revealedManaValue ?? 0),
      );
    case 'unless':
      for (const answer of answers) {
        if (!answer.pay) loseOrGain(tx, [answer.seat], -effect.lifeLoss);
        else if (answer.token !== undefined) removeIfPresent(tx, answer.token);
      }
      return;
    case 'scry':
    case 'draw':
    case 'discard':
    case 'prompt':
      // Hidden cards and untracked permanents: the player carries these out at the table; we only record the resolution.
      return;
    default: {
      const _exhaustive: never = effect;
      return _exhaustive;
    }
  }
}

/** 309.4c, 725.2: the controller of the top ability resolves it, making its choices; "unless" costs then ask every player. */
export function resolveTop(tx: Tx, seat: Seat, command: CommandOf<'ResolveTop'>): void {
  requireOpenTable(tx.state);
  const top = tx.state.stack.at(-1);
  if (!top) fail('stack-empty', 'there is nothing on the stack');
  if (top.controller !== seat) fail('not-controller', 'only the controller of the top ability resolves it');
  const choices = choicesOf(command);
  checkChoices(tx.state, top, seat, choices);
  if (top.kind === 'room' && needsOf(top).unless !== null)
    tx.emit({ type: 'ResolutionStarted', stackId: top.id, choices: choicesRecord(choices) });
  else finishResolution(tx, top, choices, []);
}

/** Each player, in APNAP order, pays the "unless" cost of the resolving room ability or loses the life. */
export function answerUnless(tx: Tx, seat: Seat, command: CommandOf<'AnswerUnless'>): void {
  const top = tx.state.stack.at(-1);
  if (tx.state.pending !== null || top?.kind !== 'room' || top.resolving === null)
    fail('no-answer-pending', 'no room ability is waiting for answers');
  if (awaitingAnswers(tx.state, top)[0] !== seat) fail('not-your-answer', 'another player answers first');
  checkAnswer(tx.state, top, seat, command.pay, command.token);
  tx.emit({
    type: 'UnlessAnswered',
    stackId: top.id,
    seat,
    pay: command.pay,
    ...(command.token !== undefined ? { token: command.token } : {}),
  });
  const after = tx.state.stack.at(-1);
  if (after?.kind === 'room' && after.resolving !== null && awaitingAnswers(tx.state, after).length === 0)
    finishResolution(tx, after, after.resolving, after.answers);
}
