-- Issue 16 item 2: every WeChat Pay order through WeChat Pay v3 Native下单 in production.
-- The platform's QR content (weixin://wxpay/…) of a tax-service order, shown again by its order
-- page; '' when the order is paid on the demo's sandbox page (computed from the request's origin).
ALTER TABLE tax_orders ADD COLUMN code_url text NOT NULL DEFAULT '' CHECK (length(code_url) <= 512);
