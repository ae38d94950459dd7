-- Routes for objects created before their kind was routed: requests without an API key (guest
-- orders, the wallet-provider webhook) find the tenant in object_routes only.
INSERT INTO "object_routes" ("object_id", "kind", "organization_id", "created_at")
SELECT "id", 'product', "organization_id", "created_at" FROM "products"
ON CONFLICT ("object_id") DO NOTHING;--> statement-breakpoint
INSERT INTO "object_routes" ("object_id", "kind", "organization_id", "created_at")
SELECT DISTINCT ON ("tx_hash") "tx_hash", 'wallet-send', "organization_id", "created_at" FROM "wallet_transactions"
WHERE "kind" = 'SEND' AND "tx_hash" IS NOT NULL
ORDER BY "tx_hash", "created_at"
ON CONFLICT ("object_id") DO NOTHING;
