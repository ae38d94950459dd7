-- Subscription tiers of spec 02 (Limits) with the per-key rates of ARCHITECTURE §9.
INSERT INTO "subscription_tiers" ("id", "name", "price", "monthly_api_calls", "max_api_keys", "max_creators", "requests_per_second", "features") VALUES
  ('builder', 'BUILDER', 0, 10000, 5, 2, 10, ARRAY['core_commerce','payments','points','search']),
  ('growth', 'GROWTH', 9900, 100000, 20, 10, 50, ARRAY['core_commerce','payments','points','search','rewards','campaigns','companion','task_pool','enrichment','priority_support']),
  ('pro', 'PRO', 49900, 1000000, 100, 50, 200, ARRAY['core_commerce','payments','points','search','rewards','campaigns','companion','task_pool','enrichment','dedicated_support','custom_integrations'])
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "app_config" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
