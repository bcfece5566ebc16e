// Rules text generated from card data, so a card's words can never disagree with what it does.
import {
  CATALOG,
  type AchievementCondition,
  type Aura,
  type CardDef,
  type DungeonLevel,
  type Effect,
  type Recipient,
  type TargetSpec,
} from '../content/index';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function targetText(spec: TargetSpec | undefined): string {
  if (!spec) return 'the target';
  const cost = spec.maxCost === undefined ? '' : ` with cost ${spec.maxCost} or less`;
  return `target ${spec.side} ${spec.kind}${cost}`;
}

function who(to: Recipient, spec: TargetSpec | undefined): string {
  switch (to) {
    case 'target':
      return targetText(spec);
    case 'self-hero':
      return 'your hero';
    case 'enemy-hero':
      return 'the enemy hero';
    case 'enemy-allies':
      return 'each enemy ally';
    case 'enemy-party':
      return 'the enemy hero and each enemy ally';
    case 'raid-heroes':
      return 'each raider hero';
    case 'raid-allies':
      return 'each raider ally';
    case 'own-allies':
      return 'each of your allies';
  }
}

export function effectText(e: Effect, spec?: TargetSpec): string {
  const level = 'minLevel' in e && e.minLevel !== undefined ? `Level ${e.minLevel}+: ` : '';
  switch (e.op) {
    case 'cancel':
      return 'Cancel the flipped Dungeon card or the Dungeon attack being declared.';
    case 'draw':
      return `${level}${e.to === 'controller' ? 'Draw' : 'Your opponent draws'} ${plural(e.amount, 'card')}.`;
    case 'discard':
      return `${level}${e.to === 'controller' ? 'Discard' : 'Your opponent discards'} ${plural(e.amount, 'card')} at random.`;
    case 'damage':
      return `${level}Deal ${e.amount ?? 0} damage to ${who(e.to, spec)}.`;
    case 'heal':
      return `${level}Heal ${e.amount ?? 0} damage from ${who(e.to, spec)}.`;
    case 'destroy':
      return `${level}Destroy ${who(e.to, spec)}.`;
    case 'exhaust':
      return `${level}Exhaust ${who(e.to, spec)}.`;
    case 'ready':
      return `${level}Ready ${who(e.to, spec)}.`;
    case 'atk': {
      const n = e.amount ?? 0;
      return `${level}${cap(who(e.to, spec))} gets ${n >= 0 ? '+' : ''}${n} ATK this turn.`;
    }
    case 'toHand':
      return `${level}Return ${who(e.to, spec)} to its owner's hand.`;
  }
}

export function auraText(aura: Aura, holder: 'your' | 'the Dungeon'): string {
  const parts: string[] = [];
  const hero = holder === 'your' ? 'Your hero' : 'The Dungeon hero';
  const allies = holder === 'your' ? 'Your allies' : 'Dungeon allies';
  if (aura.heroAtk) parts.push(`${hero} gets ${aura.heroAtk > 0 ? '+' : ''}${aura.heroAtk} ATK.`);
  if (aura.heroHealth) parts.push(`${hero} gets +${aura.heroHealth} health.`);
  if (aura.allyAtk) parts.push(`${allies} get ${aura.allyAtk > 0 ? '+' : ''}${aura.allyAtk} ATK.`);
  if (aura.alliesFerocity) parts.push(`${allies} have Ferocity.`);
  if (aura.abilityDamage) parts.push(`Damage from ${holder} abilities is increased by ${aura.abilityDamage}.`);
  if (aura.turnStart?.length)
    parts.push(`At the start of ${holder === 'your' ? 'your' : 'its'} turn: ${aura.turnStart.map((e) => effectText(e)).join(' ')}`);
  return parts.join(' ');
}

/** A card's rules text. */
export function cardText(def: CardDef): string {
  switch (def.type) {
    case 'ally': {
      const keywords = def.keywords.map(cap);
      const enter = (def.effects ?? []).map((e) => effectText(e, def.target)).join(' ');
      return [...keywords.map((k) => `${k}.`), enter ? `When it enters play: ${enter}` : ''].filter(Boolean).join(' ');
    }
    case 'ability':
      return `${def.instant ? 'Instant. ' : ''}${def.effects.map((e) => effectText(e, def.target)).join(' ')}`;
    case 'equipment':
      return def.slot === 'weapon'
        ? `Weapon: your hero has +${def.atk} ATK and may attack, paying ${def.strikeCost} each strike.`
        : `Armor: while ready, prevents ${def.prevent} of the next damage to your hero, then exhausts.`;
    case 'talent':
      return `Talent. ${auraText(def.aura, 'your')}`;
  }
}

export function levelUpText(level: DungeonLevel): string | null {
  const rule = level.levelUp;
  if (!rule) return null;
  return 'damage' in rule ? `Level Up: a raider hero has ${rule.damage} or more damage` : 'Level Up: a raider hero has been destroyed';
}

export function achievementText(c: AchievementCondition): string {
  switch (c.kind) {
    case 'defeat-dungeon':
      return 'Destroy the Dungeon hero.';
    case 'destroy-card':
      return `Destroy ${CATALOG.cards.get(c.card)?.name ?? c.card}.`;
    case 'destroy-allies':
      return `Destroy ${c.count} Dungeon allies in one raid.`;
    case 'no-raider-lost':
      return 'Destroy the Dungeon hero with no raider destroyed.';
    case 'within-turns':
      return `Destroy the Dungeon hero within ${c.turns} Dungeon turns.`;
    case 'at-level':
      return `Destroy the Dungeon hero at level ${c.level} or above.`;
  }
}
