// Being told: a player's inbox (the notifications myTurns pushes, for clients that poll) and webhooks, registered by a
// player for their own games or by the operator (admin key) for every game, with the delivery log of each.
import { randomBytes, randomUUID } from 'node:crypto';
import { Notification, NotFoundError, WebhookEvent } from '@delve/kernel';
import type { WebhookRow } from '@delve/store-postgres';
import { Type } from '@sinclair/typebox';
import { HttpProblem } from '../problems';
import { WebhookPayload, payloadOf } from '../webhooks/payload';
import { checkWebhookUrl } from '../webhooks/targets';
import { playerOf, requireSelf } from './access';
import type { OperationContext } from './context';
import { operation, type Caller } from './operation';
import { Uuid } from './schemas';

/** A page's size, and the cursor of the next page: a notification or delivery id (a decimal number). */
const Limit = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'How many to return (1 to 100).', examples: [20] }),
);
const Cursor = Type.Optional(
  Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$', description: "Start after this one: the previous page's nextCursor." }),
);
const NextCursor = Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next (older) page; null on the last.' });
const cursorOf = (cursor: string | undefined): bigint | null => (cursor === undefined ? null : BigInt(cursor));

export const getInbox = operation({
  name: 'getInbox',
  group: 'players',
  summary: 'Your notifications, newest first: a seat of yours awaited, its clock running low, a game of yours ended.',
  description:
    'What the myTurns subscription pushes, for clients that poll. Derived from the event log within moments of each ' +
    'event (a clock runs low when a fifth of its time is left, at least 30 s and at most half of it); a seat held by ' +
    'a bot or on autopilot is nobody’s turn.',
  budget: 'read',
  auth: ['playerKey'],
  input: Type.Object({ id: Uuid('The player id (your own).'), limit: Limit, cursor: Cursor }, { additionalProperties: false }),
  output: Type.Object(
    { items: Type.Array(Notification, { description: 'Newest first.' }), nextCursor: NextCursor },
    { title: 'Inbox', description: "A page of a player's notifications." },
  ),
  problems: [401, 403],
  run: ({ notifications }, caller, { id, limit = 20, cursor }) => notifications.feed(requireSelf(caller, id), limit, cursorOf(cursor)),
});

/** Webhooks a player may register: a handful each; the operator's: more. */
const MAX_PLAYER_WEBHOOKS = 10;
const MAX_OPERATOR_WEBHOOKS = 100;

/** Who may manage webhooks: a player their own, the operator every one. */
const WEBHOOK_AUTH = ['adminKey', 'playerKey'] as const;
/** The input naming one webhook. */
const OneWebhook = Type.Object({ id: Uuid('The webhook id.') }, { additionalProperties: false });
const Events = Type.Array(WebhookEvent, {
  minItems: 1,
  maxItems: 4,
  uniqueItems: true,
  description: 'The events it wants: turn, game.finished, campaign.scheduled, character.levelled.',
  examples: [['turn', 'game.finished']],
});

const Webhook = Type.Object(
  {
    id: OneWebhook.properties.id,
    owner: Type.Union([Uuid('The player.'), Type.Null()], {
      description: "The player it belongs to (their own games, campaigns and characters); null: the operator's, for everything.",
    }),
    url: Type.String({ description: 'Where deliveries are POSTed.' }),
    events: Events,
    createdAt: Type.String({ description: 'When it was registered (ISO 8601); it gets what happens from then on.' }),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], {
      title: 'WebhookStatus',
      description: 'enabled, or disabled after a delivery failed for good (see disabledReason); a disabled webhook gets nothing.',
    }),
    disabledAt: Type.Union([Type.String(), Type.Null()], { description: 'When it was disabled (ISO 8601); null while enabled.' }),
    disabledReason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was disabled; null while enabled.' }),
    deliveries: Type.Object(
      {
        pending: Type.Integer({ minimum: 0, description: 'Waiting for an attempt (or a retry).' }),
        delivered: Type.Integer({ minimum: 0, description: 'Answered with a 2xx.' }),
        failed: Type.Integer({ minimum: 0, description: 'Failed every attempt.' }),
      },
      { title: 'WebhookDeliveryCounts', description: 'Its deliveries by status.' },
    ),
  },
  { title: 'Webhook', description: 'A URL told of the events it asked for, each delivery signed with its secret.' },
);

const NewWebhook = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({
      description:
        'The signing secret, shown once: check each delivery’s Delve-Signature (t=<unix seconds>,v1=<hex HMAC-SHA256 of ' +
        '"<t>.<body>" with this secret>) before trusting it.',
    }),
  },
  { title: 'NewWebhook', description: 'A webhook just registered, with its signing secret (shown once).' },
);

const WebhookAttempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1, description: '1 for the first attempt.' }),
    at: Type.String({ description: 'When it was made (ISO 8601).' }),
    statusCode: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status; null when none came." }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'Why it failed (a status outside 2xx, a refused target, a timeout); null on success.',
    }),
    durationMs: Type.Integer({ minimum: 0, description: 'How long it took.' }),
    retryInMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'The wait drawn before the next attempt (exponential backoff with jitter); null when none follows.',
    }),
  },
  { title: 'WebhookAttempt', description: 'One attempt of a delivery.' },
);

const WebhookDelivery = Type.Object(
  {
    id: Uuid('The delivery (its Delve-Delivery header).'),
    event: WebhookEvent,
    subject: Type.String({ description: 'What it keeps its order within: game:<id> or character:<id>.' }),
    createdAt: Type.String({ description: 'When the event happened (ISO 8601).' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
      title: 'WebhookDeliveryStatus',
      description: 'pending (not yet, or waiting for a retry), delivered (a 2xx came back) or failed (every attempt failed).',
    }),
    nextAttemptAt: Type.Union([Type.String(), Type.Null()], { description: 'When it is tried next (pending only; ISO 8601).' }),
    deliveredAt: Type.Union([Type.String(), Type.Null()], { description: 'When a 2xx came back (ISO 8601).' }),
    attempts: Type.Array(WebhookAttempt, { description: 'Every attempt, oldest first.' }),
    payload: WebhookPayload,
  },
  { title: 'WebhookDelivery', description: 'One event sent to a webhook, with every attempt.' },
);

/** The webhook `id` as the caller may see it: the operator sees every one, a player their own; anyone else none. */
async function visible({ notifications }: OperationContext, caller: Caller, id: string): Promise<WebhookRow> {
  const webhook = await notifications.webhooks.get(id);
  if (!webhook || (caller.kind !== 'admin' && webhook.owner !== playerOf(caller))) {
    throw new NotFoundError('webhook/not-found', `no webhook ${id}`);
  }
  return webhook;
}

async function described({ notifications }: OperationContext, webhook: WebhookRow) {
  const { disabledAt, disabledReason, ...rest } = webhook;
  return {
    ...rest,
    events: rest.events as WebhookEvent[],
    status: disabledAt === null ? ('enabled' as const) : ('disabled' as const),
    disabledAt,
    disabledReason,
    deliveries: await notifications.webhooks.counts(webhook.id),
  };
}

export const createWebhook = operation({
  name: 'createWebhook',
  group: 'webhooks',
  summary: 'Register a webhook: a player key for your own games, the admin key for every game; answers its secret once.',
  description:
    'The URL must be https to a public address (private, loopback and link-local ones are refused, here and again at ' +
    'each delivery, unless WEBHOOKS_ALLOW_PRIVATE is on). Each event is POSTed as JSON, signed, at least once and in ' +
    'order per game, retried with exponential backoff; a delivery that fails every attempt disables the webhook.',
  budget: 'write',
  auth: WEBHOOK_AUTH,
  input: Type.Object(
    {
      url: Type.String({
        minLength: 1,
        maxLength: 2048,
        description: 'Where to POST each event (https).',
        examples: ['https://hooks.example.com/delve'],
      }),
      events: Events,
    },
    { additionalProperties: false },
  ),
  output: NewWebhook,
  problems: [401, 403, 409, 413, 415],
  async run(context, caller, { url, events }) {
    const owner = caller.kind === 'admin' ? null : playerOf(caller);
    const target = checkWebhookUrl(url, context.config.webhooks.allowPrivate);
    const most = owner === null ? MAX_OPERATOR_WEBHOOKS : MAX_PLAYER_WEBHOOKS;
    if ((await context.notifications.webhooks.count(owner)) >= most) {
      throw new HttpProblem(409, 'webhook/too-many', `at most ${most} webhooks each: delete one first`);
    }
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const webhook = await context.notifications.webhooks.create({ id: randomUUID(), owner, url: target, events, secret });
    return { ...(await described(context, webhook)), secret };
  },
});

export const listWebhooks = operation({
  name: 'listWebhooks',
  group: 'webhooks',
  summary: 'Your webhooks (with the admin key: every webhook), newest first.',
  budget: 'read',
  auth: WEBHOOK_AUTH,
  input: Type.Object({}, { additionalProperties: false }),
  output: Type.Object(
    { items: Type.Array(Webhook, { description: 'Newest first, at most 100.' }) },
    { title: 'WebhookList', description: 'Webhooks.' },
  ),
  problems: [401, 403],
  async run(context, caller) {
    const rows = await context.notifications.webhooks.list(caller.kind === 'admin' ? undefined : playerOf(caller));
    return { items: await Promise.all(rows.map((row) => described(context, row))) };
  },
});

export const getWebhook = operation({
  name: 'getWebhook',
  group: 'webhooks',
  summary: 'One webhook: what it wants, its deliveries by status, and why it was disabled if it was.',
  budget: 'read',
  auth: WEBHOOK_AUTH,
  input: OneWebhook,
  output: Webhook,
  problems: [401, 403, 404],
  run: async (context, caller, { id }) => described(context, await visible(context, caller, id)),
});

export const deleteWebhook = operation({
  name: 'deleteWebhook',
  group: 'webhooks',
  summary: 'Delete a webhook, with its deliveries and their log; nothing more is sent to it.',
  budget: 'write',
  auth: WEBHOOK_AUTH,
  input: OneWebhook,
  output: Type.Null({ description: 'Deleted.' }),
  problems: [401, 403, 404],
  async run(context, caller, { id }) {
    await visible(context, caller, id);
    await context.notifications.webhooks.delete(id);
    return null;
  },
});

export const listWebhookDeliveries = operation({
  name: 'listWebhookDeliveries',
  group: 'webhooks',
  summary: "A webhook's delivery log, newest first: each event sent, its status and every attempt.",
  budget: 'read',
  auth: WEBHOOK_AUTH,
  input: Type.Object({ ...OneWebhook.properties, limit: Limit, cursor: Cursor }, { additionalProperties: false }),
  output: Type.Object(
    { items: Type.Array(WebhookDelivery, { description: 'Newest first.' }), nextCursor: NextCursor },
    { title: 'WebhookDeliveryLog', description: "A page of a webhook's deliveries." },
  ),
  problems: [401, 403, 404],
  async run(context, caller, { id, limit = 20, cursor }) {
    await visible(context, caller, id);
    const page = await context.notifications.webhooks.deliveries(id, limit, cursorOf(cursor));
    return {
      items: page.items.map((d) => ({ ...d, event: d.event as WebhookEvent, payload: payloadOf(d) })),
      nextCursor: page.next === null ? null : String(page.next),
    };
  },
});
