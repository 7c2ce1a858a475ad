CREATE TABLE "discount_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "discount_redemptions_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "discount_redemptions_amount_check" CHECK ("discount_redemptions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_services" (
	"discount_id" integer NOT NULL,
	"request_type_id" integer NOT NULL,
	CONSTRAINT "discount_services_discount_id_request_type_id_pk" PRIMARY KEY("discount_id","request_type_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"limited_to_services" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"max_per_customer" integer,
	"active" boolean DEFAULT true NOT NULL,
	"redemptions_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "discounts_type_check" CHECK ("discounts"."type" in ('percent', 'fixed')),
	CONSTRAINT "discounts_value_check" CHECK ("discounts"."value" > 0 and ("discounts"."type" <> 'percent' or "discounts"."value" <= 100)),
	CONSTRAINT "discounts_limits_check" CHECK (("discounts"."max_redemptions" is null or "discounts"."max_redemptions" > 0) and ("discounts"."max_per_customer" is null or "discounts"."max_per_customer" > 0)),
	CONSTRAINT "discounts_count_check" CHECK ("discounts"."redemptions_count" >= 0 and ("discounts"."max_redemptions" is null or "discounts"."redemptions_count" <= "discounts"."max_redemptions"))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_services" ADD CONSTRAINT "discount_services_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_services" ADD CONSTRAINT "discount_services_request_type_id_request_types_id_fk" FOREIGN KEY ("request_type_id") REFERENCES "public"."request_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_discount_idx" ON "discount_redemptions" USING btree ("discount_id","created_at");--> statement-breakpoint
CREATE INDEX "discount_redemptions_customer_idx" ON "discount_redemptions" USING btree ("discount_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_lower_idx" ON "discounts" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "discounts_created_idx" ON "discounts" USING btree ("created_at","id");--> statement-breakpoint
-- Discounts are gated by the spec's product family (doc 1 §6): roles that hold the matching charge permission (the
-- Admin and Manager of the demo roles) get it from the start; the permission rows are made here because the startup
-- sync runs after migrations.
INSERT INTO "permissions" ("name") VALUES ('PRODUCTS_READ'), ('PRODUCTS_CREATE'), ('PRODUCTS_UPDATE'), ('PRODUCTS_DESTROY') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", p."id"
FROM "role_permissions" rp
JOIN "permissions" held ON held."id" = rp."permission_id" AND held."name" LIKE 'CHARGES\_%'
JOIN "permissions" p ON p."name" = 'PRODUCTS_' || substring(held."name" from 9)
ON CONFLICT DO NOTHING;
