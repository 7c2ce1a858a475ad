/**
 * Product types (the /product-types admin screen, and what a service is a kind of — issue 22 scopes discount codes
 * by them). Its surface is the routes plugin and the create command the demo seed uses.
 */
export { productTypeRoutes } from './product-types.routes';
export { createProductType } from './product-types.service';
