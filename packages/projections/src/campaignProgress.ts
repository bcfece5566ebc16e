// The campaign-progress read model: one document per campaign, folded from its stream by the kernel's own fold, with
// the campaign's standing (the finished games' tallies added up) kept beside its games.
import { evolveCampaign, eventTime, standingOf, type CampaignDocument, type CampaignEvent } from '@delve/kernel';
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
