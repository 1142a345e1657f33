/** The gateway's public surface: its module, and the two front doors a process listens with. */
export { gatewayModule, type Gateway } from './module';
export { apiDoor, apiDoorShape } from './api-door';
export { publicDoor, publicDoorShape } from './public-door';
export { buildApiOpenApiDocument } from './api-openapi';
