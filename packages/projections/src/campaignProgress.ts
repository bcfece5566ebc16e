// The campaign-progress read model: one document per campaign, folded from its stream by the kernel's own fold, with
// the campaign's standing (the finished games' tallies added up) kept beside its games; and its query.
import { evolveCampaign, eventTime, standingOf, type CampaignDocument, type CampaignEvent } from '@delve/kernel';
import type { Sql } from 'postgres';
import { storable } from './documents';
import type { Projection } from './projection';

export const CAMPAIGN_PROGRESS = 'campaign-progress-v1';

export const campaignProgress: Projection<CampaignDocument> = {
  name: CAMPAIGN_PROGRESS,
  streamPrefixes: ['campaign-'],
  idsOf: (event) => [event.streamId.slice('campaign-'.length)],
  apply: (doc, event) => {
    // A document stored before standings existed gets its standing from its games.
    const state = doc ? { ...doc, standing: doc.standing ?? standingOf(doc.games) } : undefined;
    return { ...evolveCampaign(state, event.data as CampaignEvent, eventTime(event)), revision: event.revision };
  },
};

export async function campaignDocument(sql: Sql, id: string): Promise<CampaignDocument | null> {
  if (!storable(id)) return null;
  const [row] = await sql<{ doc: CampaignDocument }[]>`select doc from read_models where projection = ${CAMPAIGN_PROGRESS} and id = ${id}`;
  return row?.doc ?? null;
}
