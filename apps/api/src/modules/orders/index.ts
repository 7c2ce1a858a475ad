/**
 * The orders module (issue 20, /onboarding/orders): what each client ordered from the Services catalogue. Its
 * surface is the routes plugin and the demo seed's commands; placing an order announces `order` `placed` on the
 * event bus after commit (also `created`, `updated`, `paid`, `cancelled`), which the onboarding's "order
 * confirmed" step listens to.
 */
export { createOrder, type OrderActor, placeOrder, updateOrder } from './order-commands';
export { ordersRoutes } from './orders.routes';
