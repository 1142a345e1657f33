/** The indexer service's public surface: its module. */
export { indexerModule } from './module';
