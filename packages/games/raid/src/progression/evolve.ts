// Folding a raid character's events: every case applies its event and shares the rest of the state.
import type { RaidCharacterEvent } from './events';
import type { DeckCard, RaidCharacterState } from './state';

/** Apply one character event. Total and pure: it never throws and never decides anything. */
export function evolveCharacter(state: RaidCharacterState, event: RaidCharacterEvent): RaidCharacterState {
  switch (event.type) {
    case 'RaiderCreated':
      return { ...state, classId: event.classId, deck: event.deck.map((card) => ({ card, origin: null })) };
    case 'RunRecorded': {
      const { type: _type, total, ...run } = event;
      return { ...state, xp: total, runs: [...state.runs, run] };
    }
    case 'LevelReached':
      return {
        ...state,
        level: event.level,
        handSize: event.handSize,
        heroHealthBonus: event.heroHealthBonus,
        unlocks: event.unlock ? [...state.unlocks, { level: event.level, spent: false }] : state.unlocks,
      };
    case 'DeckUpgraded': {
      const { level } = event;
      let deck: readonly DeckCard[] = state.deck;
      for (const { card, replaced } of event.changes) {
        // The oldest copy goes: a starter copy before an upgrade's.
        const at = replaced === null ? -1 : deck.findIndex((c) => c.card === replaced);
        deck = [...(at < 0 ? deck : deck.filter((_, i) => i !== at)), { card, origin: level }];
      }
      return {
        ...state,
        deck,
        unlocks: state.unlocks.map((u) => (u.level === level ? { ...u, spent: true } : u)),
        upgrades: [...state.upgrades, ...event.changes.map((c) => ({ level, ...c }))],
      };
    }
    default: {
      // Total over stored events: one this code does not know changes nothing rather than breaking the fold.
      const _exhaustive: never = event;
      return state;
    }
  }
}
