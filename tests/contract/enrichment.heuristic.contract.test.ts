import { HeuristicScorer } from '../../services/ingest-worker/enrich/heuristic-scorer';
import { HeuristicSummariser } from '../../services/ingest-worker/enrich/heuristic-summariser';
import { enrichmentContract } from './enrichment.contract';

describe('Enrichment contract: the embedded heuristics', () => {
  enrichmentContract(async () => ({ scorer: new HeuristicScorer(), summariser: new HeuristicSummariser(), close: async () => undefined }));
});
