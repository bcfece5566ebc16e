// Schema building blocks shared by the commands, events and view of a venture table.
import { Type } from '@sinclair/typebox';

export const Seat = Type.Integer({ minimum: 0 });
/** Stack entries and tokens are numbered from 1. */
export const Id = Type.Integer({ minimum: 1 });
export const DungeonId = Type.Union([
  Type.Literal('tomb-of-annihilation'),
  Type.Literal('lost-mine-of-phandelver'),
  Type.Literal('dungeon-of-the-mad-mage'),
  Type.Literal('undercity'),
]);
export const TokenKind = Type.Union([
  Type.Literal('treasure'),
  Type.Literal('goblin'),
  Type.Literal('skeleton'),
  Type.Literal('skeleton-menace'),
  Type.Literal('the-atropal'),
]);
export const Step = Type.Union([
  Type.Literal('upkeep'),
  Type.Literal('draw'),
  Type.Literal('main1'),
  Type.Literal('combat-damage'),
  Type.Literal('main2'),
  Type.Literal('end'),
]);
