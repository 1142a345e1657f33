/** The semantic-search service's public surface: its module. */
export { semanticSearchModule } from './module';
