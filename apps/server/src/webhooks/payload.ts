// What a webhook receives: the body (declared once, for the deliverer and the delivery log) and its signature, made
// as Stripe and GitHub make theirs: HMAC-SHA256 with the webhook's secret over "<timestamp>.<body>".
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CampaignScheduledData, CharacterLevelledData, GameFinishedData, TurnData, WebhookEvent } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';

export const WebhookPayload = Type.Object(
  {
    id: Type.String({
      format: 'uuid',
      description: 'The delivery (also sent as Delve-Delivery): the same in every attempt, to deduplicate.',
    }),
    type: WebhookEvent,
    createdAt: Type.String({ description: 'When it happened (ISO 8601).' }),
    data: Type.Union([TurnData, GameFinishedData, CampaignScheduledData, CharacterLevelledData], {
      description: 'What happened, by type.',
    }),
  },
  {
    title: 'WebhookPayload',
    description:
      'The JSON body POSTed to a webhook, with the headers Delve-Delivery (its id), Delve-Event (its type), Delve-Webhook ' +
      '(the webhook id) and Delve-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook secret>.',
  },
);
export type WebhookPayload = Static<typeof WebhookPayload>;

/** The payload of one delivery. */
export function payloadOf(delivery: { id: string; event: string; createdAt: string; data: unknown }): WebhookPayload {
  return {
    id: delivery.id,
    type: delivery.event as WebhookEvent,
    createdAt: delivery.createdAt,
    data: delivery.data as WebhookPayload['data'],
  };
}

const hmac = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The Delve-Signature header of `body` sent at `timestamp` (unix seconds). */
export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * What a receiver checks (shown in the README): the signature is the body's with this secret, and its timestamp is
 * within `toleranceSeconds` of `now` (a replayed old request is refused).
 */
export function verifySignature(secret: string, header: string, body: string, now: Date, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
