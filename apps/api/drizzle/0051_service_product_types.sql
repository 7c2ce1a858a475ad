CREATE TABLE "discount_product_types" (
	"discount_id" integer NOT NULL,
	"product_type_id" integer NOT NULL,
	CONSTRAINT "discount_product_types_discount_id_product_type_id_pk" PRIMARY KEY("discount_id","product_type_id")
);
--> statement-breakpoint
ALTER TABLE "request_types" ADD COLUMN "product_type_id" integer;--> statement-breakpoint
ALTER TABLE "discount_product_types" ADD CONSTRAINT "discount_product_types_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_product_types" ADD CONSTRAINT "discount_product_types_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_product_types_type_idx" ON "discount_product_types" USING btree ("product_type_id");--> statement-breakpoint
ALTER TABLE "request_types" ADD CONSTRAINT "request_types_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE restrict ON UPDATE no action;