// The campaign-progress read model: one document per campaign, folded from its stream by the kernel's own fold.
import { evolveCampaign, eventTime, type CampaignDocument, type CampaignEvent } from '@delve/kernel';
import type { Projection } from './projection';

export const CAMPAIGN_PROGRESS = 'campaign-progress-v1';

export const campaignProgress: Projection<CampaignDocument> = {
  name: CAMPAIGN_PROGRESS,
  streamPrefixes: ['campaign-'],
  idsOf: (event) => [event.streamId.slice('campaign-'.length)],
  apply: (doc, event) => ({ ...evolveCampaign(doc ?? undefined, event.data as CampaignEvent, eventTime(event)), revision: event.revision }),
};
