/** FACE_CATALOG */
export { catalogHandlers } from './catalog-handlers';
export { createCatalog } from './catalog';
export type { Catalog } from './catalog';
