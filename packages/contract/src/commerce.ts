import { z } from 'zod';
import { SafeReturnPath, SavedShippingAddress, ShippingAddress } from './auth.js';
import { Product } from './catalog.js';
import { endpoint } from './endpoint.js';
import { typedDollars } from './money.js';
import { PageFields, queryInteger } from './query.js';

/** Top-up bounds in dollars. */
export const TOP_UP_MIN = 5;
export const TOP_UP_MAX = 10_000;
export const ORDER_MAX_ITEMS = 50;
export const SHIPS_WITHIN_TEXT = 'Ships within 48 hours';

const id = z.uuid({ message: 'must be a valid id' });

/** What moved money in a wallet: a top-up, a purchase (order, pack, break), a sell-back… */
export const LEDGER_KINDS = [
  'top_up',
  'order',
  'pack',
  'buyback',
  'refund',
  'adjustment',
  'sale',
  'break',
  'withdrawal',
  'shipping',
  'hold',
  'hold_release',
  'market',
  'market_sale',
  'trade',
] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

export const LedgerEntry = z.object({
  _id: z.string(),
  /** Signed dollars: credits positive, debits negative. */
  amount: z.number(),
  /** The wallet's balance once this movement was made. */
  balanceAfter: z.number(),
  kind: LedgerKind,
  refType: z.string(),
  refId: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

const PageQuery = z.object({
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 100).default(20),
});
export const WalletQuery = PageQuery.extend({
  /** Only these kinds of movement, comma-separated (`order,pack,break`); absent: every kind. */
  kind: z
    .string()
    .max(200, 'must be at most 200 characters')
    .transform((list) => list.split(','))
    .pipe(z.array(LedgerKind).min(1))
    .optional(),
});
export const WalletResponse = z.object({
  /** The whole wallet: cash plus store credit. */
  balance: z.number(),
  /** What may be withdrawn once its hold ends: top-ups, sell-backs, sale proceeds, cash payouts. */
  cash: z.number(),
  /** Bonuses and staff goodwill: spent first by every purchase, never withdrawn. */
  storeCredit: z.number(),
  /** Cash that may be withdrawn now (card top-ups wait out their dispute window first). */
  withdrawable: z.number(),
  /** When more cash becomes withdrawable (a held top-up's window ends); null when none is held. */
  moreWithdrawableAt: z.iso.datetime().nullable(),
  entries: z.array(LedgerEntry),
  ...PageFields,
});
export type WalletResponse = z.infer<typeof WalletResponse>;

export const TopUpBody = z.object({
  amount: typedDollars(TOP_UP_MIN, TOP_UP_MAX),
  /** Where to come back to after paying (a path of this site), e.g. the checkout. */
  returnPath: SafeReturnPath.optional(),
});
export type TopUpBody = z.infer<typeof TopUpBody>;
export const TopUpResponse = z.object({ checkoutUrl: z.string(), topUpId: z.string() });
export type TopUpResponse = z.infer<typeof TopUpResponse>;

export const CheckoutIdParams = z.object({ checkoutId: id });
export const SandboxCheckout = z.object({
  checkoutId: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'cancelled']),
});
export type SandboxCheckout = z.infer<typeof SandboxCheckout>;
export const SandboxConfirmResponse = z.object({ balance: z.number() });

export const OrderItem = z.object({
  cardId: z.string(),
  name: z.string(),
  price: z.number(),
  imageUrl: z.string(),
});
export type OrderItem = z.infer<typeof OrderItem>;
export const OrderStatus = z.enum(['paid', 'shipped', 'delivered', 'cancelled']);
export const ORDER_DELIVERIES = ['ship', 'vault'] as const;
export const OrderDelivery = z.enum(ORDER_DELIVERIES);
export type OrderDelivery = z.infer<typeof OrderDelivery>;
export const ORDER_DELIVERY_LABELS: Record<OrderDelivery, string> = {
  ship: 'Ship now',
  vault: 'Keep in my vault',
};

export const Order = z.object({
  _id: z.string(),
  items: z.array(OrderItem),
  total: z.number(),
  /** Part of the total. */
  shippingFee: z.number(),
  delivery: OrderDelivery,
  status: OrderStatus,
  /** Null when the cards were kept in the vault. */
  shippingAddress: SavedShippingAddress.nullable(),
  shipBy: z.string().nullable(),
  /** The box, when the order ships now; a vault order's cards are shipped from the vault. */
  shipment: z
    .object({
      status: z.enum(['pending', 'packing', 'shipped', 'delivered', 'cancelled']),
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      shippedAt: z.string().nullable(),
    })
    .nullable(),
  paidAt: z.string(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof Order>;

export const PlaceOrderBody = z.object({
  items: z
    .array(id)
    .min(1, 'must list at least one card')
    .max(ORDER_MAX_ITEMS)
    .refine((ids) => new Set(ids).size === ids.length, 'must not list a card twice'),
  shippingAddress: ShippingAddress.optional(),
  /** Ship the cards now (the fee schedule applies) or keep them in the vault (free). */
  delivery: OrderDelivery.default('ship'),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;
export const OrderResponse = z.object({ order: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;
export const OrdersQuery = PageQuery;
export const OrdersResponse = z.object({
  orders: z.array(Order),
  ...PageFields,
});
export type OrdersResponse = z.infer<typeof OrdersResponse>;
export const OrderParams = z.object({ id });

/** The signed-in collector's cart, with each card's current state (a sold one is flagged). */
export const CartResponse = z.object({ items: z.array(Product) });
export type CartResponse = z.infer<typeof CartResponse>;
/** A cart holds each card once: a card listed again (two tabs, a merged visitor cart) counts once. */
export const CartBody = z.object({ items: z.array(id).max(ORDER_MAX_ITEMS) });
export type CartBody = z.infer<typeof CartBody>;
/**
 * A visitor's cart merged into the account's at sign-in or register: the merged cart, and the
 * cards left out because they were sold (or taken off sale) since the visitor added them.
 */
export const CartMergeResponse = z.object({
  items: z.array(Product),
  dropped: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type CartMergeResponse = z.infer<typeof CartMergeResponse>;

/** What the Stripe webhook answers once it verified the event (a duplicate changes nothing). */
export const StripeWebhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean() });

const wallet = ['wallet'];
const payments = ['payments'];
const orders = ['orders'];

export const commerceEndpoints = {
  wallet: endpoint({
    method: 'GET',
    path: '/api/wallet',
    operationId: 'getWallet',
    summary: "The caller's balance and one page of the ledger, newest first",
    tags: wallet,
    guard: 'authenticated',
    query: WalletQuery,
    response: WalletResponse,
  }),
  topUp: endpoint({
    method: 'POST',
    path: '/api/wallet/top-ups',
    operationId: 'startTopUp',
    summary: "Start a top-up: the payment provider's checkout credits the wallet once paid",
    tags: payments,
    guard: 'purchase',
    body: TopUpBody,
    status: 201,
    response: TopUpResponse,
    rateLimited: true,
    errors: [502],
  }),
  sandboxCheckout: endpoint({
    method: 'GET',
    path: '/api/payments/sandbox/:checkoutId',
    operationId: 'getSandboxCheckout',
    summary: "A test-mode checkout's amount and state (its owner only)",
    tags: payments,
    guard: 'authenticated',
    params: CheckoutIdParams,
    response: SandboxCheckout,
  }),
  sandboxConfirm: endpoint({
    method: 'POST',
    path: '/api/payments/sandbox/:checkoutId/confirm',
    operationId: 'confirmSandboxCheckout',
    summary: 'Pay a test-mode checkout: the wallet is credited once',
    tags: payments,
    guard: 'authenticated',
    params: CheckoutIdParams,
    response: SandboxConfirmResponse,
    errors: [409],
  }),
  sandboxCancel: endpoint({
    method: 'POST',
    path: '/api/payments/sandbox/:checkoutId/cancel',
    operationId: 'cancelSandboxCheckout',
    summary: 'Abandon a test-mode checkout; nothing is credited',
    tags: payments,
    guard: 'authenticated',
    params: CheckoutIdParams,
    status: 204,
    responseKind: 'empty',
    errors: [409],
  }),
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    operationId: 'stripeWebhook',
    summary: "Stripe's signed events: a paid Checkout Session credits its top-up once",
    tags: payments,
    guard: 'public',
    // Stripe cannot send a CSRF token; the signature over the raw bytes authenticates it.
    csrfExempt: true,
    headers: z.object({ 'stripe-signature': z.string() }),
    bodyKind: 'raw',
    response: StripeWebhookResponse,
    errors: [404],
  }),
  placeOrder: endpoint({
    method: 'POST',
    path: '/api/orders',
    operationId: 'placeOrder',
    summary: 'Buy store cards from the wallet; they ship within 48 hours',
    tags: orders,
    guard: 'purchase',
    idempotent: true,
    body: PlaceOrderBody,
    status: 201,
    response: OrderResponse,
    errors: [402, 404, 409],
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/orders',
    operationId: 'listMyOrders',
    summary: "The caller's store orders, newest first",
    tags: orders,
    guard: 'authenticated',
    query: OrdersQuery,
    response: OrdersResponse,
  }),
  order: endpoint({
    method: 'GET',
    path: '/api/orders/:id',
    operationId: 'getOrder',
    summary: "One of the caller's orders (any order for an admin)",
    tags: orders,
    guard: 'authenticated',
    params: OrderParams,
    response: OrderResponse,
  }),
  cart: endpoint({
    method: 'GET',
    path: '/api/cart',
    operationId: 'getCart',
    summary: "The caller's cart with each card's current state",
    tags: orders,
    guard: 'authenticated',
    response: CartResponse,
  }),
  setCart: endpoint({
    method: 'PUT',
    path: '/api/cart',
    operationId: 'setCart',
    summary: "Replace the caller's cart",
    tags: orders,
    guard: 'authenticated',
    body: CartBody,
    response: CartResponse,
  }),
  mergeCart: endpoint({
    method: 'POST',
    path: '/api/cart/merge',
    operationId: 'mergeCart',
    summary: "Add a visitor's cart to the caller's; cards sold meanwhile are named and left out",
    tags: orders,
    guard: 'authenticated',
    body: CartBody,
    response: CartMergeResponse,
  }),
} as const;
