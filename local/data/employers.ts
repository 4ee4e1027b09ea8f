import type { Employer } from "../../api/generated/types";
import type { Db } from "../db";
import { EMPLOYERS } from "./employers-seed";

type Queryable = Pick<Db, "query">;

/** SPEC section 3, "Employer (loaded by id)": the contract's Employer type. */
export type { Employer } from "../../api/generated/types";

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

export interface EmployerQuery {
  query: string;
  parentId?: string;
  /** Only employers without a parent. */
  topLevelOnly?: boolean;
  hitsPerPage: number;
  page: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search as you type. Every word of the query must occur in the name or city (case-insensitive,
 * substring, so the last, half-typed word matches too). Ranking, best first: exact name, name
 * starts with the query, a name word starts with the query, name contains it, only other words
 * match; then top-level before sub-employers, then name.
 */
export async function searchEmployers(db: Queryable, q: EmployerQuery): Promise<{ hits: EmployerHit[]; nbHits: number }> {
  const query = q.query.trim().toLowerCase().replace(/\s+/g, " ");
  const words = query ? query.split(" ") : [];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  for (const word of words) {
    const p = param(`%${escapeLike(word)}%`);
    where.push(`(lower(e.name) LIKE ${p} OR lower(coalesce(e.city, '')) LIKE ${p})`);
  }
  if (q.parentId !== undefined) where.push(`e.parent_id = ${param(q.parentId)}`);
  if (q.topLevelOnly) where.push("e.parent_id IS NULL");
  const qp = param(query);
  const prefix = param(`${escapeLike(query)}%`);
  const wordPrefix = param(`% ${escapeLike(query)}%`);
  const contains = param(`%${escapeLike(query)}%`);
  const limit = param(q.hitsPerPage);
  const offset = param(q.hitsPerPage * q.page);
  const rows = await db.query<{ hit: EmployerHit; total: number }>(
    `SELECT json_build_object('objectID', e.id, 'name', e.name, 'parentId', e.parent_id, 'parentName', p.name,
              'city', e.city, 'state', e.state, 'logoUrl', e.logo_url) AS hit,
            count(*) OVER ()::int AS total
       FROM employers e LEFT JOIN employers p ON p.id = e.parent_id
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY CASE WHEN lower(e.name) = ${qp} THEN 0
                    WHEN lower(e.name) LIKE ${prefix} THEN 1
                    WHEN lower(e.name) LIKE ${wordPrefix} THEN 2
                    WHEN lower(e.name) LIKE ${contains} THEN 3
                    ELSE 4 END,
               (e.parent_id IS NOT NULL), e.name, e.id
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let nbHits = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 0) {
    // Past the last page the window count is unavailable; count separately so nbPages stays right.
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM employers e ${where.length ? `WHERE ${where.join(" AND ")}` : ""}`,
      params.slice(0, words.length + (q.parentId !== undefined ? 1 : 0)),
    );
    nbHits = count[0]?.n ?? 0;
  }
  return { hits: rows.map((r) => r.hit), nbHits };
}

/** Reference data: always brought in line with employers-seed.ts, so edits there apply on restart. */
export async function seedEmployers(db: Queryable): Promise<void> {
  for (const e of EMPLOYERS) {
    await db.query(
      `INSERT INTO employers (id, name, parent_id, city, state, logo_url, domain, show_email_domain, accepted_domains,
              signed_form_action, pdf_paystubs, auto_request_identity, argyle_enabled, argyle_subscribe_alloc,
              default_payment_type, dd_setup_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ($9::text)::jsonb, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, parent_id = EXCLUDED.parent_id, city = EXCLUDED.city,
              state = EXCLUDED.state, logo_url = EXCLUDED.logo_url, domain = EXCLUDED.domain,
              show_email_domain = EXCLUDED.show_email_domain, accepted_domains = EXCLUDED.accepted_domains,
              signed_form_action = EXCLUDED.signed_form_action, pdf_paystubs = EXCLUDED.pdf_paystubs,
              auto_request_identity = EXCLUDED.auto_request_identity, argyle_enabled = EXCLUDED.argyle_enabled,
              argyle_subscribe_alloc = EXCLUDED.argyle_subscribe_alloc,
              default_payment_type = EXCLUDED.default_payment_type, dd_setup_type = EXCLUDED.dd_setup_type`,
      [
        e.id, e.name, e.parentId ?? null, e.city, e.state, e.logoUrl ?? null, e.domain ?? null, e.showEmailDomain ?? false,
        JSON.stringify(e.acceptedDomains ?? (e.domain ? [e.domain] : [])), e.signedFormAction ?? null, e.pdfPaystubs ?? false,
        e.autoRequestIdentity ?? false, e.argyleEnabled ?? false, e.argyleSubscribeAlloc ?? false,
        e.defaultPaymentType ?? null, e.ddSetupType ?? null,
      ],
    );
  }
}
