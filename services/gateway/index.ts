/** The gateway's public surface: its module, and the two front doors a process listens with. */
export { gatewayModule, type Gateway } from './module';
export { apiDoor } from './api-door';
export { publicDoor } from './public-door';
export { PUBLIC_CORS_HEADERS } from './cors';
export { provenanceHeaderValues } from './provenance';
export { buildApiOpenApiDocument } from './api-openapi';
