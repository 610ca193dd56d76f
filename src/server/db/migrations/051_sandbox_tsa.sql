-- 051: the demo's time-stamping authority (sandbox/tsa.ts). Its signing key and self-signed
-- certificate are kept here, not in memory: tokens it issued must stay verifiable after a restart
-- and on every server of one database. One row; the first server to need it inserts it.
-- The private key is stored in the clear: a sandbox stand-in, demo profile only.
CREATE TABLE sandbox_tsa_keys (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  key_pem text NOT NULL,
  cert_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- TSTInfo serial numbers: unique for the TSA (RFC 3161 §2.4.2) and increasing, across restarts
CREATE SEQUENCE sandbox_tsa_serial;
