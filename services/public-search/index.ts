/** The public-search service's public surface: its module. */
export { publicSearchModule } from './module';
export { buildOpenApiDocument } from './openapi';
