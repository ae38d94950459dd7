/**
 * Which package writes each table (ARCHITECTURE §2): only the owner inserts, updates or deletes
 * its rows; every other package calls the owner's exported operations or publishes an event. An
 * owner `<package>/<folder>` narrows it to one feature folder, for aggregates whose state machine
 * must have a single writer. `db` owns the global, tenant-less registries. The architecture test
 * (tooling/architecture) fails on a write from anywhere else and on a table missing here.
 */
export const TABLE_OWNERS = {
  subscription_tiers: "platform",
  organizations: "platform",
  organization_settings: "platform",
  api_keys: "platform",
  api_key_hashes: "platform",
  app_config: "platform",
  rate_limit_buckets: "platform",
  usage_counters: "platform",
  idempotency_keys: "platform",

  dead_letters: "events",
  webhook_deliveries: "events",

  object_routes: "db",
  inbound_webhook_events: "db",

  categories: "commerce",
  users: "commerce",
  user_categories: "commerce",
  wallets: "commerce",
  follows: "commerce",
  notifications: "commerce",
  chat_channels: "commerce",
  creators: "commerce",
  creator_owners: "commerce",
  creator_categories: "commerce",
  products: "commerce",
  product_variants: "commerce",
  creator_groups: "commerce",
  creator_group_members: "commerce",
  storefront_connections: "commerce",
  storefront_shops: "commerce",
  storefront_products: "commerce",
  stock_reservations: "commerce",
  discount_codes: "commerce",
  orders: "commerce/orders",
  order_items: "commerce/orders",

  point_transactions: "points",
  point_balances: "points",
  nft_rewards: "rewards/programmes",
  reward_mints: "rewards/programmes",
  nft_redemptions: "rewards/redemptions",
  reward_webhook_secrets: "rewards/webhooks",
  reward_webhook_deliveries: "rewards/webhooks",
  campaigns: "campaigns/campaign",
  campaign_attributes: "campaigns/campaign",
  campaign_attribute_options: "campaigns/campaign",
  campaign_questions: "campaigns/campaign",
  campaign_swipe_items: "campaigns/campaign",
  campaign_journeys: "campaigns/participation",
  campaign_votes: "campaigns/participation",
  campaign_responses: "campaigns/participation",
  campaign_swipes: "campaigns/participation",
  campaign_ugc: "campaigns/participation",
  airdrops: "rewards/airdrops",
  airdrop_recipients: "rewards/airdrops",
  token_presales: "rewards/presales",
  presale_purchases: "rewards/presales",

  card_payment_intents: "payments",
  payer_customers: "payments",
  crypto_commerce_payments: "payments",
  claimed_charges: "payments",
  payment_exceptions: "payments",
  connected_accounts: "payments",
  creator_payouts: "payments",
  crypto_payment_intents: "payments",
  claimed_transactions: "payments",
  x402_payments: "payments",
  x402_authorizations: "payments",
  wallet_transactions: "payments/server-wallets",

  local_chat_channels: "providers",
  local_chat_tokens: "providers",
  sandbox_processor_objects: "providers",
  sandbox_crypto_charges: "providers",
  email_outbox: "providers",
} as const satisfies Record<string, string>;

export type TableName = keyof typeof TABLE_OWNERS;
