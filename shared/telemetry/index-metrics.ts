import { gauge } from './metrics';

const lagChanges = gauge('gx_index_lag_changes', 'Changes of the paper change log a derived index has not applied yet', ['index']);
const lagSeconds = gauge('gx_index_lag_seconds', 'Age of the oldest change a derived index has not applied yet (0 when caught up)', ['index']);
const deadLetters = gauge('gx_index_dead_letters', 'Papers a shared index refused after every retry (index_dead_letters)', ['index']);

/** `elasticsearch:gx-papers` → `elasticsearch`: one series per kind of index. */
const kindOf = (name: string) => name.split(':')[0]!;

export function reportIndexLag(index: string, lag: { changes: number; seconds: number }): void {
  lagChanges.set({ index: kindOf(index) }, lag.changes);
  lagSeconds.set({ index: kindOf(index) }, lag.seconds);
}

export function reportDeadLetters(index: string, count: number): void {
  deadLetters.set({ index: kindOf(index) }, count);
}
