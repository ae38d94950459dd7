-- Categories for products, creators and user interests; ids are stable integers > 0.
INSERT INTO "categories" ("id", "name", "slug") VALUES
  (1, 'Apparel', 'apparel'),
  (2, 'Accessories', 'accessories'),
  (3, 'Music', 'music'),
  (4, 'Art', 'art'),
  (5, 'Books', 'books'),
  (6, 'Beauty', 'beauty'),
  (7, 'Home', 'home'),
  (8, 'Food & Drink', 'food-drink'),
  (9, 'Gaming', 'gaming'),
  (10, 'Sports', 'sports'),
  (11, 'Collectibles', 'collectibles'),
  (12, 'Digital', 'digital'),
  (13, 'Tickets & Events', 'tickets-events'),
  (14, 'Wellness', 'wellness'),
  (15, 'Technology', 'technology')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('categories', 'id'), (SELECT max("id") FROM "categories"));
