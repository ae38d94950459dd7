// Generated from the service's OpenAPI document by `pnpm --filter @tally/api generate:client-types`.
// Do not edit: CI regenerates it from the served document and fails when it differs.
export interface paths {
    "/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (values masked) */
        get: operations["platform-apiKeys-list"];
        put?: never;
        /** Create an API key (value shown once) */
        post: operations["platform-apiKeys-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an API key */
        get: operations["platform-apiKeys-get"];
        put?: never;
        post?: never;
        /** Delete a key permanently */
        delete: operations["platform-apiKeys-delete"];
        options?: never;
        head?: never;
        /** Activate, deactivate or rename a key */
        patch: operations["platform-apiKeys-update"];
        trace?: never;
    };
    "/admin/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a key: new value under the same id; the old value stops working at once */
        post: operations["platform-apiKeys-rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List all organizations (OPERATOR) */
        get: operations["platform-organizations-list"];
        put?: never;
        /** Create an organization (OPERATOR) */
        post: operations["platform-organizations-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization */
        get: operations["platform-organizations-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an organization (extension; the tier is OPERATOR only) */
        patch: operations["platform-organizations-update"];
        trace?: never;
    };
    "/admin/organizations/{id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get organization settings */
        get: operations["platform-organizations-getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update organization settings (applicationFeeBps and payoutHoldDays are OPERATOR only) */
        patch: operations["platform-organizations-updateSettings"];
        trace?: never;
    };
    "/admin/subscription-tiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscription tiers */
        get: operations["platform-tiers-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscription-tiers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a subscription tier */
        get: operations["platform-tiers-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/app-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the global configuration (OPERATOR) */
        get: operations["platform-appConfig-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update the global configuration (OPERATOR) */
        patch: operations["platform-appConfig-update"];
        trace?: never;
    };
    "/admin/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events that exhausted their retries (OPERATOR, extension) */
        get: operations["platform-deadLetters-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enqueue a dead letter's payload again, once (OPERATOR, extension) */
        post: operations["platform-deadLetters-replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user from an identity-provider sign-in
         * @description email is unique in the organization (case-insensitive) and so is walletProviderId (409 otherwise; another organization's users never conflict). walletAddress alone records an EXTERNAL wallet; walletId with walletAddress records the EMBEDDED wallet at that address (walletId alone: 422). A welcome e-mail and a chat token follow asynchronously (user-created event).
         */
        post: operations["commerce-users-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a user's profile: omitted fields are unchanged, null clears */
        patch: operations["commerce-users-update"];
        trace?: never;
    };
    "/user/username/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find a user by username (case-insensitive) */
        get: operations["commerce-users-byUsername"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/walletprovider/{walletProviderId}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find the user linked to a wallet-provider identity */
        get: operations["commerce-users-byWalletProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/walletprovider/{walletProviderId}/creators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the creators owned by the user linked to a wallet-provider identity */
        get: operations["commerce-users-creatorsByWalletProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/shipping-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's saved shipping address (404 when none is saved yet) */
        get: operations["commerce-users-shippingAddress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the user's wallets */
        get: operations["commerce-wallets-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/wallets/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the user's wallets with its on-chain USDC and native balances
         * @description Balances are read live from the chain (Base, or the local chain); 503 when the node is unreachable.
         */
        get: operations["commerce-wallets-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/followers/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Follow a user or a creator (idempotent: a repeat returns the existing follow) */
        post: operations["commerce-follows-follow"];
        /** Stop following a user or a creator (followingId in the body or the query; idempotent) */
        delete: operations["commerce-follows-unfollow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/creator/{creatorId}/followers/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Follow a creator (idempotent: a repeat returns the existing follow) */
        post: operations["commerce-follows-followCreator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/following": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users this user follows, most recent follow first */
        get: operations["commerce-follows-following"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/following/creators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Creators this user follows, most recent follow first */
        get: operations["commerce-follows-followingCreators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/following/creators/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many creators this user follows */
        get: operations["commerce-follows-followingCreatorsCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users following this user, most recent first */
        get: operations["commerce-follows-followers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the user's notifications, newest first (X-Total-Count holds the total) */
        get: operations["commerce-notifications-listForUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/notification/{notificationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark one of the user's notifications READ */
        put: operations["commerce-notifications-markRead"];
        post?: never;
        /** Delete one of the user's notifications */
        delete: operations["commerce-notifications-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the creator's notifications, newest first (caller must own the creator) */
        get: operations["commerce-notifications-listForCreator"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open (or return) the chat channel between the user and another user or a creator
         * @description Idempotent: the same pair always gets the same channel, whichever side opens it. The other party must exist in the organization (404).
         */
        post: operations["commerce-chat-forUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open (or return) the chat channel between the creator and a user (caller must own the creator)
         * @description Idempotent, and the same channel the user gets from POST /user/{id}/chat. The user must exist in the organization (404).
         */
        post: operations["commerce-chat-forCreator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/creator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a creator owned by the user (slug and displayName unique; tier's maxCreators) */
        post: operations["commerce-creators-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/creator/check-availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check whether a slug and a display name can be used for a new creator */
        post: operations["commerce-creators-checkAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a creator with its loyalty settings, categories and owners (owner or ADMIN) */
        get: operations["commerce-creators-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a creator: omitted fields unchanged, null clears (owner or ADMIN) */
        patch: operations["commerce-creators-update"];
        trace?: never;
    };
    "/creator/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public storefront profile of a creator */
        get: operations["commerce-creators-bySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/{slug}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public stats of a creator: followers, published products, paid orders, units sold, customers */
        get: operations["commerce-creators-stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Overview: followers, products, paid orders and revenue, with a 30-day window (owner or ADMIN) */
        get: operations["commerce-insights-dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/dashboard/fans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fan analytics: buyers, repeat buyers, followers who buy and top fans by spend (owner or ADMIN) */
        get: operations["commerce-insights-fans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Followers of the creator, newest first; X-Total-Count (owner or ADMIN) */
        get: operations["commerce-insights-followers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/followers/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Number of followers of the creator (owner or ADMIN) */
        get: operations["commerce-insights-followerCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/followers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Followers of a creator (public), newest first; X-Total-Count */
        get: operations["commerce-insights-publicFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/followers/{id}/top": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Top followers of a creator (public): by spend with the creator, then paid orders, then earliest follow; amounts not shown */
        get: operations["commerce-insights-topFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/followers/{id}/growth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Daily new followers and running total over the last `days` days (public) */
        get: operations["commerce-insights-followerGrowth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a group of the creator's followers (owner or ADMIN) */
        post: operations["commerce-groups-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The creator's follower groups with member counts, newest first; X-Total-Count (owner or ADMIN) */
        get: operations["commerce-groups-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the product categories */
        get: operations["commerce-categories-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a category with its published product and creator counts in the caller's organization */
        get: operations["commerce-categories-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/product": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a product (as a DRAFT) with its variants
         * @description Without `variants`, one default variant is created holding `stock`. Stock is optional: omitted or null means not tracked (the variant never runs out); a number is tracked (held by checkouts, never below 0, 409 `out_of_stock` beyond it). The slug must be unused among the creator's products (409 `already_exists`).
         */
        post: operations["commerce-products-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the creator's products, drafts and archived ones included (X-Total-Count) */
        get: operations["commerce-products-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/products/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sales per product from paid orders, best sellers first (X-Total-Count)
         * @description Counts order items of the creator's orders in PAID, PROCESSING, SHIPPED or DELIVERED. Revenue is quantity x unit price in cents, before discounts, points and shipping. Purged products with sales are listed with `status: null`.
         */
        get: operations["commerce-products-sales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/products/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Aggregate product analytics: products by status, units, revenue, average order, top products */
        get: operations["commerce-products-analytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/product/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the creator's products (any status) */
        get: operations["commerce-products-get"];
        put?: never;
        post?: never;
        /** Archive a product (soft delete): DRAFT or PUBLISHED -> ARCHIVED */
        delete: operations["commerce-products-archive"];
        options?: never;
        head?: never;
        /**
         * Update a product and manage its variants
         * @description Omitted fields are unchanged. `variants`: items with `id` update that variant, items without `id` add one (name required; stock omitted = untracked). A variant's `stock` number switches it to (or sets) tracked stock, `null` switches it to untracked. `removeVariantIds` deletes variants; a product keeps at least one, and exactly one default. An ARCHIVED product cannot be edited (409 `invalid_state`).
         */
        patch: operations["commerce-products-update"];
        trace?: never;
    };
    "/creator/id/{creatorId}/product/{productId}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One product's sales: totals, per variant, and per day for the last 30 days */
        get: operations["commerce-products-productAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/product/{productId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a DRAFT product (emits product-published)
         * @description Only a DRAFT can be published; any other status answers 409 `invalid_state`.
         */
        post: operations["commerce-products-publish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/product/{productId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore an ARCHIVED product as a DRAFT
         * @description Only an ARCHIVED product can be restored; it comes back as a DRAFT to publish again.
         */
        post: operations["commerce-products-restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/product/{productId}/purge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a DRAFT or ARCHIVED product permanently
         * @description A PUBLISHED product must be archived first (409 `invalid_state`). Afterwards every route answers 404 for it; order items keep their snapshot of name, slug and price.
         */
        delete: operations["commerce-products-purge"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/{slug}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A creator's storefront: published products only (X-Total-Count) */
        get: operations["commerce-products-publicList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/{slug}/product/{productSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A published product by its slug (drafts and archived products answer 404) */
        get: operations["commerce-products-publicGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/storefront": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show the creator's store connection (extension) */
        get: operations["commerce-storefront-get"];
        put?: never;
        /**
         * Connect the creator's store on the storefront platform (extension)
         * @description One connection per creator, and a shop domain can be connected once across the whole platform (409 either way). The app secret verifies the platform's webhooks (`POST /webhooks/storefront`); the access token lets `POST …/storefront/sync` read the catalogue. Neither is ever returned.
         */
        post: operations["commerce-storefront-connect"];
        /** Disconnect the store (extension): its products stay, unlinked */
        delete: operations["commerce-storefront-disconnect"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/storefront/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import the store's catalogue in the background (extension)
         * @description Queues a `storefront-products-sync` job that pages through the store's admin API and creates or updates the linked products exactly as the webhooks do. Needs a connection made with an access token (409 otherwise).
         */
        post: operations["commerce-storefront-sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's current OPEN order (404 when there is none) */
        get: operations["commerce-orders-current"];
        put?: never;
        /**
         * Create the user's OPEN order with a product
         * @description The product must be PUBLISHED: a DRAFT or ARCHIVED product answers 404 `not_found` with the message "Product is not published: ..." (an unknown product: "Product not found"). `variantIds` must belong to the product (422); without them the default variant is used, one line per variant with `quantity` units each. A user has one OPEN order: a second create answers 409 `open_order_exists` with the open order's id in `context.orderId`. Prices are snapshotted into the items.
         */
        post: operations["commerce-orders-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the user's orders */
        get: operations["commerce-orders-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's orders with items and payment details, newest first (X-Total-Count) */
        get: operations["commerce-orders-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/product/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a product to the order (units add up on an existing line of the same variant)
         * @description Only while the order is OPEN or PAYMENT_FAILED (409 `invalid_state` otherwise; a PAYMENT_FAILED order goes back to OPEN). An order holds one creator's products: another creator's product is 409 `conflict`.
         */
        post: operations["commerce-orders-addProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/item/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an item, or reduce it by `quantity` (query or body)
         * @description Only while OPEN or PAYMENT_FAILED. A `quantity` at or above the line's removes the line. An order left empty forgets its creator and discount code.
         */
        delete: operations["commerce-orders-removeItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/guest/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a guest order (no authentication; the order id is the capability)
         * @description Same product rules as the user order. `email` receives the receipt; `shippingAddress` is optional. Rate-limited per client address (429 with Retry-After). The organization is the product's.
         */
        post: operations["commerce-orders-guestCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The creator's orders, newest first, optionally by status (X-Total-Count) */
        get: operations["commerce-orders-creatorList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/order/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move the order's shipping status; the order status follows
         * @description Shipping machine: PENDING -> PROCESSING -> (LABEL_CREATED) -> SHIPPED -> IN_TRANSIT -> DELIVERED; SHIPPED also -> DELIVERED; RETURNED from SHIPPED, IN_TRANSIT or DELIVERED. The order follows: PAID -> PROCESSING -> SHIPPED -> DELIVERED. Only paid orders; illegal moves are 409 `invalid_state` (`context` names the current status and the allowed ones). The current status again is a no-op.
         */
        patch: operations["commerce-orders-creatorUpdate"];
        trace?: never;
    };
    "/user/{id}/order/{orderId}/discount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a discount code of the order's creator
         * @description Codes are matched case-insensitively among the order's creator's codes (404 when unknown). One code per order: the same code again is a no-op, another one 409 `conflict`. An expired, disabled or used-up code is 409 `discount_code_unusable`; concurrent uses never pass the usage limit. PERCENT takes value% of the items (rounded down), FIXED takes value cents (at most the items). Only while OPEN or PAYMENT_FAILED.
         */
        post: operations["commerce-discounts-applyToOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/discount-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Extension: the creator's discount codes, newest first (X-Total-Count) */
        get: operations["commerce-discounts-list"];
        put?: never;
        /**
         * Extension: create a discount code (percent or fixed, optional expiry and usage limit)
         * @description The code is unique per creator, case-insensitively (409 `already_exists`).
         */
        post: operations["commerce-discounts-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/discount-codes/{codeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Extension: disable a discount code (idempotent; orders that used it keep their discount) */
        delete: operations["commerce-discounts-disable"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/order/{orderId}/shipping/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote shipping rates; sets the order's shipping fee and saves the address
         * @description Rates come from the shipping provider for the order's parcel and the address; when the order's creator has a `flatShippingRate` (above 0) it is offered too, first, as rate id `flat`. The fee is SET (not added) to the chosen `rateId`, by default the creator's flat rate or else the cheapest rate, the address is stored on the order and, for a user's order, as the user's shipping address (`GET /user/{id}/shipping-address`), and a live card payment intent follows the new total (resized at the processor by the worker within seconds; the next checkout answers it resized). Allowed until the order is paid (409 `invalid_state`; 409 `conflict` when the order's items changed while the provider was asked: quote again). With `X-User-Id`, it must name the order's buyer (403 `acting_user_mismatch`; a guest order has no buyer, so it is quoted with the key alone or through the guest routes).
         */
        post: operations["commerce-shipping-quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/order/{orderId}/shipping/label": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Create the order's shipping label (once; later calls return the same label)
         * @description A GET with a side effect, made safe to repeat: the first call buys the label from the shipping provider (a charge on the deployment's shipping account); every later or concurrent call answers the stored label and buys nothing. Paid orders with a shipping address only (409 `invalid_state`). Stores tracking in `shippingInfo`, moves shipping PENDING/PROCESSING -> LABEL_CREATED (order PAID -> PROCESSING) and e-mails the tracking number to the buyer once (user or guest e-mail).
         */
        get: operations["commerce-shipping-label"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/airdrops": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule an airdrop of a PUBLISHED reward (extension: the spec lists no create route)
         * @description Eligibility: CONDITIONS (every user meeting the reward's conditions; 400 when it has none), GROUP (a group of the reward's creator; 404 otherwise) or LIST (at most 10000 users of the organization; 422 naming how many are unknown). The reward's conditions apply to every recipient. 400 unless the reward is PUBLISHED with a contract. At `airdropDate` (absent = now) the airdrop-monitor job, or the `airdrop` event's handler, moves it to PROCESSING and queues one mint per recipient wallet; users without a wallet or failing the conditions are skipped. It ends COMPLETED when every recipient holds the token, FAILED with the counts otherwise.
         */
        post: operations["loyalty-airdrops-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/airdrop/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An airdrop: its date, status, eligible users, outcome counts and reward contract */
        get: operations["loyalty-airdrops-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/airdrop/{id}/delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users who received the airdrop's token: wallet, tokenId, txHash (paged, X-Total-Count) */
        get: operations["loyalty-airdrops-delivered"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/airdrop/{id}/redemption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redemption tracking: how many of the airdrop's delivered tokens were redeemed */
        get: operations["loyalty-airdrops-redemption"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/latest-airdrop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The creator's most recently created airdrop (404 when it has none) */
        get: operations["loyalty-airdrops-latest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/airdrops": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The creator's airdrops, newest first (paged, X-Total-Count) */
        get: operations["loyalty-airdrops-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaign/{id}/vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Vote in a MULTIVARIANT campaign: options of its attributes
         * @description Each vote names an attribute of the campaign and one option of it or several; 422 names each attribute or option that is not the campaign's. Every option chosen is a vote row and counts into the option's voteCount; `campaign-vote` is emitted per vote. The journey completes once every attribute has a vote. The first submission creates the user's journey. When the journey completes, the campaign's reward points are awarded once (a CAMPAIGN point transaction carrying the journey), within the reward maxSupply, and the linked reward token is queued (a missing wallet is recorded on the journey, not refused). 404 for an unknown user or campaign; 403 `acting_user_mismatch` when X-User-Id names another user; 409 `conflict` for a campaign of another type; 409 `invalid_state` unless PUBLISHED, not archived and inside startDate..endDate (the message names the status or the window); 409 `campaign_full` when a first submission finds maxParticipants reached; 409 `participation_limit_reached` past rateLimit submissions per user.
         */
        post: operations["loyalty-campaignParticipation-vote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaign/{id}/survey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a SURVEY campaign's questions (stored as USER_DECLARED preference data)
         * @description Each response names a question of the campaign; the answer must fit its type: SINGLE_CHOICE one option (a string), MULTIPLE_CHOICE options (an array or one string), TEXT a non-empty text, RATING an integer from 1 to ratingMax (5 when unset) as a string. Every required question must be answered; 422 names each problem. The journey completes with the first accepted submission. The first submission creates the user's journey. When the journey completes, the campaign's reward points are awarded once (a CAMPAIGN point transaction carrying the journey), within the reward maxSupply, and the linked reward token is queued (a missing wallet is recorded on the journey, not refused). 404 for an unknown user or campaign; 403 `acting_user_mismatch` when X-User-Id names another user; 409 `conflict` for a campaign of another type; 409 `invalid_state` unless PUBLISHED, not archived and inside startDate..endDate (the message names the status or the window); 409 `campaign_full` when a first submission finds maxParticipants reached; 409 `participation_limit_reached` past rateLimit submissions per user.
         */
        post: operations["loyalty-campaignParticipation-survey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaign/{id}/swipe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Swipe an item of a SWIPE campaign: RIGHT likes it, LEFT passes (extension: the spec shows no body)
         * @description The item must be one of the campaign's swipe items (422 otherwise); each user swipes an item once (409 `already_exists` for a second swipe). The journey completes once every item is swiped. The first submission creates the user's journey. When the journey completes, the campaign's reward points are awarded once (a CAMPAIGN point transaction carrying the journey), within the reward maxSupply, and the linked reward token is queued (a missing wallet is recorded on the journey, not refused). 404 for an unknown user or campaign; 403 `acting_user_mismatch` when X-User-Id names another user; 409 `conflict` for a campaign of another type; 409 `invalid_state` unless PUBLISHED, not archived and inside startDate..endDate (the message names the status or the window); 409 `campaign_full` when a first submission finds maxParticipants reached; 409 `participation_limit_reached` past rateLimit submissions per user.
         */
        post: operations["loyalty-campaignParticipation-swipe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaign/{id}/ugc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit content to a UGC campaign: a URL or text with its media type (extension: the spec shows no body)
         * @description contentUrl is required unless mediaType is TEXT, text when it is; productId, when given, must be a product of the campaign's creator: the content's implicit preference. The journey completes with the first submission. The first submission creates the user's journey. When the journey completes, the campaign's reward points are awarded once (a CAMPAIGN point transaction carrying the journey), within the reward maxSupply, and the linked reward token is queued (a missing wallet is recorded on the journey, not refused). 404 for an unknown user or campaign; 403 `acting_user_mismatch` when X-User-Id names another user; 409 `conflict` for a campaign of another type; 409 `invalid_state` unless PUBLISHED, not archived and inside startDate..endDate (the message names the status or the window); 409 `campaign_full` when a first submission finds maxParticipants reached; 409 `participation_limit_reached` past rateLimit submissions per user.
         */
        post: operations["loyalty-campaignParticipation-ugc"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/nfts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's reward tokens, held now (X-Total-Count)
         * @description Tokens come from the organization's completed mints to the user (or to the user's wallets), each kept only if one of the user's wallets holds it on chain now: a token transferred away leaves the list. Newest mint first; `limit`/`offset`, the whole list's size in X-Total-Count.
         */
        get: operations["loyalty-collections-all"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/nfts/earned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reward tokens minted to the user (grants, airdrops, campaigns) that the user still holds (X-Total-Count)
         * @description Tokens come from the organization's completed mints to the user (or to the user's wallets), each kept only if one of the user's wallets holds it on chain now: a token transferred away leaves the list. Newest mint first; `limit`/`offset`, the whole list's size in X-Total-Count.
         */
        get: operations["loyalty-collections-earned"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/nfts/redeemable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reward tokens the user holds and has not redeemed (a FAILED redemption counts as not redeemed; X-Total-Count)
         * @description Tokens come from the organization's completed mints to the user (or to the user's wallets), each kept only if one of the user's wallets holds it on chain now: a token transferred away leaves the list. Newest mint first; `limit`/`offset`, the whole list's size in X-Total-Count. A DISABLED programme's tokens stay redeemable.
         */
        get: operations["loyalty-collections-redeemable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/nfts/redeemed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's redeemed reward tokens, newest redemption first (X-Total-Count)
         * @description Every REDEEMED redemption of the user, whoever holds the token now: a redemption is history. `walletAddress` is the wallet that held the token when it was redeemed.
         */
        get: operations["loyalty-collections-redeemed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's points: total balance and per-creator balances */
        get: operations["loyalty-points-balances"];
        put?: never;
        /** Grant (positive amount) or spend (negative) points; a spend never takes a balance below zero (409 insufficient_points) */
        post: operations["loyalty-points-record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/points/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's point transactions, newest first (page is 1-indexed) */
        get: operations["loyalty-points-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply points to an OPEN or PAYMENT_FAILED order (0 clears); checked against the points the creator accepts, held at checkout */
        post: operations["loyalty-points-setOrderPoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/points/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Make the order's held points permanent after a successful payment (idempotent) */
        put: operations["loyalty-points-finalizeOrderPoints"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/points/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return the order's held points to the balance and clear its points (idempotent)
         * @description On an OPEN or PAYMENT_FAILED order. 409 `payment_in_progress` while a payment is pending or settling (that payment was priced with these points; they come back if it fails), 409 `invalid_state` once the order is paid.
         */
        post: operations["loyalty-points-revertOrderPoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/token-presales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The creator's token presales, newest first */
        get: operations["loyalty-presales-list"];
        put?: never;
        /**
         * Create a presale of one of the creator's PUBLISHED reward programmes
         * @description A time-boxed (startsAt..endsAt), capped sale of the programme's tokens, one per buyer, priced in the creator's points. DRAFT until startsAt, then ACTIVE. 409 `invalid_state` unless the reward is PUBLISHED; 422 when the window is not in the future or the cap exceeds the reward's maxSupply; 501 `not_implemented` for priceCurrency USDC.
         */
        post: operations["loyalty-presales-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/token-presales/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token presale */
        get: operations["loyalty-presales-get"];
        put?: never;
        post?: never;
        /** Delete a presale nobody has bought from (409 otherwise: cancel it instead) */
        delete: operations["loyalty-presales-delete"];
        options?: never;
        head?: never;
        /**
         * Change a presale: every field while DRAFT; title, description, cap and endsAt while ACTIVE
         * @description 409 `invalid_state` naming the state for an ENDED or CANCELED presale, or for pricePoints, startsAt or distribution once ACTIVE; 422 for a cap below `sold` or a window not in the future.
         */
        patch: operations["loyalty-presales-update"];
        trace?: never;
    };
    "/creator/id/{creatorId}/token-presales/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a DRAFT or ACTIVE presale, refunding its PAID purchases (extension)
         * @description CANCELED is final. Each PAID purchase becomes REFUNDED with a positive PRESALE point transaction; a purchase already DISTRIBUTED (IMMEDIATE presales) keeps its token. 409 `invalid_state` for an ENDED or CANCELED presale.
         */
        post: operations["loyalty-presales-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/token-presales/{id}/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The presale's purchases, newest first (extension) */
        get: operations["loyalty-presales-purchases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/token-presales/{presaleId}/purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy one token of a presale with the creator's points (extension)
         * @description Inside the window and under the cap (one conditional update, so concurrent buyers never oversell); one per user per reward programme (409 `already_exists`); the user needs a wallet to receive the token (409 `wallet_required`) and must meet the reward's conditions (409 `conditions_not_met`). The price is a PRESALE point transaction from the user's points with the creator (409 `insufficient_points`, nothing changed). 409 `invalid_state` before startsAt, after endsAt or for an ENDED/CANCELED presale; 409 `conflict` when sold out. Publishes `presale-purchase-processed`.
         */
        post: operations["loyalty-presales-purchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/nfts/{network}/{address}/{tokenId}/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeem a reward token the user holds: its point cost is deducted and its effect produced once
         * @description 404 when the contract is no programme of the organization on that network, or the token does not exist; 403 `not_owner` when none of the user's wallets holds the token on chain now; 409 `conditions_not_met`; 409 `insufficient_points` (the cost is taken from the user's points with the reward's creator; nothing changes); 409 `already_redeemed` when the token's redemption is REDEEMED or being processed. A DISABLED programme's tokens stay redeemable. The effect runs after the claim commits; if it refuses (4xx) the redemption is FAILED, the cost refunded and the token redeemable again; if it breaks (5xx) the redemption stays PROCESSING and the same user's redeem after 60 s completes it.
         */
        post: operations["loyalty-redemptions-redeem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/nfts/{network}/{address}/{tokenId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's redemption of a reward token (status NOT_REDEEMED when there is none)
         * @description 404 when the contract is no programme of the organization on that network.
         */
        get: operations["loyalty-redemptions-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/nft-rewards/redeemed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redemptions of the creator's reward programmes, newest first (X-Total-Count)
         * @description REDEEMED redemptions only; owner (X-User-Id) or ADMIN key.
         */
        get: operations["loyalty-redemptions-creatorRedeemed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/passes/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an EVENT_PASS pass a holder presents (the creator's owner or an ADMIN key)
         * @description Valid when the pass's signature holds, it was issued for this reward, and its redemption is REDEEMED; otherwise `valid: false` with the reason. 503 when REWARD_PASS_SIGNING_KEY is not configured.
         */
        post: operations["loyalty-redemptions-verifyPass"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/nft-rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The creator's reward programmes, newest first */
        get: operations["loyalty-rewards-creatorRewards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a reward programme (DRAFT); CUSTOM is taken as CUSTOM_REWARD */
        post: operations["loyalty-rewards-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reward programme with its contract */
        get: operations["loyalty-rewards-get"];
        /** Set the detail record of the reward's type, its conditions, and (while DRAFT) maxSupply and transferable */
        put: operations["loyalty-rewards-update"];
        post?: never;
        /** Delete a DRAFT reward (creatorId in the body or the query) */
        delete: operations["loyalty-rewards-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/nft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the NFT metadata of a DRAFT (imageUrl or animationUrl required) */
        put: operations["loyalty-rewards-updateNft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Deploy the reward's contract and publish it (a retry finds the contract it deployed)
         * @description Predicts the clone address from the programme's salt; adopts a contract already there, else deploys one through the factory; then records it (PUBLISHED, publishedAt, `nft-reward-published`). A PUBLISHED reward is answered as is; 409 `invalid_state` for a DISABLED one or a draft without metadata or details.
         */
        put: operations["loyalty-rewards-publish"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Disable a PUBLISHED reward: no new mints, minted tokens unaffected (409 naming the state otherwise) */
        patch: operations["loyalty-rewards-disable"];
        trace?: never;
    };
    "/nft-reward/{id}/grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant the reward's token to a user: a queued mint, sent at once when rewardMode is IMMEDIATE
         * @description 400 unless the reward is PUBLISHED with a contract; 404 for an unknown user; 409 `wallet_required` when the user has no EMBEDDED or EXTERNAL wallet; 409 `conditions_not_met` naming each unmet condition. One mint per (reward, wallet): a second grant answers the first's. IMMEDIATE: broadcast now (`BROADCASTED`, txHash); QUEUE: `QUEUED` until the mint-queue job batches it.
         */
        post: operations["loyalty-rewards-grant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/earned-rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tokens minted from the creator's programmes, newest first (X-Total-Count)
         * @description Every COMPLETED mint of the creator's reward programmes: who received it (user, wallet), the programme, the token id, the mint transaction and when it was recorded.
         */
        get: operations["loyalty-rewardPages-earnedRewards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/latest-earned-reward": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest token minted from the creator's programmes; null when none was */
        get: operations["loyalty-rewardPages-latestEarnedReward"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/collectibles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The creator's programmes for management: contract, minted and pending counts, supply left
         * @description Every programme of the creator, any status, newest first, with what the contract-monitor job last found (`contractDrift`, null when the contract is as deployed).
         */
        get: operations["loyalty-rewardPages-collectibles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/dashboard/rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reward programme performance: minted, pending, errors and holders per programme, and totals */
        get: operations["loyalty-rewardPages-dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/{slug}/collectibles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A creator's storefront collectibles: PUBLISHED programmes with their contract and minted count */
        get: operations["loyalty-rewardPages-publicCollectibles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/{slug}/collectibles/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ERC-721 metadata of a creator's PUBLISHED programmes, with their tokenURI and contractURI
         * @description The documents the contracts point at: `tokenURI` (the token id in place of `{tokenId}`) and `contractURI` are served without an API key.
         */
        get: operations["loyalty-rewardPages-publicCollectiblesMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/{slug}/rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A creator's available reward programmes (PUBLISHED): type, points cost, what a fan receives */
        get: operations["loyalty-rewardPages-publicRewards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/metadata/contract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A programme's contract metadata (its contractURI; no API key, extension)
         * @description ERC-7572 JSON of a PUBLISHED or DISABLED programme; 404 for anything else. Rate-limited per client address.
         */
        get: operations["loyalty-rewardPages-contractMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/metadata/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A reward token's ERC-721 metadata (its tokenURI; no API key, extension)
         * @description name, description, image, animation_url, external_url and attributes of a token the service minted; 404 for a token it has not recorded. Rate-limited per client address.
         */
        get: operations["loyalty-rewardPages-tokenMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extension: the reward's webhook URL and the secret its redemption webhooks are signed with
         * @description For CUSTOM_REWARD programmes: every redemption POSTs a JSON body to customRewardDetails.webhookUrl, signed with this secret (see signatureScheme). Creator ownership as for the reward itself.
         */
        get: operations["loyalty-rewardWebhooks-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft-reward/{id}/webhook/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Extension: the reward's redemption webhooks and their delivery state, newest first (X-Total-Count) */
        get: operations["loyalty-rewardWebhooks-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start (or resume) paying the order by card
         * @description Card checkout: `points` (default 0) become the order's points, replacing any set before through the points route, and are reserved (pointsAccepted of the creator), stock is held for 30 minutes and the amount is the order total (items - discount - points x pointValueCents + shipping, never below 0). The order's live intent is returned when its points are unchanged (its amount updated if the total moved, e.g. after a shipping quote); when points changed it is cancelled and a new one created. Allowed from OPEN and PAYMENT_FAILED (a retry gets a new intent) and again while PAYMENT_PENDING; 409 `invalid_state` otherwise or without items, 409 `out_of_stock` naming the variant, 409 `insufficient_points`. The order becomes PAYMENT_PENDING; a total of 0 pays it at once with points (PAID, method POINTS, no intent). The outcome arrives by webhook. `points` below the points already finalized for the order: 409 `invalid_state`. The processor is called outside the order's transaction; a processor refusal is 502 `bad_gateway` and, with no intent left to pay with, moves the order to PAYMENT_FAILED (points and stock given back). A retried checkout completes an interrupted one: the processor is asked with the same idempotency key and the same intent is recorded.
         */
        post: operations["payments-checkout-checkout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/guest/order/{id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start paying a guest order by card (no API key)
         * @description Card checkout: `points` (default 0) become the order's points, replacing any set before through the points route, and are reserved (pointsAccepted of the creator), stock is held for 30 minutes and the amount is the order total (items - discount - points x pointValueCents + shipping, never below 0). The order's live intent is returned when its points are unchanged (its amount updated if the total moved, e.g. after a shipping quote); when points changed it is cancelled and a new one created. Allowed from OPEN and PAYMENT_FAILED (a retry gets a new intent) and again while PAYMENT_PENDING; 409 `invalid_state` otherwise or without items, 409 `out_of_stock` naming the variant, 409 `insufficient_points`. The order becomes PAYMENT_PENDING; a total of 0 pays it at once with points (PAID, method POINTS, no intent). The outcome arrives by webhook. `points` below the points already finalized for the order: 409 `invalid_state`. The processor is called outside the order's transaction; a processor refusal is 502 `bad_gateway` and, with no intent left to pay with, moves the order to PAYMENT_FAILED (points and stock given back). A retried checkout completes an interrupted one: the processor is asked with the same idempotency key and the same intent is recorded. No API key: the order id is the capability; an unknown id (or a user's order) answers 404 revealing nothing; calls are rate-limited per client address (429). Guest orders carry no points. No body needed.
         */
        post: operations["payments-checkout-guestCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/payment-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Client notice: the card payment failed before the webhook arrived
         * @description Cancels the order's live card intent and moves PAYMENT_PENDING -> PAYMENT_FAILED (reserved points reverted, held stock released); the next checkout creates a new intent. Idempotent: an order in another state is left as it is (`changed: false`), and a PAID order is never un-paid. 409 `invalid_state` when the card payment already succeeded or is processing.
         */
        post: operations["payments-checkout-paymentFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/order/{orderId}/checkout/cryptocommerce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Pay the order with a crypto-commerce charge
         * @description Pays the order with a crypto-commerce charge the client created and paid at the provider. The charge is read from the provider first and must exist, be priced in USD at exactly the amount due (`amount` must equal it too) and not be expired; otherwise 422 `payment_verification_failed` with `context.reason` (`charge_not_found`, `currency_mismatch`, `charge_expired`, `amount_mismatch`) and nothing changes. A charge pays one order only: using it again anywhere answers 409 `already_exists`. A live card payment intent of the order is cancelled first, and the order's points and stock are held. Only a charge the provider reports as paid pays the order: a COMPLETED charge makes the order PAID at once (stock committed, points spent, creator payout created, confirmations sent) with the CryptoCommercePayment COMPLETED; a charge not yet paid (NEW or PENDING at the provider) leaves the order PAYMENT_PENDING with the payment PENDING, and the poll job pays the order when the provider confirms the charge, or fails it (PAYMENT_FAILED, points and stock given back, payment FAILED) when the charge expires unpaid. Meanwhile another payment of the order answers 409 `payment_in_progress`. Allowed from OPEN, PAYMENT_PENDING and PAYMENT_FAILED (409 `invalid_state` otherwise, or when the order has no items or nothing is due).
         */
        patch: operations["payments-cryptocommerce-checkout"];
        trace?: never;
    };
    "/guest/order/{id}/checkout/cryptocommerce": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Pay a guest order with a crypto-commerce charge (no API key)
         * @description Pays the order with a crypto-commerce charge the client created and paid at the provider. The charge is read from the provider first and must exist, be priced in USD at exactly the amount due (`amount` must equal it too) and not be expired; otherwise 422 `payment_verification_failed` with `context.reason` (`charge_not_found`, `currency_mismatch`, `charge_expired`, `amount_mismatch`) and nothing changes. A charge pays one order only: using it again anywhere answers 409 `already_exists`. A live card payment intent of the order is cancelled first, and the order's points and stock are held. Only a charge the provider reports as paid pays the order: a COMPLETED charge makes the order PAID at once (stock committed, points spent, creator payout created, confirmations sent) with the CryptoCommercePayment COMPLETED; a charge not yet paid (NEW or PENDING at the provider) leaves the order PAYMENT_PENDING with the payment PENDING, and the poll job pays the order when the provider confirms the charge, or fails it (PAYMENT_FAILED, points and stock given back, payment FAILED) when the charge expires unpaid. Meanwhile another payment of the order answers 409 `payment_in_progress`. Allowed from OPEN, PAYMENT_PENDING and PAYMENT_FAILED (409 `invalid_state` otherwise, or when the order has no items or nothing is due). No API key: the order id is the capability, an unknown id answers 404 revealing nothing, and calls are rate-limited per client address (429). Guest orders only. A guest order without an e-mail takes `customer.email` for the receipt.
         */
        patch: operations["payments-cryptocommerce-guestCheckout"];
        trace?: never;
    };
    "/user/{id}/order/{orderId}/checkout/embedded-wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Pay the order with a confirmed USDC transfer from the user's wallet
         * @description Pays the order with a USDC transfer the caller's backend already made from one of the user's wallets (`walletAddress`) to the organization's receiving address (`x402WalletAddress`) and waited to be confirmed. The service reads `txHash` from the chain (Base, chain id 8453) and checks: the transaction succeeded with enough confirmations (CHAIN_CONFIRMATIONS) and holds a USDC `Transfer` of exactly the amount due (order total in cents x 10^4 atomic units; `amount` is the same value as a decimal USDC string) from `walletAddress` to the receiving address. Otherwise 422 `payment_verification_failed` with `context.reason`: `tx_not_found`, `tx_pending`, `tx_reverted`, `wrong_chain`, `insufficient_confirmations` (retry later), `wrong_token`, `wrong_recipient`, `wrong_sender`, `amount_mismatch`, `wallet_not_owned`; nothing changes. A transaction pays one order only: the same hash again, in any letter case and in any organization, is 409 `already_exists`. 409 `payment_method_unavailable` when the organization has no receiving address; 503 when the chain node is unreachable. On success a CryptoPaymentIntent is created CONFIRMED, the order becomes PAID (stock committed, held points finalized, payout created) and the order-confirmation event is published only when `email` is given. Allowed from OPEN, PAYMENT_PENDING and PAYMENT_FAILED.
         */
        patch: operations["payments-embeddedWallet-checkout"];
        trace?: never;
    };
    "/admin/payment-exceptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payments that could not pay their order, for a refund or a manual settlement (ADMIN, extension)
         * @description A payment the processor or provider reports as made is applied only when it is the order's amount due in USD and the order's points can still be spent; otherwise the order is left unpaid and the payment is listed here, newest first (X-Total-Count holds the total).
         */
        get: operations["payments-paymentExceptions-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/cardproc/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start or resume payout onboarding: the creator's connected account (created once) and a fresh onboarding URL
         * @description Redirect the creator to `url`. The processor sends them back to `returnUrl` when done and to `refreshUrl` when the link expired; without them, to this service's `GET /cardproc/onboarding/return` and `/refresh` (landing answers, no key). The account's status changes when the processor's `account.updated` webhook arrives; call again for the current status and a fresh link.
         */
        post: operations["payments-payouts-onboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/creator/id/{creatorId}/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The creator's payouts, newest first (X-Total-Count holds the total; owner or ADMIN) */
        get: operations["payments-payouts-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/wallets/server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get or create the user's SERVER wallet (extension)
         * @description A SERVER wallet is held by the service (its key encrypted at rest, never returned) and can send with `/send`. One per user: a second call returns the same wallet with `created: false`. Answers 501 on a deployment without local key custody until the wallet provider's adapter exists.
         */
        post: operations["payments-serverWallets-createServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/wallets/{address}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send ERC-20 tokens from a SERVER wallet
         * @description Only SERVER wallets send (409 `invalid_state` for EMBEDDED or EXTERNAL ones). `amount` is in the token's smallest unit; `decimals` (default 18) must match the token's own, and `chainId` (default 8453) must be Base: otherwise 422 naming the field in `details` and the reason in `context.reason` (`unsupported_chain`, `invalid_amount`, `not_a_token`, `decimals_mismatch`). A token balance below `amount` or no gas is 409 `insufficient_funds`. The transfer is recorded, signed by the service, broadcast and given up to 10 s to be mined: the result is CONFIRMED, FAILED (reverted) or PENDING (the wallet-provider webhook settles it later), with its `txHash`.
         */
        post: operations["payments-serverWallets-send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{id}/wallets/{address}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the transactions the service recorded for a wallet, newest first
         * @description Sends from a SERVER wallet and order payments made from this wallet, with their PENDING, CONFIRMED or FAILED status. `X-Total-Count` holds the total.
         */
        get: operations["payments-serverWallets-transactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/events/{event}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver an asynchronous event (signed) */
        post: operations["webhooks-events"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/cron/{job}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a scheduled job once for a tick (signed) */
        post: operations["webhooks-cron"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/storefront": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Storefront platform events (signed with the connection's app secret)
         * @description Called by the storefront platform, without an API key. The shop domain names the store connection; the body is verified with the connection's app secret before anything else. Topics: `products/create` and `products/update` create or update the linked product (a new one is a DRAFT unless the organization's `autoPublishProducts` is on; an update older than the stored one is ignored), `products/delete` archives it, `app/uninstalled` removes the connection. Any other topic is acknowledged with `outcome: ignored`. A redelivered event id answers `duplicate: true` and does nothing. An unknown shop and a bad signature get the same 401.
         */
        post: operations["webhooks-storefront"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/cardproc/payment-intent/succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Card processor payment_intent.succeeded (signed)
         * @description payment_intent.succeeded: the order becomes PAID once (stock committed, points finalized, payout created, confirmations); a late event never changes a paid order Called by the card processor without an API key. `Cardproc-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<raw body>` with CARDPROC_WEBHOOK_SECRET>`, 300 s tolerance) is verified on the raw body first: a missing or wrong signature is 400 `invalid_signature`. The tenant is `metadata.organizationId`, checked against the service's own records; an unknown object or another endpoint's event type is acknowledged with `outcome: ignored`. Event ids are deduplicated: a redelivery answers `duplicate: true`.
         */
        post: operations["webhooks-cardproc-payment-intent-succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/cardproc/payment-intent/processing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Card processor payment_intent.processing (signed)
         * @description payment_intent.processing: the order stays (or becomes) PAYMENT_PENDING until the processor sends succeeded or payment_failed Called by the card processor without an API key. `Cardproc-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<raw body>` with CARDPROC_WEBHOOK_SECRET>`, 300 s tolerance) is verified on the raw body first: a missing or wrong signature is 400 `invalid_signature`. The tenant is `metadata.organizationId`, checked against the service's own records; an unknown object or another endpoint's event type is acknowledged with `outcome: ignored`. Event ids are deduplicated: a redelivery answers `duplicate: true`.
         */
        post: operations["webhooks-cardproc-payment-intent-processing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/cardproc/payment-intent/payment-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Card processor payment_intent.payment_failed (signed)
         * @description payment_intent.payment_failed: PAYMENT_PENDING -> PAYMENT_FAILED, points reverted, stock released; a PAID order stays PAID Called by the card processor without an API key. `Cardproc-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<raw body>` with CARDPROC_WEBHOOK_SECRET>`, 300 s tolerance) is verified on the raw body first: a missing or wrong signature is 400 `invalid_signature`. The tenant is `metadata.organizationId`, checked against the service's own records; an unknown object or another endpoint's event type is acknowledged with `outcome: ignored`. Event ids are deduplicated: a redelivery answers `duplicate: true`.
         */
        post: operations["webhooks-cardproc-payment-intent-payment-failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/cardproc/account/updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Card processor account.updated (signed)
         * @description account.updated: the creator's connected account flags and status Called by the card processor without an API key. `Cardproc-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<raw body>` with CARDPROC_WEBHOOK_SECRET>`, 300 s tolerance) is verified on the raw body first: a missing or wrong signature is 400 `invalid_signature`. The tenant is `metadata.organizationId`, checked against the service's own records; an unknown object or another endpoint's event type is acknowledged with `outcome: ignored`. Event ids are deduplicated: a redelivery answers `duplicate: true`.
         */
        post: operations["webhooks-cardproc-account-updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/cardproc/transfer/created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Card processor transfer.created (signed)
         * @description transfer.created: the payout named by `metadata.payoutId` becomes TRANSFERRED Called by the card processor without an API key. `Cardproc-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<raw body>` with CARDPROC_WEBHOOK_SECRET>`, 300 s tolerance) is verified on the raw body first: a missing or wrong signature is 400 `invalid_signature`. The tenant is `metadata.organizationId`, checked against the service's own records; an unknown object or another endpoint's event type is acknowledged with `outcome: ignored`. Event ids are deduplicated: a redelivery answers `duplicate: true`.
         */
        post: operations["webhooks-cardproc-transfer-created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cardproc/onboarding/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the card processor returns a creator after payout onboarding (default return URL)
         * @description Says onboarding was handed back and that payouts start when the processor enables the account. The default when `POST /creator/id/{creatorId}/cardproc/account` is called without it; pass your own URL to bring the creator back into your app instead. No API key; reads nothing.
         */
        get: operations["cardproc-onboarding-return"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cardproc/onboarding/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the card processor sends a creator whose onboarding link expired (default refresh URL)
         * @description Says the link expired and how the app gets a fresh one. The default when `POST /creator/id/{creatorId}/cardproc/account` is called without it; pass your own URL to bring the creator back into your app instead. No API key; reads nothing.
         */
        get: operations["cardproc-onboarding-refresh"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/x402/orders/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay an order with x402 (USDC on Base), no API key
         * @description Without `X-PAYMENT`: 402 with the requirements (the spec's flat fields and the standard x402 v1 `accepts` array, also base64 in `X-PAYMENT-REQUIREMENTS`). With `X-PAYMENT` (base64 JSON of an x402 v1 `exact` payment payload: an EIP-3009 TransferWithAuthorization signed by the payer): malformed -> 400; scheme, network, recipient or an amount other than the order total exactly -> 402 with `context.reason`; otherwise the payment is verified and settled through the facilitator (X402Payment PENDING -> VERIFIED -> SETTLED, or FAILED with a 402 and the order PAYMENT_FAILED) and the order becomes PAID: 200 with the receipt and `X-PAYMENT-RESPONSE`. Exactly once: an authorization pays once (the same header again answers the receipt, or 202 while it settles); an already paid order answers its receipt; a facilitator that cannot be reached leaves the payment for a retry job (202, never a fresh 402); another authorization while one settles is 409 `payment_in_progress`; an authorization already presented for another order is 409 `already_exists`. 409 `payment_method_unavailable` when the organization has not enabled x402 or set `x402WalletAddress`, 409 `invalid_state` when the order cannot be paid. Unknown order ids are 404. Rate-limited per client address (429).
         */
        post: operations["x402-pay-order"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/walletprovider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Wallet provider transaction events (signed)
         * @description Called by the wallet provider without an API key, signed with the Standard Webhooks scheme: `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed by WALLETPROVIDER_WEBHOOK_SECRET, 300 s tolerance; a missing, stale or wrong signature is 401 `signature_required`. `transaction.confirmed` marks the recorded send (found by `txHash`) CONFIRMED, `transaction.execution_reverted` marks it FAILED; other event types, other chains and unknown transactions are acknowledged as `ignored`. A redelivery (same `webhook-id`) answers `duplicate: true`.
         */
        post: operations["webhooks-walletprovider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/chain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The local chain: RPC URL, chain id, USDC address and funded wallets (test deployments only)
         * @description Only on a `test` deployment running the local anvil chain (never on `live`). The funded wallets hold test USDC and ETH on that private chain; their keys let you sign embedded-wallet transfers and x402 payments locally. No API key.
         */
        get: operations["test-helpers-chain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/chain/faucet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fund any address with test USDC and gas on the local chain (test deployments only)
         * @description Only on a `test` deployment running the local anvil chain (never on `live`). Mints test USDC (at most 1,000,000 per call) and adds 1 ETH of gas. No API key.
         */
        post: operations["test-helpers-chain-faucet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cryptocommerce/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a local crypto-commerce charge (test deployments with the local adapter only)
         * @description Plays the payer's client at the provider: the charge starts NEW and reads EXPIRED once `expiresAt` passes unpaid. Hand its `id` to `PATCH …/checkout/cryptocommerce` as `callsId`. Needs an API key (any role; 401 without one).
         */
        post: operations["test-helpers-cryptocommerce-create-charge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cryptocommerce/charges/{chargeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a local crypto-commerce charge
         * @description Needs an API key (any role; 401 without one).
         */
        get: operations["test-helpers-cryptocommerce-get-charge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cryptocommerce/charges/{chargeId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a local crypto-commerce charge as paid (NEW or PENDING -> COMPLETED)
         * @description What the provider does when the payment confirms on chain. The poll job then completes the order's CryptoCommercePayment. Completing a COMPLETED charge changes nothing; an expired one answers 409 `invalid_state`. Needs an API key (any role; 401 without one).
         */
        post: operations["test-helpers-cryptocommerce-complete-charge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cardproc/payment-intents/{id}/succeed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the customer's card payment succeeds
         * @description Moves the sandbox payment intent (-> succeeded) and delivers `payment_intent.succeeded`, signed with CARDPROC_WEBHOOK_SECRET, to the public webhook endpoint. Mounted only on a `test` deployment whose card processor is the sandbox (CARDPROC_SECRET_KEY unset); no API key.
         */
        post: operations["test-helpers-cardproc-intent-succeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cardproc/payment-intents/{id}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the customer's card payment fails
         * @description Moves the sandbox payment intent (-> requires_payment_method with a card_declined error) and delivers `payment_intent.payment_failed`, signed with CARDPROC_WEBHOOK_SECRET, to the public webhook endpoint. Mounted only on a `test` deployment whose card processor is the sandbox (CARDPROC_SECRET_KEY unset); no API key.
         */
        post: operations["test-helpers-cardproc-intent-fail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cardproc/payment-intents/{id}/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the customer's card payment starts processing
         * @description Moves the sandbox payment intent (-> processing) and delivers `payment_intent.processing`, signed with CARDPROC_WEBHOOK_SECRET, to the public webhook endpoint. Mounted only on a `test` deployment whose card processor is the sandbox (CARDPROC_SECRET_KEY unset); no API key.
         */
        post: operations["test-helpers-cardproc-intent-process"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cardproc/accounts/{id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: change a connected account's onboarding flags
         * @description Sets the given flags on the sandbox account and delivers a signed `account.updated`. Mounted only on a `test` deployment whose card processor is the sandbox (CARDPROC_SECRET_KEY unset); no API key.
         */
        post: operations["test-helpers-cardproc-account-update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cardproc/accounts/{id}/onboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: complete onboarding (the sandbox's account link)
         * @description Enables the account (details submitted, charges and payouts enabled) and delivers a signed `account.updated`. The onboarding URL the sandbox hands out is the GET form of this route, which redirects to the link's return_url. Mounted only on a `test` deployment whose card processor is the sandbox (CARDPROC_SECRET_KEY unset); no API key.
         */
        post: operations["test-helpers-cardproc-account-onboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-helpers/cardproc/transfers/{id}/created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: deliver transfer.created for a sandbox transfer
         * @description Delivers a signed `transfer.created` for a transfer the sandbox made (its metadata names the payout). Mounted only on a `test` deployment whose card processor is the sandbox (CARDPROC_SECRET_KEY unset); no API key.
         */
        post: operations["test-helpers-cardproc-transfer-created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A product as the storefront platform sends it; unknown fields are ignored. */
        StorefrontPlatformProduct: {
            id: number | string;
            title: string;
            handle?: string | null;
            body_html?: string | null;
            /** @description `active`, `draft` or `archived`; anything else is treated as `draft` */
            status?: string | null;
            options?: {
                name: string;
            }[] | null;
            variants: components["schemas"]["StorefrontPlatformVariant"][];
            images?: {
                /** Format: uri */
                src: string;
            }[] | null;
            updated_at?: string | null;
        };
        StorefrontPlatformVariant: {
            id: number | string;
            title?: string | null;
            /**
             * @description Decimal string, e.g. "12.50"
             * @example 12.50
             */
            price: string;
            sku?: string | null;
            inventory_quantity?: number | null;
            option1?: string | null;
            option2?: string | null;
            option3?: string | null;
        };
        /** @description `products/delete`: the product id only */
        StorefrontPlatformProductDeleted: {
            id: number | string;
        };
        CardprocEvent: {
            /** @description Event id: a redelivery is acknowledged and not processed again */
            id: string;
            type: string;
            created: number;
            data: {
                /** @description The intent, account or transfer; `metadata.organizationId` names the tenant */
                object: {
                    [key: string]: unknown;
                };
            };
        };
        WalletProviderEvent: {
            chainId: number;
            eventType: string;
            txHash: string;
            txId: string;
            walletId: string;
        };
        CreatedApiKey: {
            id: string;
            name: string | null;
            organizationId: string;
            /** @enum {string} */
            role: "MEMBER" | "ADMIN" | "OPERATOR";
            /** @enum {string} */
            environment: "test" | "live";
            /** @description Masked value: environment prefix and last four characters */
            keyPrefix: string;
            isActive: boolean;
            lastUsedAt: string | null;
            previousKeyId: string | null;
            rotatedAt: string | null;
            createdAt: string;
            /** @description The full key value. Shown once: store it now. */
            key: string;
        };
        /**
         * Invalid input data error (400)
         * @description The error information
         * @example {
         *       "code": "BAD_REQUEST",
         *       "message": "Invalid input data",
         *       "issues": []
         *     }
         */
        "error.BAD_REQUEST": {
            /**
             * @description The error message
             * @example Invalid input data
             */
            message: string;
            /**
             * @description The error code
             * @example BAD_REQUEST
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
        };
        /**
         * Authorization not provided error (401)
         * @description The error information
         * @example {
         *       "code": "UNAUTHORIZED",
         *       "message": "Authorization not provided",
         *       "issues": []
         *     }
         */
        "error.UNAUTHORIZED": {
            /**
             * @description The error message
             * @example Authorization not provided
             */
            message: string;
            /**
             * @description The error code
             * @example UNAUTHORIZED
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
        };
        /**
         * Insufficient access error (403)
         * @description The error information
         * @example {
         *       "code": "FORBIDDEN",
         *       "message": "Insufficient access",
         *       "issues": []
         *     }
         */
        "error.FORBIDDEN": {
            /**
             * @description The error message
             * @example Insufficient access
             */
            message: string;
            /**
             * @description The error code
             * @example FORBIDDEN
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
        };
        /**
         * Internal server error error (500)
         * @description The error information
         * @example {
         *       "code": "INTERNAL_SERVER_ERROR",
         *       "message": "Internal server error",
         *       "issues": []
         *     }
         */
        "error.INTERNAL_SERVER_ERROR": {
            /**
             * @description The error message
             * @example Internal server error
             */
            message: string;
            /**
             * @description The error code
             * @example INTERNAL_SERVER_ERROR
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
        };
        ApiKey: {
            id: string;
            name: string | null;
            organizationId: string;
            /** @enum {string} */
            role: "MEMBER" | "ADMIN" | "OPERATOR";
            /** @enum {string} */
            environment: "test" | "live";
            /** @description Masked value: environment prefix and last four characters */
            keyPrefix: string;
            isActive: boolean;
            lastUsedAt: string | null;
            previousKeyId: string | null;
            rotatedAt: string | null;
            createdAt: string;
        };
        /**
         * Not found error (404)
         * @description The error information
         * @example {
         *       "code": "NOT_FOUND",
         *       "message": "Not found",
         *       "issues": []
         *     }
         */
        "error.NOT_FOUND": {
            /**
             * @description The error message
             * @example Not found
             */
            message: string;
            /**
             * @description The error code
             * @example NOT_FOUND
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
        };
        RotatedApiKey: {
            id: string;
            /** @description The new full key value. Shown once. */
            key: string;
            keyPrefix: string;
            /** @description The key whose value was replaced (rotation keeps the id) */
            previousKeyId: string;
            /** @description Masked value that stopped working */
            previousKeyPrefix: string;
            rotatedAt: string;
        };
        Organization: {
            id: string;
            name: string;
            domain: string | null;
            subscriptionTierId: string;
            createdAt: string;
            updatedAt: string;
        };
        OrganizationSettings: {
            organizationId: string;
            x402Enabled: boolean;
            /** @description Receiving address for x402 and embedded-wallet payments */
            x402WalletAddress: string | null;
            defaultChainId: number;
            rewardMode: string;
            enrichmentEnabled: boolean;
            autoPublishProducts: boolean;
            /** @description Value of one point in cents */
            pointValueCents: number;
            /** @description Platform fee on each order, in basis points */
            applicationFeeBps: number;
            /** @description Days a payout is held before it becomes eligible */
            payoutHoldDays: number;
            updatedAt: string;
        };
        SubscriptionTier: {
            id: string;
            /** @description BUILDER, GROWTH or PRO */
            name: string;
            /** @description Monthly price in cents */
            price: number;
            monthlyApiCalls: number;
            maxApiKeys: number;
            maxCreators: number;
            /** @description Per-key sustained rate; bursts up to twice this */
            requestsPerSecond: number;
            features: string[];
        };
        AppConfig: {
            /**
             * @description Chain network the platform settles on
             * @enum {string}
             */
            network: "base" | "base-sepolia";
            /**
             * @description Default reward minting mode
             * @enum {string}
             */
            rewardMode: "QUEUE" | "IMMEDIATE";
            updatedAt: string;
        };
        DeadLetter: {
            id: string;
            organizationId: string | null;
            /** @description Event name, or `cron:<job>` for a scheduled job */
            event: string;
            jobId: string;
            payload: unknown;
            error: string | null;
            attempts: number;
            failedAt: string;
            replayedAt: string | null;
        };
        User: {
            id: string;
            username: string | null;
            email: string;
            emailVerified: boolean;
            avatarUrl: string | null;
            bio: string | null;
            city: string | null;
            state: string | null;
            createdAt: string;
            updatedAt: string;
            organizationId: string;
            wallets: components["schemas"]["Wallet"][];
            socialProfiles: {
                platform: string;
                /** Format: uri */
                url: string;
            }[];
            /** @description The user's categories (set by PATCH categoryIds) */
            interests: components["schemas"]["Category"][];
        };
        Wallet: {
            /** @description EVM address, lowercase */
            address: string;
            /**
             * @description EMBEDDED (wallet provider, user-controlled), SERVER (platform-managed), EXTERNAL (self-custodied)
             * @enum {string}
             */
            type: "EMBEDDED" | "SERVER" | "EXTERNAL";
            /** @description 8453 for Base mainnet */
            chainId: number;
            createdAt: string;
        };
        Category: {
            id: number;
            name: string;
        };
        Creator: {
            id: string;
            slug: string;
            displayName: string;
            description: string;
            avatarUrl: string | null;
            /** @description Storefront banner */
            heroUrl: string | null;
            /** @description Default shipping rate in cents (0 = none): quoted as rate `flat`, and the fee of an order paid without a chosen rate */
            flatShippingRate: number;
            socialProfiles: {
                platform: string;
                /** Format: uri */
                url: string;
            }[];
            createdAt: string;
            organizationId: string;
            /**
             * @description SELF: only points earned with this creator are accepted; ALL: organization-wide points too
             * @enum {string}
             */
            pointsAccepted: "SELF" | "ALL";
            /** @description Points earned per whole dollar of point-eligible purchases */
            pointsPerDollar: number;
            categories: components["schemas"]["Category"][];
            owners: components["schemas"]["CreatorOwner"][];
            updatedAt: string;
        };
        CreatorOwner: {
            userId: string;
            username: string | null;
            /** @description When the user became an owner */
            since: string;
        };
        /** @description The address saved by the last shipping quote */
        ShippingAddress: {
            firstName?: string;
            lastName?: string;
            line1: string;
            line2?: string | null;
            city: string;
            state: string;
            postalCode: string;
            countryCode: string;
        };
        /** @description The recorded wallet with its on-chain balances */
        WalletDetail: {
            /** @description EVM address, lowercase */
            address: string;
            /**
             * @description EMBEDDED (wallet provider, user-controlled), SERVER (platform-managed), EXTERNAL (self-custodied)
             * @enum {string}
             */
            type: "EMBEDDED" | "SERVER" | "EXTERNAL";
            /** @description 8453 for Base mainnet */
            chainId: number;
            createdAt: string;
            /** @description The wallet provider's id of an EMBEDDED wallet; null otherwise */
            walletId: string | null;
            /** @description Read live from the chain */
            balances: {
                usdc: {
                    /** @description Smallest unit (uint256 as a decimal string) */
                    amount: string;
                    decimals: number;
                    tokenAddress: string;
                };
                /** @description ETH on Base, in wei */
                native: {
                    /** @description Smallest unit (uint256 as a decimal string) */
                    amount: string;
                    decimals: number;
                };
            };
        };
        Follow: {
            /** @description The following user */
            followerId: string;
            /** @description The followed user or creator */
            followingId: string;
            /** @enum {string} */
            followingType: "USER" | "CREATOR";
            /** @description When the follow started (the first time, for a repeated follow) */
            createdAt: string;
        };
        PublicCreator: {
            id: string;
            slug: string;
            displayName: string;
            description: string;
            avatarUrl: string | null;
            /** @description Storefront banner */
            heroUrl: string | null;
            /** @description Default shipping rate in cents (0 = none): quoted as rate `flat`, and the fee of an order paid without a chosen rate */
            flatShippingRate: number;
            socialProfiles: {
                platform: string;
                /** Format: uri */
                url: string;
            }[];
            createdAt: string;
        };
        Count: {
            count: number;
        };
        Notification: {
            id: string;
            /**
             * @description Who receives it: a USER or a CREATOR
             * @enum {string}
             */
            recipientType: "USER" | "CREATOR";
            recipientId: string;
            /** @description What happened, e.g. `follow`, `new-follower`, `product-published` */
            type: string;
            title: string;
            body: string | null;
            /** @description Ids and facts about the cause, by type */
            data: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "UNREAD" | "READ";
            createdAt: string;
            readAt: string | null;
        };
        ChatChannel: {
            /** @description Our record of the channel */
            id: string;
            /** @description The channel's id at the chat provider */
            channelId: string;
            /** @description The two parties, the calling side first */
            members: {
                /** @enum {string} */
                type: "User" | "Creator";
                id: string;
            }[];
            /** @description Chat token the calling side connects with: the user's on /user/{id}/chat, the creator's on /creator/id/{creatorId}/chat */
            token: string;
            createdAt: string;
        };
        CreatorAvailability: {
            slug: {
                /** @description The slug as it would be stored (normalised) */
                value: string;
                available: boolean;
                /**
                 * @description Present when not available: taken by another creator, a reserved word, or badly formed
                 * @enum {string}
                 */
                reason?: "taken" | "reserved" | "invalid";
                /** @description Human-readable explanation when not available */
                message?: string;
            };
            displayName: {
                /** @description The display name as it would be stored (normalised) */
                value: string;
                available: boolean;
                /**
                 * @description Present when not available: taken by another creator, a reserved word, or badly formed
                 * @enum {string}
                 */
                reason?: "taken" | "reserved" | "invalid";
                /** @description Human-readable explanation when not available */
                message?: string;
            };
            /** @description Both the slug and the display name can be used */
            available: boolean;
        };
        CreatorPublicStats: {
            creatorId: string;
            slug: string;
            followerCount: number;
            /** @description Published products */
            productCount: number;
            /** @description Paid orders (PAID, PROCESSING, SHIPPED or DELIVERED) */
            orderCount: number;
            /** @description Units sold in paid orders */
            itemsSold: number;
            /** @description Distinct buyers of paid orders (users and guests) */
            customerCount: number;
            createdAt: string;
        };
        CreatorDashboard: {
            creatorId: string;
            /** @constant */
            currency: "usd";
            /** @description Length of the recent window the *Last30Days fields cover */
            periodDays: number;
            followerCount: number;
            newFollowersLast30Days: number;
            publishedProductCount: number;
            draftProductCount: number;
            archivedProductCount: number;
            /** @description Orders in PAID, PROCESSING, SHIPPED or DELIVERED */
            paidOrderCount: number;
            paidOrdersLast30Days: number;
            /** @description Units in paid orders */
            itemsSold: number;
            /** @description Unit price x quantity over paid orders' items */
            grossSalesCents: number;
            /** @description What buyers were charged for paid orders (after discounts and points, shipping included) */
            revenueCents: number;
            revenueLast30DaysCents: number;
            /** @description revenueCents / paidOrderCount, rounded; 0 without orders */
            averageOrderValueCents: number;
            /** @description Distinct buyers (users, and guests by e-mail) */
            customerCount: number;
            generatedAt: string;
        };
        CreatorFans: {
            creatorId: string;
            followerCount: number;
            /** @description Distinct buyers of paid orders (users, and guests by e-mail) */
            customerCount: number;
            /** @description Buyers with two or more paid orders */
            repeatCustomerCount: number;
            /** @description repeatCustomerCount / customerCount (0-1, 4 decimals); 0 without buyers */
            repeatCustomerRate: number;
            /** @description Followers who bought at least once */
            followerCustomerCount: number;
            /** @description followerCustomerCount / followerCount (0-1, 4 decimals); 0 without followers */
            followerConversionRate: number;
            /** @description Revenue / customerCount, rounded */
            averageSpendPerCustomerCents: number;
            /** @description Registered buyers by spend, then order count, then earliest first order */
            topFans: components["schemas"]["TopFan"][];
            generatedAt: string;
        };
        TopFan: {
            user: components["schemas"]["UserSummary"];
            orderCount: number;
            /** @description What this user was charged for paid orders of this creator */
            spentCents: number;
            firstOrderAt: string;
            lastOrderAt: string;
            isFollower: boolean;
            followedAt: string | null;
        };
        UserSummary: {
            id: string;
            username: string | null;
            avatarUrl: string | null;
        };
        CreatorFollower: {
            user: components["schemas"]["UserSummary"];
            followedAt: string;
        };
        CreatorFollowerCount: {
            creatorId: string;
            count: number;
        };
        TopFollower: {
            /** @description 1 = the follower who spent most with this creator */
            rank: number;
            user: components["schemas"]["UserSummary"];
            followedAt: string;
        };
        CreatorFollowerGrowth: {
            creatorId: string;
            days: number;
            /** @description First UTC day of the window, YYYY-MM-DD */
            from: string;
            /** @description Last UTC day of the window (today), YYYY-MM-DD */
            to: string;
            /** @description Followers before the window */
            startingTotal: number;
            /** @description Followers gained in the window */
            newFollowers: number;
            /** @description Followers at the end of the window */
            total: number;
            /** @description One entry per day, oldest first, days without follows included */
            points: components["schemas"]["FollowerGrowthPoint"][];
        };
        FollowerGrowthPoint: {
            /** @description UTC day, YYYY-MM-DD */
            date: string;
            newFollowers: number;
            /** @description Followers at the end of that day */
            total: number;
        };
        CreatorGroupWithMembers: {
            id: string;
            creatorId: string;
            groupName: string;
            /** @enum {string} */
            groupType: "MANUAL";
            memberCount: number;
            createdAt: string;
            members: components["schemas"]["UserSummary"][];
        };
        CreatorGroup: {
            id: string;
            creatorId: string;
            groupName: string;
            /** @enum {string} */
            groupType: "MANUAL";
            memberCount: number;
            createdAt: string;
        };
        CategoryDetails: {
            id: number;
            name: string;
            /** @description URL-friendly name */
            slug: string;
            /** @description Published products in this category in the caller's organization */
            productCount: number;
            /** @description Creators in this category in the caller's organization */
            creatorCount: number;
        };
        Product: {
            id: string;
            creatorId: string;
            name: string;
            slug: string;
            description: string;
            /** @description Price in cents */
            price: number;
            /** @description ISO 4217 code, lowercase (usd) */
            currency: string;
            /**
             * @description DRAFT -> PUBLISHED -> ARCHIVED -> DRAFT (restore); purge deletes
             * @enum {string}
             */
            status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
            /** @description Purchases of this product earn the creator's points */
            pointEligible: boolean;
            images: string[];
            categoryId: number | null;
            /** @description At least one; ordered by position */
            variants: components["schemas"]["ProductVariant"][];
            /** @description Sum of the variants' stock; null when any variant is untracked (stock null): it never runs out */
            totalStock: number | null;
            /** @description When it was last published; null while not published */
            publishedAt: string | null;
            archivedAt: string | null;
            createdAt: string;
            updatedAt: string;
        };
        ProductVariant: {
            id: string;
            name: string;
            sku: string | null;
            attributes: {
                [key: string]: string;
            };
            /** @description Price override in cents; null = the product's price */
            price: number | null;
            /** @description Units available to new orders (held units excluded); null = stock is not tracked and the variant never runs out */
            stock: number | null;
            /** @description Exactly one variant of a product is the default one */
            isDefault: boolean;
        };
        ProductSales: {
            productId: string;
            /** @description Current name, or the order items' snapshot for a purged product */
            name: string;
            slug: string;
            /** @description null when the product was purged */
            status: ("DRAFT" | "PUBLISHED" | "ARCHIVED") | null;
            /** @description Units in counted orders (PAID, PROCESSING, SHIPPED, DELIVERED) */
            unitsSold: number;
            /** @description Sum of quantity x unit price in cents (before discounts and points) */
            revenue: number;
            /** @description Distinct counted orders containing it */
            orderCount: number;
        };
        ProductsAnalytics: {
            currency: string;
            /** @description Products by status */
            products: {
                total: number;
                DRAFT: number;
                PUBLISHED: number;
                ARCHIVED: number;
            };
            /** @description Units in counted orders (PAID, PROCESSING, SHIPPED, DELIVERED) */
            unitsSold: number;
            /** @description Sum of quantity x unit price in cents (before discounts and points) */
            revenue: number;
            /** @description Counted orders of the creator */
            orderCount: number;
            /** @description revenue / orderCount in cents, rounded; 0 with no orders */
            averageOrderValue: number;
            /** @description Up to 5 products by revenue, then units */
            topProducts: components["schemas"]["ProductSales"][];
        };
        ProductAnalytics: {
            productId: string;
            name: string;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
            currency: string;
            /** @description Units in counted orders (PAID, PROCESSING, SHIPPED, DELIVERED) */
            unitsSold: number;
            /** @description Sum of quantity x unit price in cents (before discounts and points) */
            revenue: number;
            /** @description Distinct counted orders containing it */
            orderCount: number;
            /** @description This product's revenue / orderCount, rounded */
            averageOrderValue: number;
            variants: components["schemas"]["ProductVariantSales"][];
            /** @description The last 30 UTC days, oldest first, zero-filled */
            daily: components["schemas"]["DailySales"][];
        };
        ProductVariantSales: {
            /** @description null for order items that named no variant */
            variantId: string | null;
            /** @description null when the variant no longer exists */
            name: string | null;
            /** @description Units in counted orders (PAID, PROCESSING, SHIPPED, DELIVERED) */
            unitsSold: number;
            /** @description Sum of quantity x unit price in cents (before discounts and points) */
            revenue: number;
            /** @description Distinct counted orders containing it */
            orderCount: number;
        };
        DailySales: {
            /** @description UTC day, YYYY-MM-DD (orders by paidAt, else createdAt) */
            date: string;
            /** @description Units in counted orders (PAID, PROCESSING, SHIPPED, DELIVERED) */
            unitsSold: number;
            /** @description Sum of quantity x unit price in cents (before discounts and points) */
            revenue: number;
            /** @description Distinct counted orders containing it */
            orderCount: number;
        };
        /** @description A creator's connection to a store on the storefront platform. Secrets are never returned. */
        StorefrontConnection: {
            id: string;
            creatorId: string;
            shopDomain: string;
            /** @description Whether an admin API token is stored (the sync needs one) */
            hasAccessToken: boolean;
            /** @description Products currently linked to the store */
            productCount: number;
            createdAt: string;
        };
        StorefrontSyncAccepted: {
            /** @description The queued `storefront-products-sync` job */
            jobId: string;
            connectionId: string;
        };
        Order: {
            id: string;
            /** @enum {string} */
            status: "OPEN" | "PAYMENT_PENDING" | "PAID" | "PAYMENT_FAILED" | "PROCESSING" | "SHIPPED" | "DELIVERED";
            /** @enum {string} */
            shippingStatus: "PENDING" | "PROCESSING" | "LABEL_CREATED" | "SHIPPED" | "IN_TRANSIT" | "DELIVERED" | "RETURNED";
            /** @description Points applied as a discount */
            points: number;
            /** @description Cents: the chosen rate's fee (0 until a quote or a payment sets it; see amounts.shippingFee) */
            shippingFee: number;
            /** @description Carrier tracking data */
            shippingInfo: {
                [key: string]: unknown;
            } | null;
            items: components["schemas"]["OrderItem"][];
            createdAt: string;
            /** @description Null for guest orders */
            userId: string | null;
            guestEmail: string | null;
            /** @description The creator whose products the order holds (one per order) */
            creatorId: string | null;
            /** @description Cents taken off by the applied discount code */
            discount: number;
            discountCodeId: string | null;
            shippingAddress: components["schemas"]["ShippingAddress"] | null;
            amounts: components["schemas"]["OrderAmounts"];
            payment: components["schemas"]["OrderPayment"];
            updatedAt: string;
        };
        OrderItem: {
            id: number;
            productId: string;
            /** @description Extension: the chosen variant */
            variantId: string | null;
            /** @description Snapshot at the time it was added */
            productName: string;
            productSlug: string;
            quantity: number;
            /** @description Unit price in cents, snapshotted when added */
            price: number;
            selectedAttributes: {
                [key: string]: string;
            };
        };
        OrderAmounts: {
            /** @description Items x quantity, cents */
            subtotal: number;
            /** @description Discount code value, cents */
            discount: number;
            /** @description points x the organization's pointValueCents */
            pointsValue: number;
            /** @description Cents. Until a rate is chosen (quote or payment), the creator's flatShippingRate when it has one */
            shippingFee: number;
            /** @description subtotal - discount - pointsValue + shippingFee, never below 0: the amount due */
            total: number;
        };
        OrderPayment: {
            /** @description REWARD: a FREE_PRODUCT reward's zero-cost order */
            method: ("CARD" | "X402" | "EMBEDDED_WALLET" | "CRYPTO_COMMERCE" | "POINTS" | "REWARD") | null;
            paidAt: string | null;
            /** @description Cents actually charged, fixed at PAID */
            amountPaid: number | null;
            /** @description The latest card payment intent of the order */
            cardPaymentIntent: {
                id: string;
                status: string;
                amount: number;
            } | null;
        };
        DiscountCode: {
            id: string;
            creatorId: string;
            /** @description Stored and matched upper case */
            code: string;
            /** @enum {string} */
            kind: "PERCENT" | "FIXED";
            /** @description PERCENT: 1-100; FIXED: cents */
            value: number;
            expiresAt: string | null;
            /** @description Orders that may use it; null = unlimited */
            usageLimit: number | null;
            usedCount: number;
            disabledAt: string | null;
            /** @description Not disabled, not expired, not used up */
            active: boolean;
            createdAt: string;
        };
        ShippingQuote: {
            rates: components["schemas"]["ShippingRate"][];
            selectedRate: components["schemas"]["ShippingRate"];
            /** @description The order's shipping fee now (the selected rate) */
            shippingFee: number;
            amounts: components["schemas"]["OrderAmounts"];
            order: components["schemas"]["Order"];
        };
        ShippingRate: {
            /** @description Pass as rateId to choose this rate */
            id: string;
            carrier: string;
            service: string;
            /** @description Cents */
            amount: number;
            currency: string;
            estimatedDays: number | null;
        };
        ShippingLabelResult: {
            label: components["schemas"]["ShippingLabel"];
            order: components["schemas"]["Order"];
        };
        ShippingLabel: {
            labelId: string;
            carrier: string;
            service: string;
            trackingNumber: string;
            trackingUrl: string | null;
            labelUrl: string;
            /** @description ISO 8601 */
            createdAt: string;
        };
        Airdrop: {
            id: string;
            organizationId: string;
            airdropDate: string;
            /** @enum {string} */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            /** @enum {string} */
            source: "CONDITIONS" | "GROUP" | "LIST";
            groupId: string | null;
            /** @description Users the airdrop is for: an estimate while PENDING, fixed once the recipients are resolved */
            eligible: number;
            /** @description Recipients holding their token (as of the monitor's last run) */
            minted: number;
            /** @description Recipients whose mint failed for good */
            failed: number;
            /** @description Recipients left out: no wallet, or the reward's conditions not met */
            skipped: number;
            /** @description Why the airdrop FAILED as a whole, when it did */
            error: string | null;
            createdAt: string;
            finishedAt: string | null;
            nftReward: {
                id: string;
                contract: {
                    name: string | null;
                    proxyAddress: string | null;
                };
            };
        };
        AirdropDelivery: {
            userId: string;
            walletAddress: string;
            /** @description Decimal uint256 */
            tokenId: string;
            /** @description The mint's transaction; null when the token was found on chain */
            txHash: string | null;
            deliveredAt: string;
        };
        AirdropRedemptionTracking: {
            airdropId: string;
            /** @description Tokens the airdrop delivered */
            delivered: number;
            /** @description Of those, tokens redeemed */
            redeemed: number;
            /** @description redeemed / delivered, 0 when nothing was delivered */
            redemptionRate: number;
        };
        CampaignParticipation: {
            campaignId: string;
            /** @enum {string} */
            type: "SWIPE" | "MULTIVARIANT" | "SURVEY" | "UGC";
            userId: string;
            /** @description The user's journey through the campaign (one per user) */
            journeyId: string;
            /** @description The user's accepted submissions to this campaign, this one included */
            participations: number;
            /** @description Submissions the campaign's rateLimit still allows the user; null = unlimited */
            remainingParticipations: number | null;
            /** @description Rows this submission stored: votes (one per option), responses, 1 swipe or 1 UGC post */
            recorded: number;
            /** @description Whether the journey is complete (see docs/campaigns.md for each type) */
            completed: boolean;
            completedAt: string | null;
            /** @description Points this submission earned: the campaign's reward points when it completed the journey */
            pointsAwarded: number;
            /** @description Points the journey has earned in all */
            journeyPoints: number;
            /** @description The journey's CAMPAIGN point transaction */
            pointTransactionId: number | null;
            /** @description The journey completed after the campaign's reward maxSupply was reached: no points */
            rewardSupplyExhausted: boolean;
            /** @description The linked reward token of a completed journey; null when none is linked or not complete */
            grant: {
                /** @enum {string} */
                status: "QUEUED" | "WALLET_REQUIRED" | "DEFERRED";
                mintId: string | null;
                note: string | null;
            } | null;
        };
        NftCollectionItem: {
            /** @description base or base-sepolia: the {network} of the token routes */
            network: string;
            chainId: number;
            /** @description The programme's contract (proxyAddress) */
            contractAddress: string;
            /** @description Decimal uint256 */
            tokenId: string;
            /** @description The user's wallet holding the token now (redeemed: the one that held it at redemption) */
            walletAddress: string;
            rewardId: string;
            /** @enum {string} */
            rewardType: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            /**
             * @description A DISABLED programme's minted tokens stay redeemable
             * @enum {string}
             */
            rewardStatus: "DRAFT" | "PUBLISHED" | "DISABLED";
            creatorId: string;
            name: string | null;
            imageUrl: string | null;
            /** @description Points it costs to redeem the token now */
            pointCost: number;
            /** @description When the mint to the user completed (null on /nfts/redeemed) */
            mintedAt: string | null;
            /** @description The token's redemption, if any */
            redemption: {
                id: string;
                /** @enum {string} */
                status: "PROCESSING" | "REDEEMED" | "FAILED";
                redeemedAt: string | null;
            } | null;
        };
        PointBalances: {
            /** @description Sum over all scopes (organization-wide and every creator) */
            balance: number;
            creatorBalances: {
                creatorId: string;
                balance: number;
            }[];
        };
        PointTransaction: {
            id: number;
            userId: string;
            /** @description Positive = earn, negative = spend */
            amount: number;
            /** @enum {string} */
            type: "API" | "CAMPAIGN" | "PURCHASE" | "NFT_REDEMPTION" | "PRESALE";
            /** @description Null = organization-wide points */
            creatorId: string | null;
            createdAt: string;
            organizationId: string;
            /** @description API transactions: stored verbatim */
            details?: {
                [key: string]: unknown;
            };
            /** @description PURCHASE transactions: the order */
            orderId?: string;
            /** @description CAMPAIGN transactions: the completed campaign journey */
            journeyId?: string;
            /** @description CAMPAIGN transactions: the campaign */
            campaignId?: string;
        };
        PointHistory: {
            data: components["schemas"]["PointTransaction"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
            };
        };
        OrderPoints: {
            orderId: string;
            /**
             * @description The order's status
             * @enum {string}
             */
            status: "OPEN" | "PAYMENT_PENDING" | "PAID" | "PAYMENT_FAILED" | "PROCESSING" | "SHIPPED" | "DELIVERED";
            /** @description Points applied to the order */
            points: number;
            /** @description Points held for the order now (deducted, revertible) */
            reserved: number;
            /** @description Points spent on the order for good */
            finalized: number;
        };
        TokenPresale: {
            id: string;
            organizationId: string;
            creatorId: string;
            rewardId: string;
            title: string;
            description: string | null;
            /** @enum {string} */
            priceCurrency: "POINTS" | "USDC";
            pricePoints: number | null;
            /** @description USDC atomic units, as a string */
            priceAtomic: string | null;
            cap: number;
            sold: number;
            remaining: number;
            startsAt: string;
            endsAt: string;
            /**
             * @description DRAFT (before startsAt), ACTIVE (on sale), ENDED (closed at endsAt), CANCELED
             * @enum {string}
             */
            status: "DRAFT" | "ACTIVE" | "ENDED" | "CANCELED";
            /** @enum {string} */
            distribution: "AT_END" | "IMMEDIATE";
            endedAt: string | null;
            createdAt: string;
            updatedAt: string;
        };
        PresalePurchase: {
            id: string;
            organizationId: string;
            presaleId: string;
            rewardId: string;
            userId: string;
            /**
             * @description PAID (points taken), DISTRIBUTED (token mint queued: mintId), FAILED (could not be granted: refunded), REFUNDED (presale canceled)
             * @enum {string}
             */
            status: "PAID" | "DISTRIBUTED" | "FAILED" | "REFUNDED";
            pricePoints: number;
            pointTransactionId: number | null;
            refundTransactionId: number | null;
            /** @description The queued mint (see the reward's mints) once DISTRIBUTED */
            mintId: string | null;
            failure: string | null;
            processedAt: string | null;
            createdAt: string;
            updatedAt: string;
        };
        NftRedemptionStatus: {
            /**
             * @description NOT_REDEEMED: the user has no redemption of this token; PROCESSING: claimed, its effect running (or interrupted: redeem again to complete it); REDEEMED; FAILED: the effect was refused, the point cost refunded, the token redeemable again
             * @enum {string}
             */
            status: "NOT_REDEEMED" | "PROCESSING" | "REDEEMED" | "FAILED";
            redemptionId: string | null;
            redeemedAt: string | null;
            rewardId: string;
            /** @enum {string} */
            rewardType: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            /** @description What the effect produced: POINTS {points, pointTransactionId}; EVENT_PASS {pass, eventName, eventDate}; EXCLUSIVE_ACCESS {unlock}; FREE_PRODUCT {productId, orderId}; DISCOUNT_CODE {code, percentOff}; CUSTOM_REWARD {webhook} */
            rewardDetails: {
                [key: string]: unknown;
            } | null;
            /** @description Points the redemption deducted (0 before one) */
            pointCost: number;
            /** @description Why the effect failed (FAILED) or was interrupted (PROCESSING) */
            message: string | null;
            network: string;
            chainId: number;
            contractAddress: string;
            tokenId: string;
        };
        NftRedemption: {
            /**
             * @description NOT_REDEEMED: the user has no redemption of this token; PROCESSING: claimed, its effect running (or interrupted: redeem again to complete it); REDEEMED; FAILED: the effect was refused, the point cost refunded, the token redeemable again
             * @enum {string}
             */
            status: "NOT_REDEEMED" | "PROCESSING" | "REDEEMED" | "FAILED";
            redemptionId: string | null;
            redeemedAt: string | null;
            rewardId: string;
            /** @enum {string} */
            rewardType: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            /** @description What the effect produced: POINTS {points, pointTransactionId}; EVENT_PASS {pass, eventName, eventDate}; EXCLUSIVE_ACCESS {unlock}; FREE_PRODUCT {productId, orderId}; DISCOUNT_CODE {code, percentOff}; CUSTOM_REWARD {webhook} */
            rewardDetails: {
                [key: string]: unknown;
            } | null;
            /** @description Points the redemption deducted (0 before one) */
            pointCost: number;
            /** @description Why the effect failed (FAILED) or was interrupted (PROCESSING) */
            message: string | null;
            network: string;
            chainId: number;
            contractAddress: string;
            tokenId: string;
            userId: string;
            /** @description The user's wallet that held the token when it was redeemed */
            walletAddress: string;
            createdAt: string;
        };
        EventPassVerification: {
            valid: boolean;
            /** @description Why the pass is not valid (null when it is) */
            reason: ("malformed" | "bad_signature" | "other_reward" | "not_redeemed") | null;
            redemptionId: string | null;
            /** @description The user the pass was issued to */
            holder: string | null;
            eventName: string | null;
            eventDate: string | null;
            redeemedAt: string | null;
        };
        NftReward: {
            id: string;
            organizationId: string;
            /** @enum {string} */
            type: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            creatorId: string;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "DISABLED";
            source: string | null;
            airdropId: string | null;
            createdAt: string;
            publishedAt: string | null;
            contractId: number;
            airdrop: null;
            pointsRewardDetails: {
                id: number;
                organizationId: string;
                rewardId: string;
                points: number;
                moreInfo: string | null;
            } | null;
            genericRewardDetails: {
                [key: string]: unknown;
            } | null;
            customRewardDetails: {
                [key: string]: unknown;
            } | null;
            conditions: {
                id: number;
                organizationId: string;
                /** @enum {string} */
                type: "FANS" | "GROUP" | "POINTS_AT_LEAST";
                nftRewardId: string;
                parameters: string[];
            }[];
            contract: components["schemas"]["RewardContract"];
        };
        RewardContract: {
            id: number;
            organizationId: string;
            name: string | null;
            symbol: string | null;
            /** @description The programme's clone; null until published */
            proxyAddress: string | null;
            /** @description The TallyReward implementation; null until published */
            implementationAddress: string | null;
            metadataIpfsHash: string | null;
            maxSupply: number;
            transferable: boolean;
            points: number;
            /** @description The chain it is deployed on; null until published */
            chainId: number | null;
            createdAt: string;
            updatedAt: string | null;
            abiId: null;
            /** @description When the contract-monitor job last read the deployed contract */
            checkedAt: string | null;
            /** @description What the contract-monitor job found wrong with the deployed contract; null = as deployed */
            drift: string | null;
            metadata: {
                description: string | null;
                externalUrl: string | null;
                imageUrl: string | null;
                animationUrl: string | null;
            };
        };
        RewardGrant: {
            /**
             * @description BROADCASTED once the mint is sent; QUEUED until the mint-queue job sends it; ERROR after a failed attempt
             * @enum {string}
             */
            status: "BROADCASTED" | "QUEUED" | "ERROR";
            txHash: string | null;
            chainId: number;
            mint: components["schemas"]["RewardMint"];
        };
        RewardMint: {
            id: string;
            organizationId: string;
            rewardId: string;
            userId: string;
            walletAddress: string;
            /** @enum {string} */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "ERROR";
            chainId: number;
            txHash: string | null;
            /** @description Decimal uint256, from the mint's Transfer log; null until COMPLETED */
            tokenId: string | null;
            /** @description Why the last attempt failed (status ERROR) */
            error: string | null;
            attempts: number;
            createdAt: string;
            updatedAt: string | null;
        };
        EarnedReward: {
            /** @description The mint's id */
            id: string;
            rewardId: string;
            rewardName: string | null;
            /** @enum {string} */
            rewardType: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            userId: string;
            walletAddress: string;
            chainId: number;
            contractAddress: string | null;
            /** @description Decimal uint256 */
            tokenId: string;
            txHash: string | null;
            /** @description When the mint was recorded COMPLETED */
            mintedAt: string;
        };
        ManagedCollectible: {
            rewardId: string;
            /** @enum {string} */
            type: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "DISABLED";
            name: string | null;
            symbol: string | null;
            imageUrl: string | null;
            chainId: number | null;
            /** @description The programme's clone; null until published */
            contractAddress: string | null;
            implementationAddress: string | null;
            /** @description 0 = unlimited */
            maxSupply: number;
            /** @description maxSupply minus minted and pending; null when unlimited */
            supplyLeft: number | null;
            transferable: boolean;
            /** @description Points it costs to redeem a token */
            points: number;
            /** @description Mints COMPLETED (tokens on chain) */
            minted: number;
            /** @description Mints PENDING or PROCESSING */
            pending: number;
            /** @description When the contract-monitor job last read the contract */
            contractCheckedAt: string | null;
            /** @description What the contract-monitor found wrong; null = as deployed */
            contractDrift: string | null;
            publishedAt: string | null;
        };
        RewardsDashboard: {
            programmes: {
                rewardId: string;
                name: string | null;
                /** @enum {string} */
                type: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
                /** @enum {string} */
                status: "DRAFT" | "PUBLISHED" | "DISABLED";
                /** @description Mints COMPLETED (tokens on chain) */
                minted: number;
                /** @description Mints PENDING or PROCESSING */
                pending: number;
                /** @description Mints in ERROR (retried by the mint-queue job) */
                errors: number;
                /** @description Distinct users a token was minted to */
                holders: number;
            }[];
            totals: {
                programmes: number;
                published: number;
                /** @description Mints COMPLETED (tokens on chain) */
                minted: number;
                /** @description Mints PENDING or PROCESSING */
                pending: number;
                errors: number;
                /** @description Distinct users holding a token of any of the creator's programmes */
                holders: number;
            };
        };
        PublicCollectible: {
            rewardId: string;
            /** @enum {string} */
            type: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            name: string | null;
            symbol: string | null;
            description: string | null;
            imageUrl: string | null;
            animationUrl: string | null;
            externalUrl: string | null;
            chainId: number;
            contractAddress: string;
            /** @description 0 = unlimited */
            maxSupply: number;
            minted: number;
            /** @description null when unlimited */
            supplyLeft: number | null;
            transferable: boolean;
            /** @description Points it costs to redeem a token */
            points: number;
            publishedAt: string | null;
        };
        CollectibleMetadata: {
            rewardId: string;
            chainId: number;
            contractAddress: string;
            /** @description The contract's tokenURI for token {tokenId}: this template with the id */
            tokenURI: string;
            contractURI: string;
            /** @description Every token's document, its name without the token number */
            metadata: components["schemas"]["RewardTokenMetadata"];
            contractMetadata: components["schemas"]["RewardContractMetadata"];
        };
        /** @description ERC-721 metadata JSON (the tokenURI document) */
        RewardTokenMetadata: {
            name: string;
            description: string;
            image?: string;
            animation_url?: string;
            external_url?: string;
            attributes: {
                trait_type: string;
                value: string | number | boolean;
            }[];
        };
        /** @description ERC-7572 contract metadata (the contractURI document) */
        RewardContractMetadata: {
            name: string;
            symbol: string;
            description: string;
            image?: string;
            external_link?: string;
        };
        PublicReward: {
            id: string;
            /** @enum {string} */
            type: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS";
            name: string | null;
            description: string | null;
            imageUrl: string | null;
            animationUrl: string | null;
            /** @description Points it costs to redeem a token */
            points: number;
            maxSupply: number;
            minted: number;
            supplyLeft: number | null;
            transferable: boolean;
            chainId: number;
            contractAddress: string;
            /** @description What the reward gives, as a fan may see it: POINTS {points, moreInfo}; FREE_PRODUCT {productId}; DISCOUNT_CODE {percentOff}; EVENT_PASS {eventName, eventDate}; EXCLUSIVE_ACCESS {contentDescription}; CUSTOM_REWARD {moreInfo} (never its webhook) */
            details: {
                [key: string]: unknown;
            };
            conditions: {
                type: string;
                parameters: string[];
            }[];
            publishedAt: string | null;
        };
        RewardWebhook: {
            rewardId: string;
            /** @description customRewardDetails.webhookUrl; null until set */
            webhookUrl: string | null;
            /** @description The key every webhook of this reward is signed with (made when first read or needed) */
            signingSecret: string;
            /** @description HMAC-SHA256 with signingSecret (as UTF-8) over '<X-Signature-Timestamp>.<raw body>', hex, in X-Signature; X-Signature-Timestamp is unix seconds */
            signatureScheme: string;
        };
        RewardWebhookDelivery: {
            /** @description Sent as X-Delivery-Id: the same on every attempt of one delivery */
            id: string;
            rewardId: string;
            redemptionId: string;
            url: string;
            /**
             * @description QUEUED (waiting for an attempt or a retry), DELIVERED (a 2xx answer), FAILED (every attempt failed; dead-lettered), REFUSED (a private, loopback or metadata address; never retried)
             * @enum {string}
             */
            status: "QUEUED" | "DELIVERED" | "FAILED" | "REFUSED";
            attempts: number;
            /** @description HTTP status of the last answer */
            lastResponseStatus: number | null;
            lastError: string | null;
            lastAttemptAt: string | null;
            deliveredAt: string | null;
            /** @description The JSON body every attempt sends */
            payload: {
                [key: string]: unknown;
            };
            createdAt: string;
            updatedAt: string;
        };
        CheckoutResult: {
            /** @description The processor's payment intent id; null when points paid it all */
            paymentIntentId: string | null;
            /** @description Same as paymentIntentId (the spec's name) */
            intentId: string | null;
            /** @description For the processor's client library to confirm the payment; null when nothing is due */
            clientSecret: string | null;
            /** @description The intent's processor status (`succeeded` when points paid it all) */
            status: string;
            /** @description Cents to pay by card: the order total */
            amount: number;
            /** @enum {string} */
            orderStatus: "PAYMENT_PENDING" | "PAID";
            /** @description A new intent was created (first checkout, points changed, or a retry) */
            created: boolean;
        };
        PaymentFailedResult: {
            orderId: string;
            /** @description The order's status after the notice */
            status: string;
            canceledIntentId: string | null;
            /** @description false when the order was not PAYMENT_PENDING (e.g. already PAID) */
            changed: boolean;
        };
        CryptoCommerceCheckoutResult: {
            id: string;
            /** @enum {string} */
            status: "OPEN" | "PAYMENT_PENDING" | "PAID" | "PAYMENT_FAILED" | "PROCESSING" | "SHIPPED" | "DELIVERED";
            /** @enum {string} */
            shippingStatus: "PENDING" | "PROCESSING" | "LABEL_CREATED" | "SHIPPED" | "IN_TRANSIT" | "DELIVERED" | "RETURNED";
            /** @description Points applied as a discount */
            points: number;
            /** @description Cents: the chosen rate's fee (0 until a quote or a payment sets it; see amounts.shippingFee) */
            shippingFee: number;
            /** @description Carrier tracking data */
            shippingInfo: {
                [key: string]: unknown;
            } | null;
            items: components["schemas"]["OrderItem"][];
            createdAt: string;
            /** @description Null for guest orders */
            userId: string | null;
            guestEmail: string | null;
            /** @description The creator whose products the order holds (one per order) */
            creatorId: string | null;
            /** @description Cents taken off by the applied discount code */
            discount: number;
            discountCodeId: string | null;
            shippingAddress: components["schemas"]["ShippingAddress"] | null;
            amounts: components["schemas"]["OrderAmounts"];
            payment: components["schemas"]["OrderPayment"];
            updatedAt: string;
            cryptoCommercePayment: components["schemas"]["CryptoCommercePayment"];
        };
        CryptoCommercePayment: {
            id: string;
            orderId: string;
            /** @description The provider's charge id */
            chargeId: string;
            /** @description Cents */
            amount: number;
            /**
             * @description COMPLETED once the provider reports the charge paid (at checkout or by the poll job); PENDING until then; FAILED when the charge expired unpaid (the order became PAYMENT_FAILED)
             * @enum {string}
             */
            status: "PENDING" | "COMPLETED" | "FAILED";
            createdAt: string;
            completedAt: string | null;
        };
        EmbeddedWalletCheckoutResult: {
            id: string;
            /** @enum {string} */
            status: "OPEN" | "PAYMENT_PENDING" | "PAID" | "PAYMENT_FAILED" | "PROCESSING" | "SHIPPED" | "DELIVERED";
            /** @enum {string} */
            shippingStatus: "PENDING" | "PROCESSING" | "LABEL_CREATED" | "SHIPPED" | "IN_TRANSIT" | "DELIVERED" | "RETURNED";
            /** @description Points applied as a discount */
            points: number;
            /** @description Cents: the chosen rate's fee (0 until a quote or a payment sets it; see amounts.shippingFee) */
            shippingFee: number;
            /** @description Carrier tracking data */
            shippingInfo: {
                [key: string]: unknown;
            } | null;
            items: components["schemas"]["OrderItem"][];
            createdAt: string;
            /** @description Null for guest orders */
            userId: string | null;
            guestEmail: string | null;
            /** @description The creator whose products the order holds (one per order) */
            creatorId: string | null;
            /** @description Cents taken off by the applied discount code */
            discount: number;
            discountCodeId: string | null;
            shippingAddress: components["schemas"]["ShippingAddress"] | null;
            amounts: components["schemas"]["OrderAmounts"];
            payment: components["schemas"]["OrderPayment"];
            updatedAt: string;
            cryptoPaymentIntent: components["schemas"]["CryptoPaymentIntent"];
        };
        CryptoPaymentIntent: {
            id: string;
            orderId: string;
            /**
             * @description Embedded-wallet checkout creates it CONFIRMED
             * @enum {string}
             */
            status: "PENDING" | "CONFIRMED";
            /** @description Lowercase */
            txHash: string;
            walletAddress: string;
            /** @description USDC atomic units (6 decimals) */
            amount: string;
            chainId: number;
            blockNumber: string;
            createdAt: string;
        };
        PaymentException: {
            id: string;
            orderId: string;
            /** @description CARD, X402, EMBEDDED_WALLET or CRYPTO_COMMERCE */
            method: string;
            /** @description The payment at its rail: processor intent id, charge id or transaction hash */
            reference: string;
            /**
             * @description amount_mismatch / currency_mismatch: the payment is not the amount due in USD; points_unavailable: the order's points could no longer be spent; order_not_payable: the order was no longer payable
             * @enum {string}
             */
            reason: "amount_mismatch" | "currency_mismatch" | "points_unavailable" | "order_not_payable";
            /** @description Cents due when the payment arrived */
            expectedAmount: number;
            /** @description Cents the payment carried */
            receivedAmount: number;
            currency: string;
            createdAt: string;
            resolvedAt: string | null;
        };
        CardprocOnboarding: {
            /** @description The processor's onboarding page: redirect the creator there */
            url: string;
            /** @description The creator's connected account at the processor */
            accountId: string;
            /**
             * @description ENABLED once the processor allows payouts
             * @enum {string}
             */
            status: "PENDING" | "RESTRICTED" | "ENABLED";
        };
        CreatorPayout: {
            id: string;
            creatorId: string;
            /** @description One payout per order */
            orderId: string;
            /** @description Cents: the amount charged minus the application fee */
            amount: number;
            currency: string;
            /** @enum {string} */
            status: "PENDING" | "ELIGIBLE" | "TRANSFERRED";
            /** @description End of the hold: the sweep makes the payout ELIGIBLE from then */
            eligibleAt: string;
            /** @description The processor's transfer id, once TRANSFERRED */
            transferId: string | null;
            createdAt: string;
            transferredAt: string | null;
        };
        /** @description A transaction the service recorded for a wallet */
        WalletTransfer: {
            id: string;
            /**
             * @description SEND: sent by the service from a SERVER wallet; PAYMENT: an order paid from this wallet
             * @enum {string}
             */
            kind: "SEND" | "PAYMENT";
            /** @description Lowercase; null only while a send is being broadcast */
            txHash: string | null;
            from: string;
            to: string;
            tokenAddress: string;
            /** @description Smallest unit */
            amount: string;
            chainId: number;
            /** @enum {string} */
            status: "PENDING" | "CONFIRMED" | "FAILED";
            failureReason: string | null;
            createdAt: string;
            confirmedAt: string | null;
        };
        WebhookAccepted: {
            /** @constant */
            accepted: true;
            jobId: string | null;
            duplicate: boolean;
        };
        StorefrontWebhookResult: {
            /** @constant */
            received: true;
            /** @description A redelivery of an event already processed: nothing was done */
            duplicate: boolean;
            topic: string;
            /**
             * @description `created`/`updated` a product; `stale`: an update older than the one stored, ignored; `archived`; `uninstalled`: the connection is removed; `ignored`: an unknown topic, an unknown or purged product on delete/update; `duplicate`
             * @enum {string}
             */
            outcome: "created" | "updated" | "stale" | "archived" | "uninstalled" | "ignored" | "duplicate";
            productId: string | null;
        };
        CardprocWebhookResult: {
            /** @constant */
            received: true;
            /** @description The event id was already processed: nothing was done */
            duplicate: boolean;
            type: string;
            /** @description paid, already_paid, payment_exception (the payment is not the order's amount due in USD, or its points can no longer be spent: the order stays unpaid and the payment is listed at GET /admin/payment-exceptions), pending, failed, not_failed, account_updated, transferred, ignored (unknown object or another endpoint's event type), duplicate */
            outcome: string;
            orderId: string | null;
        };
        CardprocOnboardingLanding: {
            /** @enum {string} */
            onboarding: "returned" | "link_expired";
            /** @description The creatorId query parameter, echoed (null when absent) */
            creatorId: string | null;
            /** @description What happens next, for the creator or the app that sent them */
            message: string;
        };
        X402Receipt: {
            /** @constant */
            success: true;
            orderId: string;
            payment: components["schemas"]["X402Payment"];
            /** @description The order's payment state only: the route has no API key, so no buyer data */
            order: {
                id: string;
                status: string;
                payment: {
                    method: string | null;
                    /** @description Cents */
                    amountPaid: number | null;
                    paidAt: string | null;
                };
            };
        };
        X402Payment: {
            id: number;
            orderId: string;
            /** @enum {string} */
            status: "PENDING" | "VERIFIED" | "SETTLED" | "FAILED";
            /** @description The settlement transaction (lowercase), once SETTLED */
            txHash: string | null;
            network: string;
            /** @description USDC contract address */
            asset: string;
            /** @description USDC atomic units (6 decimals) */
            amount: string;
            payTo: string;
            payer: string;
            settlementData: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            createdAt: string;
            settledAt: string | null;
        };
        X402PaymentRequired: {
            /** @constant */
            status: 402;
            error: string;
            /** @constant */
            code: "payment_required";
            /** @description Why a presented payment was refused: unsupported_scheme, invalid_network, recipient_mismatch, amount_mismatch, or the facilitator's reason */
            context?: {
                reason: string;
            };
            requestId: string;
            /** @constant */
            x402Version: 1;
            schemes: "exact"[];
            /** @constant */
            network: "base";
            /** @description The organization's receiving address */
            payTo: string;
            /** @description Order total in USDC atomic units (6 decimals) */
            maxAmountRequired: string;
            /** @description USDC contract address */
            asset: string;
            /** @description This endpoint's URL for the order */
            resource: string;
            /** @description The standard x402 v1 requirements, for stock clients */
            accepts: components["schemas"]["X402PaymentRequirement"][];
        };
        X402PaymentRequirement: {
            /** @constant */
            scheme: "exact";
            /** @constant */
            network: "base";
            maxAmountRequired: string;
            resource: string;
            description: string;
            mimeType: string;
            payTo: string;
            maxTimeoutSeconds: number;
            asset: string;
            extra: {
                name: string;
                version: string;
            };
        };
        WalletProviderWebhookResult: {
            /** @constant */
            received: true;
            /** @description This webhook-id was already processed: nothing was done */
            duplicate: boolean;
            eventType: string;
            /**
             * @description confirmed / failed: the recorded transaction moved from PENDING; unchanged: it had already settled; ignored: not ours, another chain, or an event type we do not act on
             * @enum {string}
             */
            outcome: "confirmed" | "failed" | "unchanged" | "ignored" | "duplicate";
            transactionId: string | null;
        };
        TestCryptoCommerceCharge: {
            id: string;
            /** @description Cents */
            amount: number;
            currency: string;
            /** @enum {string} */
            status: "NEW" | "PENDING" | "COMPLETED" | "EXPIRED";
            /** @description ISO 8601 */
            expiresAt: string;
        };
        CardprocSandboxDelivery: {
            eventId: string;
            type: string;
            path: string;
            /** @description What the public webhook endpoint answered */
            status: number;
            response: unknown;
        };
        Error: {
            /**
             * @description HTTP status
             * @example 404
             */
            status: number;
            /**
             * @description Short human-readable message
             * @example Not found
             */
            error: string;
            /**
             * @description Machine-readable error code
             * @enum {string}
             */
            code: "bad_request" | "invalid_json" | "json_too_complex" | "invalid_signature" | "unauthorized" | "wrong_environment" | "key_inactive" | "signature_required" | "payment_required" | "forbidden" | "role_required" | "tier_required" | "tier_limit_reached" | "acting_user_mismatch" | "not_owner" | "not_found" | "route_not_found" | "method_not_allowed" | "conflict" | "already_exists" | "invalid_state" | "open_order_exists" | "out_of_stock" | "insufficient_points" | "insufficient_funds" | "wallet_required" | "already_redeemed" | "campaign_full" | "participation_limit_reached" | "conditions_not_met" | "discount_code_unusable" | "payment_method_unavailable" | "payment_in_progress" | "payment_verification_failed" | "idempotency_in_progress" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "idempotency_key_reused" | "rate_limited" | "quota_exceeded" | "internal_error" | "not_implemented" | "bad_gateway" | "service_unavailable";
            /** @description The problems with the request, one per field where one applies (always for 422 `validation_failed`) */
            details?: {
                field?: string;
                message: string;
            }[];
            /** @description Machine-readable facts about the refusal, e.g. `orderId` of the open order, `currentStatus` and `allowedFrom` of an illegal move, `reason` of a failed payment verification, `available` stock */
            context?: {
                [key: string]: unknown;
            };
            /** @description Echoed in the X-Request-Id response header */
            requestId: string;
        };
    };
    responses: never;
    parameters: {
        /** @description Your id for this request (echoed back); one is generated when absent. */
        RequestId: string;
        /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
        ActingUser: string;
        /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "platform-apiKeys-list": {
        parameters: {
            query?: {
                organizationId?: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-apiKeys-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Defaults to the calling key's organization */
                    organizationId?: string;
                    /**
                     * @description At most the calling key's own role
                     * @default MEMBER
                     * @enum {string}
                     */
                    role?: "MEMBER" | "ADMIN" | "OPERATOR";
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-apiKeys-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-apiKeys-delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-apiKeys-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description false blocks requests with this key immediately */
                    isActive?: boolean;
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-apiKeys-rotate": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedApiKey"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-organizations-list": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-organizations-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    domain?: string | null;
                    /** @default builder */
                    subscriptionTierId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-organizations-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-organizations-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    domain?: string | null;
                    /** @description OPERATOR only */
                    subscriptionTierId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-organizations-getSettings": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettings"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-organizations-updateSettings": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    x402Enabled?: boolean;
                    x402WalletAddress?: string | null;
                    /** @description Alias of x402WalletAddress */
                    x402PayToAddress?: string | null;
                    defaultChainId?: number;
                    /** @enum {string} */
                    rewardMode?: "QUEUE" | "IMMEDIATE";
                    enrichmentEnabled?: boolean;
                    autoPublishProducts?: boolean;
                    pointValueCents?: number;
                    /** @description OPERATOR only */
                    applicationFeeBps?: number;
                    /** @description OPERATOR only */
                    payoutHoldDays?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettings"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-tiers-list": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionTier"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-tiers-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionTier"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-appConfig-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConfig"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-appConfig-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    network?: "base" | "base-sepolia";
                    /** @enum {string} */
                    rewardMode?: "QUEUE" | "IMMEDIATE";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConfig"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-deadLetters-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                pendingOnly?: boolean;
                organizationId?: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadLetter"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform-deadLetters-replay": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deadLetter: components["schemas"]["DeadLetter"];
                        jobId: string;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-users-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @description The wallet provider's decentralized identifier */
                    walletProviderId: string;
                    /** @description EXTERNAL wallet; with walletId, the EMBEDDED wallet's address */
                    walletAddress?: string;
                    /** @description The wallet provider's embedded-wallet id; needs walletAddress */
                    walletId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-users-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique handle (case-insensitive); null clears */
                    username?: string | null;
                    bio?: string | null;
                    avatarUrl?: string | null;
                    /** @description Extension: city; null clears */
                    city?: string | null;
                    /** @description Extension: state or region; null clears */
                    state?: string | null;
                    /** @description Replaces the user's interests; null or [] clears */
                    categoryIds?: number[] | null;
                    /** @description Replaces the list; null or [] clears */
                    socialProfiles?: {
                        platform: string;
                        /** Format: uri */
                        url: string;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-users-byUsername": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-users-byWalletProvider": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                walletProviderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-users-creatorsByWalletProvider": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                walletProviderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Creator"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-users-shippingAddress": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingAddress"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-wallets-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-wallets-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletDetail"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-follows-follow": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A user id or a creator id of the organization */
                    followingId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Follow"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-follows-unfollow": {
        parameters: {
            query: {
                /** @description A user id or a creator id of the organization */
                followingId: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-follows-followCreator": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Follow"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-follows-following": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-follows-followingCreators": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCreator"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-follows-followingCreatorsCount": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Count"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-follows-followers": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-notifications-listForUser": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "UNREAD" | "READ";
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-notifications-markRead": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                notificationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The only value a client sets: READ
                     * @constant
                     */
                    status: "READ";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-notifications-delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                notificationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-notifications-listForCreator": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "UNREAD" | "READ";
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-chat-forUser": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The other party: a user id or a creator id */
                    requestorId: string;
                    /**
                     * @description What requestorId names
                     * @enum {string}
                     */
                    requestorType: "User" | "Creator";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatChannel"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-chat-forCreator": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user to chat with */
                    requestorId: string;
                    /**
                     * @description A creator chats with users
                     * @constant
                     */
                    requestorType: "User";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatChannel"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-creators-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique within the organization, compared case-insensitively */
                    displayName: string;
                    /** @description URL handle: 3-50 characters, lowercase letters, digits and hyphens (not at either end); upper case is folded to lower case; `id` and `followers` are reserved */
                    slug: string;
                    /**
                     * @description Existing category ids (GET /categories)
                     * @default []
                     */
                    categoryIds?: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Creator"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-creators-checkAvailability": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Checked as given (trimmed) */
                    displayName: string;
                    /** @description Checked after folding to lower case */
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorAvailability"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-creators-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Creator"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-creators-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique within the organization, compared case-insensitively */
                    displayName?: string;
                    /** @description null clears it (empty string) */
                    description?: string | null;
                    /** @description null clears it */
                    avatarUrl?: string | null;
                    /** @description null clears it */
                    heroUrl?: string | null;
                    /** @description Cents; 0 = none. Orders already quoted or being paid keep their fee */
                    flatShippingRate?: number;
                    /** @description Replaces the list; [] clears it */
                    socialProfiles?: {
                        platform: string;
                        /** Format: uri */
                        url: string;
                    }[];
                    /** @description Replaces the creator's categories (extension) */
                    categoryIds?: number[];
                    /**
                     * @description Extension: which points this creator accepts
                     * @enum {string}
                     */
                    pointsAccepted?: "SELF" | "ALL";
                    /** @description Extension: points earned per whole dollar of point-eligible purchases */
                    pointsPerDollar?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Creator"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-creators-bySlug": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description The creator's slug (case-insensitive) */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCreator"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-creators-stats": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description The creator's slug (case-insensitive) */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorPublicStats"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-insights-dashboard": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorDashboard"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-insights-fans": {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorFans"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-insights-followers": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorFollower"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-insights-followerCount": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorFollowerCount"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-insights-publicFollowers": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description Creator id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorFollower"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-insights-topFollowers": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description Creator id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopFollower"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-insights-followerGrowth": {
        parameters: {
            query?: {
                days?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description Creator id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorFollowerGrowth"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-groups-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per creator, compared case-insensitively */
                    groupName: string;
                    /**
                     * @description MANUAL: members are listed by hand
                     * @default MANUAL
                     * @enum {string}
                     */
                    groupType?: "MANUAL";
                    /**
                     * @description User ids of the organization who follow the creator; duplicates are ignored
                     * @default []
                     */
                    memberIds?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorGroupWithMembers"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-groups-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorGroup"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-categories-list": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-categories-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description Category id: an integer greater than 0 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryDetails"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Unique among the creator's products */
                    slug: string;
                    /** @default  */
                    description?: string;
                    /** @description Price in cents */
                    price: number;
                    /** @default false */
                    pointEligible?: boolean;
                    /**
                     * @description Image URLs (http or https), first one is the main image
                     * @default []
                     */
                    images?: string[];
                    categoryId?: number | null;
                    /** @description Omit for a single default variant holding `stock` */
                    variants?: {
                        name: string;
                        sku?: string | null;
                        /**
                         * @description Attribute name to value, e.g. {size: "M", colour: "blue"}
                         * @default {}
                         */
                        attributes?: {
                            [key: string]: string;
                        };
                        /** @description Price override in cents; omitted or null = the product's price */
                        price?: number | null;
                        /** @description Units available (integer >= 0); omitted or null = not tracked (never runs out) */
                        stock?: number | null;
                        /**
                         * @description Make this the default variant (default: the first one)
                         * @constant
                         */
                        isDefault?: true;
                    }[];
                    /** @description Stock of the default variant when no variants are given; omitted or null = not tracked (never runs out) */
                    stock?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-list": {
        parameters: {
            query?: {
                status?: "DRAFT" | "PUBLISHED" | "ARCHIVED";
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-sales": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductSales"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-analytics": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductsAnalytics"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-archive": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    slug?: string;
                    description?: string;
                    /** @description Integer amount in cents */
                    price?: number;
                    pointEligible?: boolean;
                    /** @description Replaces the whole list */
                    images?: string[];
                    /** @description null clears */
                    categoryId?: number | null;
                    /** @description Items with `id` update that variant; items without `id` add a variant */
                    variants?: {
                        /** @description Variant to update; omit to add a new variant */
                        id?: string;
                        name?: string;
                        /** @description null clears */
                        sku?: string | null;
                        /** @description Replaces the whole attribute set */
                        attributes?: {
                            [key: string]: string;
                        };
                        /** @description null clears the override */
                        price?: number | null;
                        /** @description A number sets the tracked stock (absolute, not a delta; units held by checkouts in progress come back on top of it if released); null stops tracking (holds stay as they are); omitted = unchanged (untracked for a new variant) */
                        stock?: number | null;
                        /**
                         * @description Make this the default variant
                         * @constant
                         */
                        isDefault?: true;
                    }[];
                    /** @description Variants to delete; a product always keeps at least one */
                    removeVariantIds?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-productAnalytics": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductAnalytics"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-publish": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-restore": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-purge": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-publicList": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description The creator's slug */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-products-publicGet": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description The creator's slug */
                slug: string;
                productSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-storefront-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorefrontConnection"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-storefront-connect": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shopDomain: string;
                    /** @description The app's shared secret: signs the platform's webhooks. Never returned. */
                    appSecret: string;
                    /** @description Admin API access token, needed by the catalogue sync. Never returned. */
                    accessToken?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorefrontConnection"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-storefront-disconnect": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-storefront-sync": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorefrontSyncAccepted"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-current": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    productId: string;
                    /** @description Variants of the product to add (one line each); default: the product's default variant */
                    variantIds?: string[];
                    /**
                     * @description Units per variant line (default 1)
                     * @default 1
                     */
                    quantity?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-addProduct": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Variants of the product to add (one line each); default: the product's default variant */
                    variantIds?: string[];
                    /** @default 1 */
                    quantity?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-removeItem": {
        parameters: {
            query?: {
                quantity?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                orderId: string;
                itemId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-guestCreate": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    productId: string;
                    /** @description Variants of the product to add (one line each); default: the product's default variant */
                    variantIds?: string[];
                    /** @default 1 */
                    quantity?: number;
                    /**
                     * Format: email
                     * @description Where the receipt goes
                     */
                    email?: string;
                    shippingAddress?: {
                        firstName?: string;
                        lastName?: string;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        state: string;
                        postalCode: string;
                        countryCode: string;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-creatorList": {
        parameters: {
            query?: {
                status?: "OPEN" | "PAYMENT_PENDING" | "PAID" | "PAYMENT_FAILED" | "PROCESSING" | "SHIPPED" | "DELIVERED";
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-orders-creatorUpdate": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    shippingStatus: "PENDING" | "PROCESSING" | "LABEL_CREATED" | "SHIPPED" | "IN_TRANSIT" | "DELIVERED" | "RETURNED";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-discounts-applyToOrder": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-discounts-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCode"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-discounts-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Case-insensitive; unique per creator */
                    code: string;
                    /** @enum {string} */
                    kind: "PERCENT" | "FIXED";
                    /** @description PERCENT: 1-100; FIXED: cents off the items */
                    value: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 date-time with an offset (e.g. 2027-01-31T23:59:59Z); after this instant the code is refused
                     */
                    expiresAt?: string;
                    /** @description Default unlimited */
                    usageLimit?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCode"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-discounts-disable": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                codeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCode"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-shipping-quote": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName: string;
                    lastName: string;
                    address: {
                        line1: string;
                        line2?: string | null;
                        city: string;
                        state: string;
                        postalCode: string;
                        countryCode: string;
                    };
                    /** @description Choose this rate; default the cheapest */
                    rateId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingQuote"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commerce-shipping-label": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingLabelResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-airdrops-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The reward */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The reward's creator (ownership check) */
                    creatorId: string;
                    /** @description When the airdrop-monitor job queues the mints; absent or past = at once */
                    airdropDate?: string;
                    /** @description CONDITIONS: every user meeting the reward's conditions; GROUP: the group's members; LIST: the users named. The reward's conditions apply to every recipient. */
                    eligibility: {
                        /** @constant */
                        type: "CONDITIONS";
                    } | {
                        /** @constant */
                        type: "GROUP";
                        /** @description A group of the reward's creator */
                        groupId: string;
                    } | {
                        /** @constant */
                        type: "LIST";
                        /** @description Users of the organization, at most 10000 */
                        userIds: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Airdrop"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-airdrops-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Airdrop"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-airdrops-delivered": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AirdropDelivery"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-airdrops-redemption": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AirdropRedemptionTracking"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-airdrops-latest": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Airdrop"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-airdrops-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Airdrop"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-campaignParticipation-vote": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The campaign */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The participating user (X-User-Id, when sent, must name this user) */
                    userId: string;
                    votes: {
                        /** @description An attribute of the campaign */
                        attributeId: number;
                        /** @description One option of that attribute, or several (each counted once) */
                        optionId: number | number[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignParticipation"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-campaignParticipation-survey": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The campaign */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The participating user (X-User-Id, when sent, must name this user) */
                    userId: string;
                    responses: {
                        /** @description A question of the campaign */
                        questionId: number;
                        /** @description SINGLE_CHOICE: one of the options; MULTIPLE_CHOICE: options as an array (or one as a string); TEXT: the text; RATING: an integer from 1 to ratingMax, as a string */
                        answer: string | string[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignParticipation"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-campaignParticipation-swipe": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The campaign */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The participating user (X-User-Id, when sent, must name this user) */
                    userId: string;
                    /** @description A swipe item of the campaign */
                    itemId: number;
                    /**
                     * @description RIGHT likes the item, LEFT passes on it
                     * @enum {string}
                     */
                    direction: "LEFT" | "RIGHT";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignParticipation"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-campaignParticipation-ugc": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The campaign */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The participating user (X-User-Id, when sent, must name this user) */
                    userId: string;
                    /** @enum {string} */
                    mediaType: "IMAGE" | "VIDEO" | "AUDIO" | "TEXT";
                    /**
                     * Format: uri
                     * @description Where the content is hosted (required unless mediaType is TEXT)
                     */
                    contentUrl?: string;
                    /** @description The text (required when mediaType is TEXT) */
                    text?: string;
                    /** @description The creator's product the content features: the submission's implicit preference */
                    productId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignParticipation"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-collections-all": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftCollectionItem"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-collections-earned": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftCollectionItem"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-collections-redeemable": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftCollectionItem"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-collections-redeemed": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftCollectionItem"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-points-balances": {
        parameters: {
            query?: {
                creatorId?: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PointBalances"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-points-record": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Positive earns, negative spends (never below zero) */
                    amount: number;
                    /** @description The creator's points; absent = organization-wide points */
                    creatorId?: string;
                    /** @description Stored verbatim */
                    details?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PointTransaction"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-points-history": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                creatorId?: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PointHistory"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-points-setOrderPoints": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Points to apply to the order (0 clears); held at checkout */
                    points: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPoints"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-points-finalizeOrderPoints": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPoints"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-points-revertOrderPoints": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPoints"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-list": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPresale"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A PUBLISHED reward programme of the creator: each purchase is one of its tokens */
                    rewardId: string;
                    title: string;
                    description?: string;
                    /**
                     * @description POINTS (the creator's points). USDC is answered 501 not_implemented
                     * @default POINTS
                     * @enum {string}
                     */
                    priceCurrency?: "POINTS" | "USDC";
                    /** @description POINTS presales (required): the creator's points one token costs */
                    pricePoints?: number;
                    /** @description USDC presales: the price in atomic units (not served yet: 501) */
                    priceAtomic?: string;
                    /** @description Tokens for sale; at most the programme's remaining maxSupply when it has one */
                    cap: number;
                    /** @description When the sale opens */
                    startsAt: string;
                    /** @description When the sale closes and (AT_END) the tokens are distributed */
                    endsAt: string;
                    /**
                     * @description AT_END: mints are queued when the presale ends; IMMEDIATE: as each purchase is processed
                     * @default AT_END
                     * @enum {string}
                     */
                    distribution?: "AT_END" | "IMMEDIATE";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPresale"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPresale"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description DRAFT or ACTIVE */
                    title?: string;
                    /** @description DRAFT or ACTIVE */
                    description?: string;
                    /** @description DRAFT only */
                    pricePoints?: number;
                    /** @description DRAFT, or ACTIVE when not below `sold` */
                    cap?: number;
                    /** @description DRAFT only */
                    startsAt?: string;
                    /** @description DRAFT, or ACTIVE when still in the future */
                    endsAt?: string;
                    /**
                     * @description DRAFT only
                     * @enum {string}
                     */
                    distribution?: "AT_END" | "IMMEDIATE";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPresale"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPresale"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-purchases": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PresalePurchase"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-presales-purchase": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The buying user */
                id: string;
                presaleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PresalePurchase"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-redemptions-redeem": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                /** @description The programme's chain: base (8453) or base-sepolia (84532) */
                network: "base" | "base-sepolia";
                /** @description The programme's contract (its proxyAddress) */
                address: string;
                /** @description Decimal uint256 */
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftRedemptionStatus"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-redemptions-status": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                /** @description The programme's chain: base (8453) or base-sepolia (84532) */
                network: "base" | "base-sepolia";
                /** @description The programme's contract (its proxyAddress) */
                address: string;
                /** @description Decimal uint256 */
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftRedemptionStatus"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-redemptions-creatorRedeemed": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftRedemption"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-redemptions-verifyPass": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The pass as the holder presents it (rewardDetails.pass) */
                    pass: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPassVerification"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-creatorRewards": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftReward"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description POINTS, FREE_PRODUCT, DISCOUNT_CODE, EVENT_PASS, CUSTOM_REWARD (alias CUSTOM) or EXCLUSIVE_ACCESS
                     * @enum {string}
                     */
                    type: "POINTS" | "FREE_PRODUCT" | "DISCOUNT_CODE" | "EVENT_PASS" | "CUSTOM_REWARD" | "EXCLUSIVE_ACCESS" | "CUSTOM";
                    creatorId: string;
                    name?: string;
                    description?: string;
                    /** Format: uri */
                    imageUrl?: string;
                    /** @description Points it costs to redeem a token */
                    points?: number;
                    /** @description 0 = unlimited */
                    maxSupply?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftReward"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftReward"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    creatorId: string;
                    pointsRewardDetails?: {
                        /** @description Points credited on redemption */
                        points: number;
                        /** @description Shown to holders: how the reward is used */
                        moreInfo?: string;
                    };
                    genericRewardDetails?: {
                        /** @description FREE_PRODUCT (required): the creator's product given at zero cost */
                        productId?: string;
                        /** @description DISCOUNT_CODE (required): the code's discount */
                        percentOff?: number;
                        /** @description EVENT_PASS (required): the event the pass admits to */
                        eventName?: string;
                        /** @description EVENT_PASS: when the event takes place */
                        eventDate?: string;
                        /** @description EXCLUSIVE_ACCESS (required): what the unlock gives access to */
                        contentDescription?: string;
                        /** @description Shown to holders: how the reward is used */
                        moreInfo?: string;
                    };
                    customRewardDetails?: {
                        /**
                         * Format: uri
                         * @description CUSTOM_REWARD (required): where the signed redemption webhook is posted
                         */
                        webhookUrl: string;
                        /** @description Shown to holders: how the reward is used */
                        moreInfo?: string;
                    };
                    /** @description Replaces the stored conditions */
                    conditions?: {
                        /** @enum {string} */
                        type: "FANS" | "GROUP" | "POINTS_AT_LEAST";
                        /** @description FANS: none; GROUP: [creator group id]; POINTS_AT_LEAST: [an integer] */
                        parameters: string[];
                    }[];
                    /** @description DRAFT only; 0 = unlimited */
                    maxSupply?: number;
                    /** @description DRAFT only; false = soulbound (ERC-5192) */
                    transferable?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftReward"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-delete": {
        parameters: {
            query: {
                creatorId: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-updateNft": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /** Format: uri */
                    externalUrl?: string;
                    /** Format: uri */
                    imageUrl?: string;
                    /** Format: uri */
                    animationUrl?: string;
                    /** @description Points it costs to redeem a token */
                    points?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftReward"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-publish": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftReward"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-disable": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NftReward"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewards-grant": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user who receives the token (their EMBEDDED wallet, else an EXTERNAL one) */
                    userId: string;
                    /** @description The reward's creator (ownership check) */
                    creatorId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewardGrant"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-earnedRewards": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarnedReward"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-latestEarnedReward": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarnedReward"] | null;
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-collectibles": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagedCollectible"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-dashboard": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewardsDashboard"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-publicCollectibles": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description The creator's slug (case-insensitive) */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicCollectible"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-publicCollectiblesMetadata": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description The creator's slug (case-insensitive) */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectibleMetadata"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-publicRewards": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                /** @description The creator's slug (case-insensitive) */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicReward"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-contractMetadata": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewardContractMetadata"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardPages-tokenMetadata": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewardTokenMetadata"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardWebhooks-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewardWebhook"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "loyalty-rewardWebhooks-deliveries": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RewardWebhookDelivery"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-checkout-checkout": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Points to apply (default 0): they become the order's points, replacing any set through the points route, whose hold is released */
                    points?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-checkout-guestCheckout": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-checkout-paymentFailed": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentFailedResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-cryptocommerce-checkout": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The crypto-commerce charge id (or code) that pays the order */
                    callsId: string;
                    /** @description The amount due in US dollars as a decimal string ("25.00"); must equal the order total exactly */
                    amount: string;
                    /** @description The payer, as collected by the crypto-commerce checkout */
                    customer: {
                        /**
                         * Format: email
                         * @description The payer's e-mail; a guest order without one takes it for the receipt
                         */
                        email: string;
                        /** @description Saved as the order's shipping address when it has none */
                        physicalAddress?: {
                            address1: string;
                            address2?: string | null;
                            city: string;
                            state: string;
                            postalCode: string;
                            countryCode: string;
                        };
                        name?: {
                            firstName: string;
                            familyName: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CryptoCommerceCheckoutResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-cryptocommerce-guestCheckout": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The crypto-commerce charge id (or code) that pays the order */
                    callsId: string;
                    /** @description The amount due in US dollars as a decimal string ("25.00"); must equal the order total exactly */
                    amount: string;
                    /** @description The payer, as collected by the crypto-commerce checkout */
                    customer: {
                        /**
                         * Format: email
                         * @description The payer's e-mail; a guest order without one takes it for the receipt
                         */
                        email: string;
                        /** @description Saved as the order's shipping address when it has none */
                        physicalAddress?: {
                            address1: string;
                            address2?: string | null;
                            city: string;
                            state: string;
                            postalCode: string;
                            countryCode: string;
                        };
                        name?: {
                            firstName: string;
                            familyName: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CryptoCommerceCheckoutResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-embeddedWallet-checkout": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The confirmed USDC transfer that pays the order (any letter case; stored lowercase) */
                    txHash: string;
                    /** @description The amount due as a decimal USDC string ("25.00"); must equal the order total */
                    amount: string;
                    /**
                     * Format: email
                     * @description Optional: the order confirmation (receipt) event is published only when it is given
                     */
                    email?: string;
                    /** @description Saved as the order's shipping address when given */
                    shippingAddress?: {
                        firstName?: string;
                        lastName?: string;
                        line1: string;
                        line2?: string | null;
                        city: string;
                        state: string;
                        postalCode: string;
                        countryCode: string;
                    } | null;
                    /** @description The paying wallet: one of this user's wallets */
                    walletAddress: string;
                    /** @constant */
                    chain: "BASE";
                    /** @constant */
                    asset: "USDC";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmbeddedWalletCheckoutResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-paymentExceptions-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                openOnly?: boolean;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentException"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-payouts-onboard": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where the processor sends the creator after onboarding (default: this service's `GET /cardproc/onboarding/return`)
                     */
                    returnUrl?: string;
                    /**
                     * Format: uri
                     * @description Where the processor sends the creator when the link expired (default: this service's `GET /cardproc/onboarding/refresh`)
                     */
                    refreshUrl?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocOnboarding"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-payouts-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "PENDING" | "ELIGIBLE" | "TRANSFERRED";
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                creatorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorPayout"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-serverWallets-createServer": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        wallet: components["schemas"]["Wallet"];
                        created: boolean;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-serverWallets-send": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Receiving EVM address */
                    recipient: string;
                    /** @description ERC-20 contract address */
                    tokenAddress: string;
                    /** @description Amount in the token's smallest unit (string or integer) */
                    amount: string | number;
                    /** @default 18 */
                    decimals?: number;
                    /** @default 8453 */
                    chainId?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletTransfer"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments-serverWallets-transactions": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                id: string;
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletTransfer"][];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-events": {
        parameters: {
            query?: never;
            header: {
                /** @description hex HMAC-SHA256 of `<timestamp>.<raw body>` with the events signing key */
                "X-Signature": string;
                /** @description Unix seconds; at most 300 s old */
                "X-Signature-Timestamp": string;
                "X-Delivery-Id"?: string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                event: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Enqueued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAccepted"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-cron": {
        parameters: {
            query?: never;
            header: {
                /** @description hex HMAC-SHA256 of `<timestamp>.<raw body>` with the events signing key */
                "X-Signature": string;
                /** @description Unix seconds; at most 300 s old */
                "X-Signature-Timestamp": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                job: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The occurrence; defaults to the signature timestamp */
                    tick?: string;
                };
            };
        };
        responses: {
            /** @description Enqueued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAccepted"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-storefront": {
        parameters: {
            query?: never;
            header: {
                /** @description The shop's hostname, e.g. my-shop.myshopify.com */
                "X-Storefront-Shop-Domain": string;
                /** @description base64 HMAC-SHA256 of the raw body with the connection's app secret */
                "X-Storefront-Hmac-Sha256": string;
                /** @description One of `products/create`, `products/update`, `products/delete`, `app/uninstalled`; others are ignored */
                "X-Storefront-Topic": string;
                /** @description The platform's event id: a redelivery is acknowledged and not processed again */
                "X-Storefront-Event-Id": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StorefrontPlatformProduct"] | components["schemas"]["StorefrontPlatformProductDeleted"] | {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Processed, ignored or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorefrontWebhookResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-cardproc-payment-intent-succeeded": {
        parameters: {
            query?: never;
            header: {
                /** @description t=…,v1=… (the processor's signature scheme) */
                "Cardproc-Signature": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardprocEvent"];
            };
        };
        responses: {
            /** @description Processed, ignored or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocWebhookResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-cardproc-payment-intent-processing": {
        parameters: {
            query?: never;
            header: {
                /** @description t=…,v1=… (the processor's signature scheme) */
                "Cardproc-Signature": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardprocEvent"];
            };
        };
        responses: {
            /** @description Processed, ignored or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocWebhookResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-cardproc-payment-intent-payment-failed": {
        parameters: {
            query?: never;
            header: {
                /** @description t=…,v1=… (the processor's signature scheme) */
                "Cardproc-Signature": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardprocEvent"];
            };
        };
        responses: {
            /** @description Processed, ignored or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocWebhookResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-cardproc-account-updated": {
        parameters: {
            query?: never;
            header: {
                /** @description t=…,v1=… (the processor's signature scheme) */
                "Cardproc-Signature": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardprocEvent"];
            };
        };
        responses: {
            /** @description Processed, ignored or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocWebhookResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-cardproc-transfer-created": {
        parameters: {
            query?: never;
            header: {
                /** @description t=…,v1=… (the processor's signature scheme) */
                "Cardproc-Signature": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardprocEvent"];
            };
        };
        responses: {
            /** @description Processed, ignored or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocWebhookResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardproc-onboarding-return": {
        parameters: {
            query?: {
                creatorId?: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The landing answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocOnboardingLanding"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardproc-onboarding-refresh": {
        parameters: {
            query?: {
                creatorId?: string;
            };
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The landing answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardprocOnboardingLanding"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "x402-pay-order": {
        parameters: {
            query?: never;
            header?: {
                /** @description base64 JSON x402 v1 payment payload */
                "X-PAYMENT"?: string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                /** @description Order id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Paid: the receipt (also for an order already paid by x402) */
            200: {
                headers: {
                    /** @description base64 JSON {success, transaction, network, payer} */
                    "X-PAYMENT-RESPONSE": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["X402Receipt"];
                };
            };
            /** @description The payment is being settled (or waits for the retry job); ask again later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "PENDING";
                        orderId: string;
                        payment: components["schemas"]["X402Payment"];
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payment required */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-walletprovider": {
        parameters: {
            query?: never;
            header: {
                "webhook-id": string;
                /** @description Unix seconds */
                "webhook-timestamp": string;
                /** @description v1,<base64 signature> (space-separated list) */
                "webhook-signature": string;
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WalletProviderEvent"];
            };
        };
        responses: {
            /** @description Processed, ignored or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletProviderWebhookResult"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-chain": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The local chain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rpcUrl: string;
                        /** @constant */
                        chainId: 8453;
                        usdc: string;
                        fundedWallets: {
                            address: string;
                            privateKey: string;
                        }[];
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-chain-faucet": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    address: string;
                    /**
                     * @description Test USDC as a decimal string (default "1000"); 1 ETH of gas is added too
                     * @default 1000
                     */
                    amount?: string;
                };
            };
        };
        responses: {
            /** @description Funded (amounts in smallest units) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: string;
                        usdc: string;
                        native: string;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cryptocommerce-create-charge": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The charge's price in cents (USD) */
                    amount: number;
                    /** @description Lifetime of the unpaid charge; default 3600 */
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The new charge */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestCryptoCommerceCharge"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cryptocommerce-get-charge": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
            };
            path: {
                chargeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The charge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestCryptoCommerceCharge"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cryptocommerce-complete-charge": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
                /** @description The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN. */
                "X-User-Id"?: components["parameters"]["ActingUser"];
                /** @description Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                chargeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The completed charge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestCryptoCommerceCharge"];
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, inactive or wrong-environment API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient role, ownership or subscription tier */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit or monthly quota exceeded; see Retry-After */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cardproc-intent-succeed": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Moved, and the signed event delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["CardprocSandboxDelivery"];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cardproc-intent-fail": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Moved, and the signed event delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["CardprocSandboxDelivery"];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cardproc-intent-process": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Moved, and the signed event delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["CardprocSandboxDelivery"];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cardproc-account-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    detailsSubmitted?: boolean;
                    chargesEnabled?: boolean;
                    payoutsEnabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Moved, and the signed event delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["CardprocSandboxDelivery"];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cardproc-account-onboard": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Moved, and the signed event delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["CardprocSandboxDelivery"];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "test-helpers-cardproc-transfer-created": {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (echoed back); one is generated when absent. */
                "X-Request-Id"?: components["parameters"]["RequestId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Moved, and the signed event delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["CardprocSandboxDelivery"];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Malformed input (invalid JSON, wrong body shape) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (including another organization's object) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state or a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body or parameters failed validation; `details` lists the fields */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
