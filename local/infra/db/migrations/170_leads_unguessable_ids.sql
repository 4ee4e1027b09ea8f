-- Leads are readable with the public API key (leadsModel), so a lead id is the only thing between
-- anyone and a lead's name, e-mail, soft FICO and income: 128 random bits (32 hex digits), never a
-- sequence. Ids from before this rule are replaced; new ones come from local/data/leads.ts.
UPDATE leads SET lead_id = replace(gen_random_uuid()::text, '-', '') WHERE lead_id !~ '^[0-9a-f]{32}$';

ALTER TABLE leads ADD CONSTRAINT leads_id_unguessable CHECK (lead_id ~ '^[0-9a-f]{32}$');

-- One lead per e-mail: seeding is idempotent by e-mail now that ids are random.
CREATE UNIQUE INDEX IF NOT EXISTS leads_email_key ON leads (email)
