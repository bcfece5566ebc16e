// Resolving the top of the stack: what a room ability needs, checking choices, and carrying out its effects.
import type { Seat } from '@delve/kernel';
import { roomOf, TOKENS, type Effect, type PermanentType } from '../content';
import type { Choices } from '../events';
import type { ResolveChoices, StackItem, Token, UnlessAnswer, VentureState } from '../state';
import { takeInitiative } from './initiative';
import { apnapOrder, isInGame } from './table';
import { fail, type Tx } from './tx';
import { venture } from './venture';

type RoomItem = Extract<StackItem, { kind: 'room' }>;
type UnlessEffect = Extract<Effect, { kind: 'unless' }>;

/** What resolving a stack item asks of its controller and of the other players. */
export interface Needs {
  readonly targetPlayer: boolean;
  readonly targetCreature: boolean;
  /** Card types of which the controller sacrifices one each (Oubliette), or null. */
  readonly sacrifice: readonly PermanentType[] | null;
  /** An "unless" cost every player answers, or null. */
  readonly unless: UnlessEffect | null;
}

const NOTHING: Needs = { targetPlayer: false, targetCreature: false, sacrifice: null, unless: null };

export function effectsOf(item: StackItem): readonly Effect[] {
  return item.kind === 'room' ? (roomOf(item.dungeon, item.room)?.effects ?? []) : [];
}

export function needsOf(item: StackItem): Needs {
  if (item.kind !== 'room') return NOTHING;
  const effects = effectsOf(item);
  const sacrifice = effects.find((e) => e.kind === 'sacrifice');
  const unless = effects.find((e): e is UnlessEffect => e.kind === 'unless');
  return {
    targetPlayer: effects.some((e) => e.kind === 'life' && e.who === 'target-player'),
    targetCreature: effects.some((e) => (e.kind === 'counters' || e.kind === 'prompt') && e.target === 'target-creature'),
    sacrifice: sacrifice?.kind === 'sacrifice' ? sacrifice.each : null,
    unless: unless ?? null,
  };
}

export function tokenTypes(token: Token): readonly PermanentType[] {
  return TOKENS[token.kind].types;
}

/** Whether `tokens` can be sacrificed one per type among `types` (each token fills a different type). */
export function fitsSacrifice(tokens: readonly Token[], types: readonly PermanentType[]): boolean {
  const used = new Set<PermanentType>();
  const place = (i: number): boolean => {
    const token = tokens[i];
    if (token === undefined) return true;
    for (const type of tokenTypes(token)) {
      if (types.includes(type) && !used.has(type)) {
        used.add(type);
        if (place(i + 1)) return true;
        used.delete(type);
      }
    }
    return false;
  };
  return place(0);
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
    if (!token || !tokenTypes(token).includes('creature')) fail('bad-target', 'the target token is not a creature on the battlefield');
  }
  if (choices.sacrifice !== undefined) {
    if (needs.sacrifice === null) fail('unexpected-choice', 'this ability does not make you sacrifice anything');
    const ids = choices.sacrifice;
    if (new Set(ids).size !== ids.length) fail('bad-sacrifice', 'a token is listed twice');
    const tokens = ids.map((id) => state.tokens.find((t) => t.id === id && t.controller === seat));
    if (tokens.some((t) => t === undefined)) fail('bad-sacrifice', 'you can only sacrifice tokens you control');
    if (!fitsSacrifice(tokens as Token[], needs.sacrifice))
      fail('bad-sacrifice', 'those tokens do not match the permanent types asked for');
  }
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

/** Choices as plain JSON for an event (fresh arrays, no undefined fields). */
export function choicesRecord(choices: ResolveChoices): Choices {
  return {
    ...(choices.targetPlayer !== undefined ? { targetPlayer: choices.targetPlayer } : {}),
    ...(choices.targetToken !== undefined ? { targetToken: choices.targetToken } : {}),
    ...(choices.sacrifice !== undefined ? { sacrifice: [...choices.sacrifice] } : {}),
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
  for (const seat of seats) if (isInGame(tx.state, seat)) tx.emit({ type: 'LifeChanged', seat, amount });
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
    case 'counters':
      if (choices.targetToken !== undefined && tx.state.tokens.some((t) => t.id === choices.targetToken))
        tx.emit({ type: 'CountersPut', token: choices.targetToken, count: effect.count });
      return;
    case 'sacrifice':
      for (const id of choices.sacrifice ?? []) removeIfPresent(tx, id);
      return;
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
