export { configRoutes } from './config.routes.ts';
export { ConfigDocumentSchema, configJsonSchema, type ConfigDocument } from './config.schemas.ts';
