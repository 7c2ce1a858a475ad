/**
 * The discounts module (issue 22, /discounts): codes and their use on orders. Its surface is the routes plugin, the
 * commands the demo seed uses, and the redeem/release commands the orders module calls inside its own transaction
 * when an order is placed or cancelled (see discount-terms.ts for the locking).
 */
export { createDiscount } from './discount-commands';
export {
  type DiscountLine,
  DiscountRefused,
  quoteDiscount,
  redeemDiscount,
  refusalAsFieldError,
  releaseDiscount,
} from './discount-terms';
export { discountsRoutes } from './discounts.routes';
