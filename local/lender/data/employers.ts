import type { Employer } from "../../../contract/generated/types";
import type { Db, Queryable } from "../../infra/db";
import { DIRECTORY_SIZE, DIRECTORY_VERSION, generateDirectory } from "./employer-directory";
import { EMPLOYERS, type EmployerSeed } from "./employers-seed";

/** SPEC section 3, "Employer (loaded by id)": the contract's Employer type. */
export type { Employer } from "../../../contract/generated/types";

/** SPEC section 3, "Employer search record". */
export interface EmployerHit {
  objectID: string;
  name: string;
  parentId: string | null;
  parentName: string | null;
  city: string | null;
  state: string | null;
  logoUrl: string | null;
}

export async function loadEmployer(db: Queryable, employerId: string): Promise<Employer | null> {
  const rows = await db.query<{ e: Employer }>(
    `SELECT json_build_object(
        'employerId', e.id, 'name', e.name, 'parentId', e.parent_id, 'parentName', p.name,
        'domain', e.domain, 'showEmailDomain', e.show_email_domain, 'acceptedDomains', e.accepted_domains,
        'signedFormAction', e.signed_form_action, 'pdfPaystubs', e.pdf_paystubs,
        'autoRequestIdentity', e.auto_request_identity, 'argyleEnabled', e.argyle_enabled,
        'argyleSubscribeAlloc', e.argyle_subscribe_alloc, 'defaultPaymentType', e.default_payment_type,
        'ddSetupType', e.dd_setup_type) AS e
       FROM employers e LEFT JOIN employers p ON p.id = e.parent_id
      WHERE e.id = $1`,
    [employerId],
  );
  return rows[0]?.e ?? null;
}

/** An island is a top-level employer without sub-employers; null when there is no such employer. */
export async function isIslandEmployer(db: Queryable, employerId: string): Promise<boolean | null> {
  const rows = await db.query<{ parent_id: string | null; subs: number }>(
    `SELECT e.parent_id, (SELECT count(*)::int FROM employers s WHERE s.parent_id = e.id) AS subs
       FROM employers e WHERE e.id = $1`,
    [employerId],
  );
  const row = rows[0];
  if (!row) return null;
  return row.parent_id === null && row.subs === 0;
}

/** Reference data: always brought in line with employers-seed.ts, so edits there apply on restart. */
export async function seedEmployers(db: Db, options: { directorySize?: number } = {}): Promise<void> {
  await upsertEmployers(db, EMPLOYERS);
  const size = options.directorySize ?? directorySizeFromEnv();
  const [seeded] = await db.query<{ version: number; rows: number }>(`SELECT version, rows FROM seed_versions WHERE name = 'employer_directory'`);
  if (seeded?.version !== DIRECTORY_VERSION || seeded.rows !== size) {
    const directory = generateDirectory(size);
    await db.transaction(async (tx) => {
      // Bulk load: the word index is built once afterwards, not maintained row by row.
      await tx.query(`DROP INDEX IF EXISTS employers_terms_idx`);
      for (let i = 0; i < directory.length; i += 5000) await upsertEmployers(tx, directory.slice(i, i + 5000));
      await tx.query(`CREATE INDEX employers_terms_idx ON employers USING gin (terms)`);
      // Fresh statistics, or the planner guesses and sorts thousands of rows instead of walking the index.
      await tx.query(`ANALYZE employers`);
      await tx.query(
        `INSERT INTO seed_versions (name, version, rows) VALUES ('employer_directory', $1, $2)
         ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, rows = EXCLUDED.rows, seeded_at = now()`,
        [DIRECTORY_VERSION, size],
      );
    });
  }
}

/** LOCAL_EMPLOYER_DIRECTORY_SIZE (default 100,000): how many generated employers the local index holds. */
export function directorySizeFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.LOCAL_EMPLOYER_DIRECTORY_SIZE;
  if (raw === undefined || raw === "") return DIRECTORY_SIZE;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new Error("LOCAL_EMPLOYER_DIRECTORY_SIZE must be a whole number from 0 to 1000000");
  return n;
}

async function upsertEmployers(db: Queryable, employers: readonly EmployerSeed[]): Promise<void> {
  if (employers.length === 0) return;
  const rows = employers.map((e) => ({
    id: e.id, name: e.name, parent_id: e.parentId ?? null, city: e.city, state: e.state, logo_url: e.logoUrl ?? null,
    domain: e.domain ?? null, show_email_domain: e.showEmailDomain ?? false,
    accepted_domains: e.acceptedDomains ?? (e.domain ? [e.domain] : []), signed_form_action: e.signedFormAction ?? null,
    pdf_paystubs: e.pdfPaystubs ?? false, auto_request_identity: e.autoRequestIdentity ?? false,
    argyle_enabled: e.argyleEnabled ?? false, argyle_subscribe_alloc: e.argyleSubscribeAlloc ?? false,
    default_payment_type: e.defaultPaymentType ?? null, dd_setup_type: e.ddSetupType ?? null,
  }));
  await db.query(
    `INSERT INTO employers (id, name, parent_id, city, state, logo_url, domain, show_email_domain, accepted_domains,
            signed_form_action, pdf_paystubs, auto_request_identity, argyle_enabled, argyle_subscribe_alloc,
            default_payment_type, dd_setup_type)
     SELECT id, name, parent_id, city, state, logo_url, domain, show_email_domain, accepted_domains,
            signed_form_action, pdf_paystubs, auto_request_identity, argyle_enabled, argyle_subscribe_alloc,
            default_payment_type, dd_setup_type
       FROM jsonb_to_recordset(($1::text)::jsonb) AS x(id text, name text, parent_id text, city text, state text, logo_url text,
            domain text, show_email_domain boolean, accepted_domains jsonb, signed_form_action text, pdf_paystubs boolean,
            auto_request_identity boolean, argyle_enabled boolean, argyle_subscribe_alloc boolean, default_payment_type text,
            dd_setup_type text)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, parent_id = EXCLUDED.parent_id, city = EXCLUDED.city,
            state = EXCLUDED.state, logo_url = EXCLUDED.logo_url, domain = EXCLUDED.domain,
            show_email_domain = EXCLUDED.show_email_domain, accepted_domains = EXCLUDED.accepted_domains,
            signed_form_action = EXCLUDED.signed_form_action, pdf_paystubs = EXCLUDED.pdf_paystubs,
            auto_request_identity = EXCLUDED.auto_request_identity, argyle_enabled = EXCLUDED.argyle_enabled,
            argyle_subscribe_alloc = EXCLUDED.argyle_subscribe_alloc,
            default_payment_type = EXCLUDED.default_payment_type, dd_setup_type = EXCLUDED.dd_setup_type`,
    [JSON.stringify(rows)],
  );
}
